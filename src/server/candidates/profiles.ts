import { and, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { AdminRuleError, type Actor } from '../admin-command.ts';
import { applicationsInScope, can, type Who } from '../access/permissions.ts';
import { audit } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { applications, candidateMerges, candidates, positions } from '../db/schema.ts';
import { applicationTimeline, type TimelineEvent } from '../applications/timeline.ts';
import { isUuid } from '../../lib/ids.ts';
import { nearIdenticalNames, sameCity, type DuplicateReason } from '../../lib/candidates/duplicates.ts';
import { candidateMessages } from '../../lib/candidates/profile.ts';

/**
 * Candidate profiles (issue 33): one person across their applications. Applications with the same
 * e-mail are one candidate (the database decides, migration 0020); two candidates that are one
 * person are suggested here and merged only by a recruiter, who can undo it.
 */

/** The candidate of an application (for the link from its page). */
export async function candidateOf(db: Database, applicationId: string): Promise<string | null> {
  if (!isUuid(applicationId)) return null;
  const [row] = await db.select({ id: applications.candidateId }).from(applications).where(eq(applications.id, applicationId));
  return row?.id ?? null;
}

/** A candidate's applications the viewer may see (history: the profile is the applications' history), newest first. */
async function applicationsOf(db: Database, viewer: Who, candidateId: string) {
  return db
    .select({
      id: applications.id,
      positionId: applications.positionId,
      positionTitle: positions.title,
      fullName: applications.fullName,
      email: applications.email,
      phone: applications.phone,
      address: applications.address,
      linkedinProfile: applications.linkedinProfile,
      status: applications.status,
      createdAt: applications.createdAt,
      privacyNoticeVersion: applications.privacyNoticeVersion,
      privacyAcknowledgedAt: applications.privacyAcknowledgedAt,
      talentPoolConsentAt: applications.talentPoolConsentAt,
      talentPoolUntil: applications.talentPoolUntil,
    })
    .from(applications)
    .innerJoin(positions, eq(positions.id, applications.positionId))
    .where(and(eq(applications.candidateId, candidateId), applicationsInScope(viewer, 'applications.history')))
    .orderBy(desc(applications.createdAt));
}

export interface PossibleDuplicate {
  candidateId: string;
  fullName: string;
  emails: string[];
  applications: number;
  reasons: DuplicateReason[];
}

/**
 * Other candidates who may be this one: the same phone, the same LinkedIn profile, or a
 * near-identical name (found by trigram similarity, then checked letter by letter) in the same city.
 */
export async function possibleDuplicates(db: Database, candidateId: string): Promise<PossibleDuplicate[]> {
  const mine = await db
    .select({
      fullName: applications.fullName,
      phone: applications.phone,
      address: applications.address,
      linkedin: applications.linkedinProfile,
    })
    .from(applications)
    .where(eq(applications.candidateId, candidateId));
  if (mine.length === 0) return [];
  const phones = [...new Set(mine.map((row) => row.phone))];
  const profiles = [...new Set(mine.flatMap((row) => (row.linkedin ? [row.linkedin.toLowerCase()] : [])))];
  const names = [...new Set(mine.map((row) => row.fullName.toLowerCase()))];
  const linkedinKey = sql`lower(rtrim(regexp_replace(${applications.linkedinProfile}, '^https?://(www[.])?', ''), '/'))`;
  const profileKeys = profiles.map((profile) => profile.replace(/^https?:\/\/(www[.])?/, '').replace(/\/+$/, ''));
  const others = await db
    .select({
      candidateId: applications.candidateId,
      fullName: applications.fullName,
      email: applications.email,
      phone: applications.phone,
      address: applications.address,
      linkedinKey: sql<string | null>`${linkedinKey}`,
      createdAt: applications.createdAt,
    })
    .from(applications)
    .where(
      and(
        ne(applications.candidateId, candidateId),
        or(
          inArray(applications.phone, phones),
          profileKeys.length
            ? sql`${linkedinKey} in (${sql.join(
                profileKeys.map((key) => sql`${key}`),
                sql`, `,
              )})`
            : undefined,
          // The trigram index on lower(full_name) finds the similar names (pg_trgm's % operator).
          sql`lower(${applications.fullName}) % any (${sql`array[${sql.join(
            names.map((name) => sql`${name}`),
            sql`, `,
          )}]::text[]`})`,
        ),
      ),
    )
    .orderBy(desc(applications.createdAt))
    .limit(200);

  const found = new Map<string, PossibleDuplicate>();
  for (const other of others) {
    const reasons: DuplicateReason[] = [];
    if (phones.includes(other.phone)) reasons.push('phone');
    if (other.linkedinKey && profileKeys.includes(other.linkedinKey)) reasons.push('linkedin');
    if (mine.some((row) => nearIdenticalNames(row.fullName, other.fullName) && sameCity(row.address, other.address)))
      reasons.push('name-and-city');
    if (reasons.length === 0) continue;
    const entry = found.get(other.candidateId) ?? {
      candidateId: other.candidateId,
      fullName: other.fullName,
      emails: [],
      applications: 0,
      reasons: [],
    };
    if (!entry.emails.includes(other.email)) entry.emails.push(other.email);
    entry.applications += 1;
    for (const reason of reasons) if (!entry.reasons.includes(reason)) entry.reasons.push(reason);
    found.set(other.candidateId, entry);
  }
  return [...found.values()];
}

/** Merges that involve the candidate, newest first: what was merged into it, and into what it was merged. */
async function mergesOf(db: Database, candidateId: string) {
  const rows = await db
    .select()
    .from(candidateMerges)
    .where(or(eq(candidateMerges.keptCandidateId, candidateId), eq(candidateMerges.mergedCandidateId, candidateId)))
    .orderBy(desc(candidateMerges.mergedAt));
  // The other person's name: of the applications the merge moved when they came here (they sit
  // under this profile now), of the other candidate's applications when this one was merged there.
  const nameOf = async (merge: (typeof rows)[number]) =>
    (
      await db
        .select({ name: applications.fullName })
        .from(applications)
        .where(
          merge.keptCandidateId === candidateId && merge.applicationIds.length
            ? inArray(applications.id, merge.applicationIds)
            : eq(applications.candidateId, merge.keptCandidateId),
        )
        .limit(1)
    )[0]?.name ?? null;
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      direction: row.keptCandidateId === candidateId ? ('into-this' as const) : ('into-other' as const),
      otherCandidateId: row.keptCandidateId === candidateId ? row.mergedCandidateId : row.keptCandidateId,
      otherName: await nameOf(row),
      applications: row.applicationIds.length,
      mergedAt: row.mergedAt,
      mergedByEmail: row.mergedByEmail,
      undoneAt: row.undoneAt,
      undoneByEmail: row.undoneByEmail,
    })),
  );
}

