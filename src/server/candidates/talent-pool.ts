import { timingSafeEqual } from 'node:crypto';
import { renewalToken, renewalUrl } from './renewal-token.ts';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { AdminRuleError, type Actor } from '../admin-command.ts';
import { audit } from '../audit/log.ts';
import { withTransaction, type Database } from '../db/client.ts';
import { isUniqueViolation } from '../public-form.ts';
import { applications, talentPoolInvitations } from '../db/schema.ts';
import { getOpenPosition } from '../positions/board.ts';
import type { Jobs } from '../jobs/queue.ts';
import { candidateMessage, talentPoolRenewal } from '../mail/templates.ts';
import { matchesSearch, phraseOf, relevance, searching } from '../applications/workspace.ts';
import { searchSnippets } from '../applications/search-snippets.ts';
import { candidateActor } from './withdraw.ts';
import { poolMessages, type InviteInput } from '../../lib/candidates/talent-pool.ts';
import { addMonths } from '../../lib/applications/normalize.ts';
import { fillPlaceholders, placeholderValuesFor } from '../../lib/applications/templates.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageCount } from '../../lib/list-query.ts';
import { siteConfig } from '../../lib/site-config.ts';
import type pg from 'pg';

/**
 * The talent pool (issue 33): the candidates whose consent to be kept still holds, searched with
 * the workspace's search over the applications they agreed to keep; invitations to apply; the
 * renewal asked a month before a consent ends, and the one-click renewal (or leaving) it links to.
 * An ended consent leaves the pool by itself: every query here asks for one that holds now.
 */

export const POOL_PER_PAGE = 50;
export const TALENT_POOL_RENEWALS = 'talent-pool-renewals';

export interface PoolQuery {
  q: string | null;
  /** The position to invite for: who applied or was invited already is marked. */
  positionId: string | null;
  page: number;
}

export async function pageTalentPool(db: Database, query: PoolQuery, now = new Date()) {
  const matches = query.q ? matchesSearch(query.q, await phraseOf(db, query.q)) : sql`true`;
  const rank = query.q ? sql`max(${relevance(query.q)})` : sql`0`;
  const pool = db
    .select({
      candidateId: applications.candidateId,
      until: sql<Date>`max(${applications.talentPoolUntil})`.as('until'),
      rank: sql<number>`${rank}`.as('rank'),
      latest: sql<Date>`max(${applications.createdAt})`.as('latest'),
    })
    .from(applications)
    .where(and(gt(applications.talentPoolUntil, now), matches))
    .groupBy(applications.candidateId)
    .as('pool');
  const positionId = query.positionId && isUuid(query.positionId) ? query.positionId : null;
  // As the workspace's search (decision 046): the indexes, never a scan reading every document.
  const [rows, [counted]] = await Promise.all([
    searching(db, query.q, (db) =>
      db
        .select({
          candidateId: pool.candidateId,
          until: pool.until,
          applicationId: sql<string>`latest.id`,
          fullName: sql<string>`latest.full_name`,
          email: sql<string>`latest.email`,
          positionTitle: sql<string>`latest.position_title`,
          appliedAt: sql<Date>`latest.created_at`,
          applied: positionId
            ? sql<boolean>`exists (select 1 from applications x where x.candidate_id = ${pool.candidateId} and x.position_id = ${positionId})`
            : sql<boolean>`false`,
          invitedAt: positionId
            ? sql<Date | null>`(select i.sent_at from talent_pool_invitations i where i.candidate_id = ${pool.candidateId} and i.position_id = ${positionId})`
            : sql<Date | null>`null`,
        })
        .from(pool)
        .innerJoin(
          sql`lateral (select a.id, a.full_name, a.email, a.created_at, p.title as position_title from applications a join positions p on p.id = a.position_id
          where a.candidate_id = ${pool.candidateId} and a.talent_pool_until > ${now} order by a.created_at desc limit 1) as latest`,
          sql`true`,
        )
        .orderBy(sql`${pool.rank} desc`, sql`${pool.latest} desc`)
        .limit(POOL_PER_PAGE)
        .offset((query.page - 1) * POOL_PER_PAGE),
    ),
    searching(db, query.q, (db) => db.select({ total: sql<number>`count(*)::int` }).from(pool)),
  ]);
  const snippets = query.q
    ? await searchSnippets(
        db,
        rows.map((row) => row.applicationId),
        query.q,
      )
    : new Map();
  const total = counted?.total ?? 0;
  return {
    // Values of raw SQL come as the driver reads them (text for timestamps): made dates here.
    rows: rows.map((row) => ({
      ...row,
      until: new Date(row.until),
      appliedAt: new Date(row.appliedAt),
      invitedAt: row.invitedAt ? new Date(row.invitedAt) : null,
      snippet: snippets.get(row.applicationId) ?? null,
    })),
    total,
    pages: pageCount(total, POOL_PER_PAGE),
  };
}

export interface PoolDeps {
  db: Database;
  pool: pg.Pool;
  jobs: Pick<Jobs, 'enqueueEmail'>;
  siteUrl: string;
}

/**
 * Invites a candidate of the pool to apply for an open position: the invitation's text with its
 * placeholders filled, sent to the address of their latest kept application, replies to the
 * recruiter; once per candidate and position; audited.
 */
