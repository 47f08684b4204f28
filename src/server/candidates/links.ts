import { createHash } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod/mini';
import type { Database } from '../db/client.ts';
import { withTransaction } from '../db/client.ts';
import { applicationLinks, applications, positions, users } from '../db/schema.ts';
import { spendMailBudget } from '../mail/budget.ts';
import { applicationLinksMail } from '../mail/templates.ts';
import { admitPublicForm, type PublicFormDeps } from '../public-form.ts';
import { newSecretToken } from '../secret-tokens.ts';
import { textField } from '../../lib/forms.ts';
import { honeypotField } from '../../lib/honeypot.ts';
import type { ApplicationStatus } from '../../lib/applications/status.ts';

/**
 * The candidate's personal link to their application (issue 19): 32 random bytes, of which only
 * the SHA-256 is stored, so the table alone opens nothing. A link lives until a newer one is
 * issued for the same application (or the application is gone); it is never logged (the request
 * log writes /applications/:token, src/server/http/log-path.ts).
 */

export const APPLICATION_PATH = '/applications';

/** A token as issued: 43 base64url characters. Anything else is not looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const applicationLinkUrl = (siteUrl: string, token: string) => `${siteUrl}${APPLICATION_PATH}/${token}`;

type Writer = Pick<Database, 'insert' | 'update'>;

/**
 * A new link for an application, in the caller's transaction. By default the earlier links stop
 * working (the e-mailed "new link" replaces the old one); a link opened from the signed-in account
 * leaves the e-mailed one alone.
 */
export async function issueApplicationLink(
  tx: Writer,
  applicationId: string,
  { revokeEarlier = true, now = new Date() }: { revokeEarlier?: boolean; now?: Date } = {},
): Promise<string> {
  if (revokeEarlier)
    await tx
      .update(applicationLinks)
      .set({ revokedAt: now })
      .where(and(eq(applicationLinks.applicationId, applicationId), isNull(applicationLinks.revokedAt)));
  const token = newSecretToken();
  await tx.insert(applicationLinks).values({ applicationId, tokenHash: hashLinkToken(token), createdAt: now });
  return token;
}

/** What the candidate's page needs of an application: never notes, ratings or the status's name on screen. */
export interface CandidateApplication {
  id: string;
  email: string;
  fullName: string;
  positionTitle: string;
  appliedAt: Date;
  status: ApplicationStatus;
}

const applicationColumns = {
  id: applications.id,
  email: applications.email,
  fullName: applications.fullName,
  positionTitle: positions.title,
  appliedAt: applications.createdAt,
  status: applications.status,
};

/** The application a token opens; null for a malformed, unknown or revoked token (the page answers 404). */
export async function findApplicationByToken(db: Pick<Database, 'select'>, token: string): Promise<CandidateApplication | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select(applicationColumns)
    .from(applicationLinks)
    .innerJoin(applications, eq(applications.id, applicationLinks.applicationId))
    .innerJoin(positions, eq(positions.id, applications.positionId))
    .where(and(eq(applicationLinks.tokenHash, hashLinkToken(token)), isNull(applicationLinks.revokedAt)));
  return (row as CandidateApplication | undefined) ?? null;
}

/** The applications of a signed-in user whose address is verified; none for an unverified one. */
export async function applicationsOfUser(db: Database, userId: string): Promise<CandidateApplication[] | null> {
  const [user] = await db.select({ email: users.email, verified: users.emailVerified }).from(users).where(eq(users.id, userId));
  if (!user?.verified) return null;
  const rows = await db
    .select(applicationColumns)
    .from(applications)
    .innerJoin(positions, eq(positions.id, applications.positionId))
    .where(eq(applications.email, user.email.toLowerCase()))
    .orderBy(asc(applications.createdAt));
  return rows as CandidateApplication[];
}

/** A fresh link to one of the signed-in user's own applications (the account page's "Open"); null if it is not theirs. */
export async function linkForUser(db: Database, userId: string, applicationId: string): Promise<string | null> {
  const own = await applicationsOfUser(db, userId);
  if (!own?.some((application) => application.id === applicationId)) return null;
  return issueApplicationLink(db, applicationId, { revokeEarlier: false });
}

export const linkRequestSchema = z.object({
  email: textField(z.trim(), z.toLowerCase(), z.email('Enter a valid e-mail address.'), z.maxLength(254)),
  ...honeypotField,
});

export type LinkRequestResult =
  | { kind: 'sent' }
  | { kind: 'invalid'; fieldErrors: Partial<Record<'email' | 'form', string>> }
  | { kind: 'rate-limited'; retryAfterSeconds: number };

/**
 * "E-mail me my links": a new link for every application of the address, in one e-mail, the old
 * links revoked. The answer is the same whether or not the address applied (and when the address
 * has had its share of e-mails this hour), so the form tells no one who applied.
 */
export async function requestApplicationLinks(deps: PublicFormDeps, input: unknown, clientKey: string): Promise<LinkRequestResult> {
  const admission = await admitPublicForm(deps, linkRequestSchema, input, 'applicationLinks', clientKey);
  if (admission.kind === 'honeypot') return { kind: 'sent' };
  if (admission.kind !== 'admitted') return admission;
  const email = admission.form.email;

  const rows = await deps.db
    .select({ id: applications.id, positionTitle: positions.title })
    .from(applications)
    .innerJoin(positions, eq(positions.id, applications.positionId))
    .where(eq(applications.email, email))
    .orderBy(asc(applications.createdAt));
  if (rows.length === 0) return { kind: 'sent' };
  const perAddress = await deps.rateLimits.consume('applicationLinksAddress', email);
  if (!perAddress.allowed) {
    deps.log({}, 'application links not sent: address limit reached');
    return { kind: 'sent' };
  }
  if (!(await spendMailBudget(deps.rateLimits, email, 'application-links'))) {
    deps.log({}, 'application links not sent: mail budget spent');
    return { kind: 'sent' };
  }
  await withTransaction(deps.pool, async (tx) => {
    const links = [];
    for (const row of rows) {
      const token = await issueApplicationLink(tx.db, row.id);
      links.push({ positionTitle: row.positionTitle, url: applicationLinkUrl(deps.siteUrl, token) });
    }
    await deps.jobs.enqueueEmail({ to: email, ...applicationLinksMail({ links }) }, { db: tx });
  });
  deps.log({ applications: rows.length }, 'application links sent');
  return { kind: 'sent' };
}