export type ProfileTimelineEvent = TimelineEvent & { positionTitle: string };

/**
 * A candidate's profile as the viewer may see it: their applications (in the viewer's reach),
 * the consent they gave, the timeline across the applications, and for those who may merge, the
 * possible duplicates and the merges. Null when none of their applications is in reach.
 */
export async function loadCandidateProfile(db: Database, viewer: Who, candidateId: string) {
  if (!isUuid(candidateId)) return null;
  const rows = await applicationsOf(db, viewer, candidateId);
  if (rows.length === 0) {
    // Merged into another candidate: the profile is there now (when in reach).
    const [merged] = await db
      .select({ into: candidateMerges.keptCandidateId })
      .from(candidateMerges)
      .where(and(eq(candidateMerges.mergedCandidateId, candidateId), isNull(candidateMerges.undoneAt)))
      .orderBy(desc(candidateMerges.mergedAt))
      .limit(1);
    return merged ? ({ kind: 'merged', into: merged.into } as const) : null;
  }
  const latest = rows[0]!;
  const now = Date.now();
  const pool = rows.reduce<Date | null>(
    (until, row) => (row.talentPoolUntil && (!until || row.talentPoolUntil > until) ? row.talentPoolUntil : until),
    null,
  );
  const mayMerge = can(viewer, 'candidates.merge');
  const timelines = await Promise.all(
    rows.map(async (row) => (await applicationTimeline(db, row.id)).map((event) => ({ ...event, positionTitle: row.positionTitle }))),
  );
  return {
    kind: 'profile' as const,
    id: candidateId,
    fullName: latest.fullName,
    emails: [...new Set(rows.map((row) => row.email))],
    phones: [...new Set(rows.map((row) => row.phone))],
    applications: rows.map((row) => ({
      id: row.id,
      positionId: row.positionId,
      positionTitle: row.positionTitle,
      fullName: row.fullName,
      email: row.email,
      status: row.status,
      createdAt: row.createdAt,
      privacyNoticeVersion: row.privacyNoticeVersion,
      privacyAcknowledgedAt: row.privacyAcknowledgedAt,
    })),
    talentPool: pool ? { until: pool, current: pool.getTime() > now } : null,
    timeline: timelines.flat().sort((a, b) => a.at.getTime() - b.at.getTime()) as ProfileTimelineEvent[],
    mayMerge,
    duplicates: mayMerge ? await possibleDuplicates(db, candidateId) : [],
    merges: mayMerge ? await mergesOf(db, candidateId) : [],
  };
}