export async function inviteToApply(deps: PoolDeps, actor: Actor & { name?: string }, input: InviteInput, now = new Date()): Promise<void> {
  const position = await getOpenPosition(deps.db, input.positionId, now);
  if (!position) throw new AdminRuleError(poolMessages.positionClosed);
  const [kept] = await deps.db
    .select({ id: applications.id, fullName: applications.fullName, email: applications.email })
    .from(applications)
    .where(and(eq(applications.candidateId, input.candidateId), gt(applications.talentPoolUntil, now)))
    .orderBy(sql`${applications.createdAt} desc`)
    .limit(1);
  if (!kept) throw new AdminRuleError(poolMessages.notInPool);
  const [applied] = await deps.db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.candidateId, input.candidateId), eq(applications.positionId, position.id)));
  if (applied) throw new AdminRuleError(poolMessages.alreadyApplied);

  const link = new URL(`/careers/apply/${position.id}`, deps.siteUrl);
  link.searchParams.set('utm_source', 'talent-pool');
  // The candidate e-mails' placeholders, and the position's link.
  const values = {
    ...placeholderValuesFor({ fullName: kept.fullName, positionTitle: position.title }, actor.name ?? siteConfig.name, siteConfig.name),
    position_link: link.href,
  };
  try {
    await withTransaction(deps.pool, async (tx) => {
      await tx.db.insert(talentPoolInvitations).values({
        candidateId: input.candidateId,
        positionId: position.id,
        sentByUserId: actor.id,
        sentByEmail: actor.email,
      });
      const mail = candidateMessage({
        subject: fillPlaceholders(input.subject, values),
        body: fillPlaceholders(input.body, values),
      });
      // Not yet an application's thread: the answer goes to the recruiter who invited them.
      await deps.jobs.enqueueEmail({ to: kept.email, ...mail, replyTo: actor.email }, { db: tx });
      await audit(tx.db, actor, 'candidate.invited', input.candidateId, { positionId: position.id, position: position.title });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'talent_pool_invitations_once_idx')) throw new AdminRuleError(poolMessages.alreadyInvited);
    throw error;
  }
}

export { renewalUrl };

/** The application a renewal token stands for, while its consent holds; null for any other token. */
export async function applicationOfRenewal(db: Database, secret: string, token: unknown, now = new Date()) {
  if (typeof token !== 'string' || token.length > 200) return null;
  const [id, mac] = token.split('.');
  if (!id || !mac || !isUuid(id)) return null;
  const [row] = await db
    .select({ id: applications.id, candidateId: applications.candidateId, email: applications.email, until: applications.talentPoolUntil })
    .from(applications)
    .where(eq(applications.id, id));
  if (!row?.until || row.until <= now) return null;
  const expected = Buffer.from(renewalToken(secret, row.id, row.until));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? row : null;
}

/**
 * The candidate keeps their place for another period: every application of theirs whose consent
 * holds is kept until `months` from now. Null when the link no longer works.
 */
export async function renewConsent(db: Database, secret: string, token: unknown, months: number, now = new Date()): Promise<Date | null> {
  const application = await applicationOfRenewal(db, secret, token, now);
  if (!application) return null;
  const until = addMonths(now, months);
  await db.transaction(async (tx) => {
    await tx
      .update(applications)
      .set({ talentPoolConsentAt: now, talentPoolUntil: until, talentPoolRenewalAskedAt: null })
      .where(and(eq(applications.candidateId, application.candidateId), gt(applications.talentPoolUntil, now)));
    await audit(tx, candidateActor(application.email), 'candidate.talent_pool_renewed', application.candidateId, {
      until: until.toISOString(),
    });
  });
  return until;
}

/** The candidate leaves the pool: no application of theirs is kept for other positions any more. */
export async function leaveTalentPool(db: Database, secret: string, token: unknown, now = new Date()): Promise<boolean> {
  const application = await applicationOfRenewal(db, secret, token, now);
  if (!application) return false;
  await db.transaction(async (tx) => {
    await tx
      .update(applications)
      .set({ talentPoolConsentAt: null, talentPoolUntil: null, talentPoolRenewalAskedAt: null })
      .where(and(eq(applications.candidateId, application.candidateId), isNotNull(applications.talentPoolUntil)));
    await audit(tx, candidateActor(application.email), 'candidate.talent_pool_left', application.candidateId);
  });
  return true;
}

export interface RenewalDeps {
  db: Database;
  pool: pg.Pool;
  jobs: Pick<Jobs, 'enqueueEmail'>;
  siteUrl: string;
  secret: string;
}

/**
 * Asks each candidate whose consent ends within a month, once, to renew it: the e-mail goes to
 * the address of the application whose consent ends last (one e-mail per person), marked asked.
 */
export async function askForRenewals(deps: RenewalDeps, now = new Date()): Promise<number> {
  const soon = addMonths(now, 1);
  const due = await deps.db.execute<{ id: string; email: string; full_name: string; until: Date }>(sql`
    select id, email, full_name, talent_pool_until as until from (
      select distinct on (candidate_id) id, email, full_name, talent_pool_until, talent_pool_renewal_asked_at
      from applications where talent_pool_until > ${now}
      order by candidate_id, talent_pool_until desc, created_at desc
    ) as latest
    where talent_pool_until <= ${soon} and talent_pool_renewal_asked_at is null
    limit 500`);
  for (const row of due.rows) {
    const until = new Date(row.until);
    await withTransaction(deps.pool, async (tx) => {
      // Marked in the transaction that queues the e-mail: a job run twice asks once.
      const marked = await tx.db
        .update(applications)
        .set({ talentPoolRenewalAskedAt: now })
        .where(and(eq(applications.id, row.id), sql`${applications.talentPoolRenewalAskedAt} is null`))
        .returning({ id: applications.id });
      if (marked.length === 0) return;
      const mail = talentPoolRenewal({ name: row.full_name, until, url: renewalUrl(deps.siteUrl, deps.secret, row.id, until) });
      await deps.jobs.enqueueEmail({ to: row.email, ...mail }, { db: tx });
    });
  }
  return due.rows.length;
}
