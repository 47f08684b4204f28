import { createHash, createHmac, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import { z } from 'zod/mini';
import type { Database } from '../db/client.ts';
import { withTransaction } from '../db/client.ts';
import { applicationLinks, applications, positions, users } from '../db/schema.ts';
import { spendMailBudget } from '../mail/budget.ts';
import { applicationLinksMail } from '../mail/templates.ts';
import { afterResponse, type ResponseHooks } from '../after-response.ts';
import { admitPublicForm, type PublicFormDeps } from '../public-form.ts';
import { newSecretToken } from '../secret-tokens.ts';
import { textField } from '../../lib/forms.ts';
import { honeypotField } from '../../lib/honeypot.ts';
import type { ApplicationStatus } from '../../lib/applications/status.ts';

/**
 * The candidate's personal link to their application (issue 19): 32 random bytes, of which only
 * the SHA-256 is stored, so the table alone opens nothing; it is never logged (the request log
 * writes /applications/:token, src/server/http/log-path.ts). A link works for 90 days (issue 25).
 * A link sent on request ("e-mail me my links", applying again) ends the earlier links of its
 * application when it is first opened, not when it is sent: nobody who merely knows an address can
 * void the links of its owner. The signed-in owner's links (the account page's "Open") are derived
 * from AUTH_SECRET and the row, so one row serves every click until it expires.
 */

export const APPLICATION_PATH = '/applications';

/** A token as issued: 43 base64url characters. Anything else is not looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** How long a link works. "E-mail me my links" gives fresh ones. */
export const LINK_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;
const linkExpiry = (now: Date) => new Date(now.getTime() + LINK_DAYS * DAY_MS);

export const applicationLinkUrl = (siteUrl: string, token: string) => `${siteUrl}${APPLICATION_PATH}/${token}`;

type Writer = Pick<Database, 'insert'>;

/**
 * A new link for an application, in the caller's transaction: with the application itself
 * ("confirmation"), or sent on request ("request": it ends the earlier links once first opened).
 */
export async function issueApplicationLink(
  tx: Writer,
  applicationId: string,
  { origin = 'confirmation', now = new Date() }: { origin?: 'confirmation' | 'request'; now?: Date } = {},
): Promise<string> {
  const token = newSecretToken();
  await tx
    .insert(applicationLinks)
    .values({ applicationId, tokenHash: hashLinkToken(token), origin, createdAt: now, expiresAt: linkExpiry(now) });
  return token;
}

/** The token of a signed-in owner's link row: derived, so it need not be stored to be handed out again. */
const accountLinkToken = (secret: string, linkId: string) =>
  createHmac('sha256', secret).update(`application-link:${linkId}`).digest('base64url');

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

/** The application a token opens; null for a malformed, unknown, expired or revoked token (the page answers 404). */
export async function findApplicationByToken(
  db: Pick<Database, 'select'>,
  token: string,
  now = new Date(),
): Promise<CandidateApplication | null> {
  return (await findLink(db, token, now))?.application ?? null;
}

async function findLink(db: Pick<Database, 'select'>, token: string, now: Date) {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({
      application: applicationColumns,
      linkId: applicationLinks.id,
      origin: applicationLinks.origin,
      createdAt: applicationLinks.createdAt,
      firstOpenedAt: applicationLinks.firstOpenedAt,
    })
    .from(applicationLinks)
    .innerJoin(applications, eq(applications.id, applicationLinks.applicationId))
    .innerJoin(positions, eq(positions.id, applications.positionId))
    .where(
      and(eq(applicationLinks.tokenHash, hashLinkToken(token)), isNull(applicationLinks.revokedAt), gt(applicationLinks.expiresAt, now)),
    );
  return row ? { ...row, application: row.application as CandidateApplication } : null;
}

/**
 * The application a link opens, as its page is shown: the first time a link sent on request is
 * opened, the earlier links of its application stop working (its holder has the mailbox, so they
 * are the owner's to replace).
 */
export async function openApplicationLink(db: Database, token: string, now = new Date()): Promise<CandidateApplication | null> {
  const link = await findLink(db, token, now);
  if (!link) return null;
  if (!link.firstOpenedAt) {
    await db.transaction(async (tx) => {
      const [first] = await tx
        .update(applicationLinks)
        .set({ firstOpenedAt: now })
        .where(and(eq(applicationLinks.id, link.linkId), isNull(applicationLinks.firstOpenedAt)))
        .returning({ id: applicationLinks.id });
      if (first && link.origin === 'request')
        await tx
          .update(applicationLinks)
          .set({ revokedAt: now })
          .where(
            and(
              eq(applicationLinks.applicationId, link.application.id),
              ne(applicationLinks.id, link.linkId),
              lt(applicationLinks.createdAt, link.createdAt),
              isNull(applicationLinks.revokedAt),
            ),
          );
    });
  }
  return link.application;
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

/**
 * A link to one of the signed-in user's own applications (the account page's "Open"); null if it is
 * not theirs. The newest of their links that is still good for a day is handed out again rather
 * than a row added per click; the e-mailed links are left alone.
 */
export async function linkForUser(
  db: Database,
  secret: string,
  userId: string,
  applicationId: string,
  now = new Date(),
): Promise<string | null> {
  const own = await applicationsOfUser(db, userId);
  if (!own?.some((application) => application.id === applicationId)) return null;
  const [reusable] = await db
    .select({ id: applicationLinks.id })
    .from(applicationLinks)
    .where(
      and(
        eq(applicationLinks.applicationId, applicationId),
        eq(applicationLinks.origin, 'account'),
        isNull(applicationLinks.revokedAt),
        gt(applicationLinks.expiresAt, new Date(now.getTime() + DAY_MS)),
      ),
    )
    .orderBy(desc(applicationLinks.createdAt))
    .limit(1);
  if (reusable) return accountLinkToken(secret, reusable.id);
  const id = randomUUID();
  const token = accountLinkToken(secret, id);
  await db
    .insert(applicationLinks)
    .values({ id, applicationId, tokenHash: hashLinkToken(token), origin: 'account', createdAt: now, expiresAt: linkExpiry(now) });
  return token;
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
 * "E-mail me my links": a new link for every application of the address, in one e-mail. The answer
 * is the same, and as quick, whether or not the address applied (and when the address has had its
 * share of e-mails this hour): everything that depends on the address happens after it, so the
 * form tells no one who applied. The earlier links stop working once a new one is opened.
 */
export async function requestApplicationLinks(
  deps: PublicFormDeps,
  input: unknown,
  clientKey: string,
  hooks?: ResponseHooks,
): Promise<LinkRequestResult> {
  const admission = await admitPublicForm(deps, linkRequestSchema, input, 'applicationLinks', clientKey);
  if (admission.kind === 'honeypot') return { kind: 'sent' };
  if (admission.kind !== 'admitted') return admission;
  const email = admission.form.email;
  afterResponse(
    () => sendApplicationLinks(deps, email),
    (error) => deps.log({ err: { message: (error as Error).message } }, 'application links not sent'),
    hooks,
  );
  return { kind: 'sent' };
}

async function sendApplicationLinks(deps: PublicFormDeps, email: string): Promise<void> {
  const rows = await deps.db
    .select({ id: applications.id, positionTitle: positions.title })
    .from(applications)
    .innerJoin(positions, eq(positions.id, applications.positionId))
    .where(eq(applications.email, email))
    .orderBy(asc(applications.createdAt));
  if (rows.length === 0) return;
  const perAddress = await deps.rateLimits.consume('applicationLinksAddress', email);
  if (!perAddress.allowed) {
    deps.log({}, 'application links not sent: address limit reached');
    return;
  }
  if (!(await spendMailBudget(deps.rateLimits, email, 'application-links'))) {
    deps.log({}, 'application links not sent: mail budget spent');
    return;
  }
  await withTransaction(deps.pool, async (tx) => {
    const links = [];
    for (const row of rows) {
      const token = await issueApplicationLink(tx.db, row.id, { origin: 'request' });
      links.push({ positionTitle: row.positionTitle, url: applicationLinkUrl(deps.siteUrl, token) });
    }
    await deps.jobs.enqueueEmail({ to: email, ...applicationLinksMail({ links }) }, { db: tx });
  });
  deps.log({ applications: rows.length }, 'application links sent');
}