export type CandidateProfile = Extract<NonNullable<Awaited<ReturnType<typeof loadCandidateProfile>>>, { kind: 'profile' }>;

/**
 * Merges `mergedId` into `keptId`: every application of the one becomes the other's, recorded so
 * an undo moves exactly those back. Both must be candidates with applications; audited on both.
 */
export async function mergeCandidates(db: Database, actor: Actor, keptId: string, mergedId: string): Promise<{ mergeId: string }> {
  if (keptId === mergedId) throw new AdminRuleError(candidateMessages.mergeSelf);
  return db.transaction(async (tx) => {
    // Both rows locked: two recruiters merging the same people at once cannot cross their merges.
    const locked = await tx
      .select({ id: candidates.id })
      .from(candidates)
      .where(inArray(candidates.id, [keptId, mergedId]))
      .orderBy(candidates.id)
      .for('update');
    if (locked.length !== 2) throw new AdminRuleError(candidateMessages.gone);
    const moved = await tx
      .update(applications)
      .set({ candidateId: keptId })
      .where(eq(applications.candidateId, mergedId))
      .returning({ id: applications.id });
    if (moved.length === 0) throw new AdminRuleError(candidateMessages.gone);
    const [merge] = await tx
      .insert(candidateMerges)
      .values({
        keptCandidateId: keptId,
        mergedCandidateId: mergedId,
        applicationIds: moved.map((row) => row.id),
        mergedByUserId: actor.id,
        mergedByEmail: actor.email,
      })
      .returning({ id: candidateMerges.id });
    await audit(tx, actor, 'candidate.merged', keptId, { merged: mergedId, applications: moved.length });
    return { mergeId: merge!.id };
  });
}

/**
 * Undoes a merge: the applications it moved go back to the candidate they came from, with those
 * sent since from the same addresses (they joined the merged profile by address). Once only.
 */
export async function undoMerge(db: Database, actor: Actor, mergeId: string): Promise<{ candidateId: string }> {
  if (!isUuid(mergeId)) throw new AdminRuleError(candidateMessages.mergeGone);
  return db.transaction(async (tx) => {
    const [merge] = await tx.select().from(candidateMerges).where(eq(candidateMerges.id, mergeId)).for('update');
    if (!merge) throw new AdminRuleError(candidateMessages.mergeGone);
    if (merge.undoneAt) throw new AdminRuleError(candidateMessages.alreadyUndone);
    const recorded = merge.applicationIds;
    const emails = recorded.length
      ? (await tx.selectDistinct({ email: applications.email }).from(applications).where(inArray(applications.id, recorded))).map(
          (row) => row.email,
        )
      : [];
    const back = await tx
      .update(applications)
      .set({ candidateId: merge.mergedCandidateId })
      .where(
        or(
          recorded.length ? inArray(applications.id, recorded) : undefined,
          emails.length
            ? and(
                eq(applications.candidateId, merge.keptCandidateId),
                inArray(applications.email, emails),
                sql`${applications.createdAt} > ${merge.mergedAt}`,
              )
            : undefined,
        ) ?? sql`false`,
      )
      .returning({ id: applications.id });
    await tx.update(candidateMerges).set({ undoneAt: new Date(), undoneByEmail: actor.email }).where(eq(candidateMerges.id, mergeId));
    await audit(tx, actor, 'candidate.merge_undone', merge.keptCandidateId, { merged: merge.mergedCandidateId, applications: back.length });
    return { candidateId: merge.mergedCandidateId };
  });
}
