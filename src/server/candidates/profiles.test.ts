import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateMessages } from '@/lib/candidates/profile';
import { listAuditLog } from '../audit/log';
import { otherApplicationsOf } from '../applications/workspace';
import { applications, candidateMerges, candidates, hiringTeamMembers } from '../db/schema';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { addApplication, addPosition, addUser, listAll } from '../testing/fixtures';
import { candidateOf, loadCandidateProfile, mergeCandidates, possibleDuplicates, undoMerge } from './profiles';

/* Candidate profiles (issue 33) against a real PostgreSQL: one person across applications, duplicates suggested, merged and undone. */

let database: TestDatabase;
let ada: Awaited<ReturnType<typeof addUser>>;

beforeAll(async () => {
  database = await startTestDatabase();
  ada = await addUser(database.db, 'ada', 'recruiter');
}, 60_000);

afterAll(async () => {
  await database?.destroy();
});

const candidateIdOf = async (applicationId: string) => (await candidateOf(database.db, applicationId))!;

describe('a candidate', () => {
  it('is every application with the same e-mail; another address is another candidate', async () => {
    const { db } = database;
    const [one, two] = [await addPosition(db), await addPosition(db)];
    const first = await addApplication(db, one, { email: 'same@person.test' });
    const second = await addApplication(db, two, { email: 'same@person.test' });
    const other = await addApplication(db, one, { email: 'other@person.test' });
    expect(await candidateIdOf(first)).toBe(await candidateIdOf(second));
    expect(await candidateIdOf(other)).not.toBe(await candidateIdOf(first));
  });

  it('is one candidate when a new address applies to two positions at the same moment', async () => {
    const { db } = database;
    const positions = await Promise.all(Array.from({ length: 6 }, () => addPosition(db)));
    const ids = await Promise.all(positions.map((position) => addApplication(db, position, { email: 'race@person.test' })));
    expect(new Set(await Promise.all(ids.map(candidateIdOf))).size).toBe(1);
  });

  it('goes with their last application, unless a merge that can be undone holds it', async () => {
    const { db } = database;
    const position = await addPosition(db);
    const id = await addApplication(db, position, { email: 'gone@person.test' });
    const candidateId = await candidateIdOf(id);
    await db.delete(applications).where(eq(applications.id, id));
    expect(await db.select().from(candidates).where(eq(candidates.id, candidateId))).toEqual([]);
  });
});

describe('possible duplicates', () => {
  it('are suggested by phone, LinkedIn profile, or a near-identical name in the same city; never merged by themselves', async () => {
    const { db } = database;
    const position = await addPosition(db);
    const base = await addApplication(db, position, {
      fullName: 'Katherine Jonson',
      email: 'kathy@dup.test',
      phone: '+15125550100',
      address: '1 Main St, Springfield, IL 62701',
      linkedinProfile: 'https://www.linkedin.com/in/kjonson',
    });
    const byPhone = await addApplication(db, position, { fullName: 'K. J.', email: 'kj@dup.test', phone: '+15125550100' });
    const byProfile = await addApplication(db, position, {
      fullName: 'Kat J',
      email: 'kat@dup.test',
      phone: '+15125550101',
      linkedinProfile: 'https://www.linkedin.com/in/kjonson',
    });
    const byName = await addApplication(db, position, {
      fullName: 'Katharine Johnson',
      email: 'katharine@dup.test',
      phone: '+15125550102',
      address: '9 Elm Rd, Springfield, IL',
    });
    // A similar name elsewhere, and somebody else entirely: not suggested.
    await addApplication(db, position, {
      fullName: 'Katharine Johnson',
      email: 'far@dup.test',
      phone: '+15125550103',
      address: '2 Oak, Denver, CO',
    });
    await addApplication(db, position, { fullName: 'Marcus Aurelius', email: 'marcus@dup.test', phone: '+15125550104' });

    const found = await possibleDuplicates(db, await candidateIdOf(base));
    const byCandidate = Object.fromEntries(found.map((duplicate) => [duplicate.candidateId, duplicate.reasons]));
    expect(byCandidate).toEqual({
      [await candidateIdOf(byPhone)]: ['phone'],
      [await candidateIdOf(byProfile)]: ['linkedin'],
      [await candidateIdOf(byName)]: ['name-and-city'],
    });
    // Suggested only.
    expect(new Set(await Promise.all([base, byPhone, byProfile, byName].map(candidateIdOf))).size).toBe(4);
  });
});

describe('merging', () => {
  it('puts both people’s applications in one profile, audited; the other profile leads there; undo puts back exactly those, and later ones by address', async () => {
    const { db } = database;
    const [one, two, three] = [
      await addPosition(db, { title: 'Merge One' }),
      await addPosition(db, { title: 'Merge Two' }),
      await addPosition(db),
    ];
    const kept = await addApplication(db, one, { fullName: 'Noor Haddad', email: 'noor@merge.test' });
    const merged = await addApplication(db, two, { fullName: 'Noor Haddad', email: 'noor.haddad@old.test' });
    const [keptId, mergedId] = [await candidateIdOf(kept), await candidateIdOf(merged)];

    await expect(mergeCandidates(db, ada, keptId, keptId)).rejects.toThrow(candidateMessages.mergeSelf);
    const { mergeId } = await mergeCandidates(db, ada, keptId, mergedId);
    expect(await candidateIdOf(merged)).toBe(keptId);
    // The merged candidate stays (empty) while the merge can be undone.
    expect(await db.select().from(candidates).where(eq(candidates.id, mergedId))).toHaveLength(1);
    expect((await otherApplicationsOf(db, kept, listAll)).map((row) => row.id)).toEqual([merged]);
    expect(await loadCandidateProfile(db, ada, mergedId)).toEqual({ kind: 'merged', into: keptId });
    const profile = await loadCandidateProfile(db, ada, keptId);
    expect(profile).toMatchObject({ kind: 'profile', emails: ['noor.haddad@old.test', 'noor@merge.test'] });
    if (profile?.kind !== 'profile') throw new Error('no profile');
    expect(profile.applications.map((application) => application.positionTitle)).toEqual(['Merge Two', 'Merge One']);
    expect(profile.timeline.map((event) => [event.kind, event.positionTitle])).toEqual([
      ['submitted', 'Merge One'],
      ['submitted', 'Merge Two'],
    ]);
    expect(profile.merges).toMatchObject([
      { id: mergeId, direction: 'into-this', otherName: 'Noor Haddad', applications: 1, undoneAt: null },
    ]);
    expect((await listAuditLog(db, 1))[0]).toMatchObject({ action: 'candidate.merged', targetId: keptId, actorEmail: ada.email });

    // A new application from the merged address joins the merged profile; the undo takes it back too.
    const later = await addApplication(db, three, { fullName: 'Noor Haddad', email: 'noor.haddad@old.test' });
    expect(await candidateIdOf(later)).toBe(keptId);
    expect(await undoMerge(db, ada, mergeId)).toEqual({ candidateId: mergedId });
    expect(await candidateIdOf(merged)).toBe(mergedId);
    expect(await candidateIdOf(later)).toBe(mergedId);
    expect(await candidateIdOf(kept)).toBe(keptId);
    await expect(undoMerge(db, ada, mergeId)).rejects.toThrow(candidateMessages.alreadyUndone);
    const [record] = await db.select().from(candidateMerges).where(eq(candidateMerges.id, mergeId));
    expect(record).toMatchObject({ undoneByEmail: ada.email });
    expect((await listAuditLog(db, 1))[0]).toMatchObject({ action: 'candidate.merge_undone', targetId: keptId });
  });

  it('refuses a candidate that is gone, changing nothing', async () => {
    const { db } = database;
    const id = await addApplication(db, await addPosition(db), { email: 'alone@merge.test' });
    const candidateId = await candidateIdOf(id);
    await expect(mergeCandidates(db, ada, candidateId, '00000000-0000-4000-8000-000000000000')).rejects.toThrow(candidateMessages.gone);
    expect(await db.select().from(candidateMerges).where(eq(candidateMerges.keptCandidateId, candidateId))).toEqual([]);
    await expect(undoMerge(db, ada, '00000000-0000-4000-8000-000000000000')).rejects.toThrow(candidateMessages.mergeGone);
  });
});

describe('a profile', () => {
  it('shows a hiring manager only the applications on their positions, without duplicates or merges; nothing when none is theirs', async () => {
    const { db } = database;
    const manager = await addUser(db, 'hank', 'hiring_manager');
    const theirs = await addPosition(db, { title: 'Their Position' });
    const notTheirs = await addPosition(db, { title: 'Not Theirs' });
    await db.insert(hiringTeamMembers).values({ positionId: theirs, userId: manager.id, addedByEmail: ada.email });
    const visible = await addApplication(db, theirs, { email: 'scoped@profile.test' });
    await addApplication(db, notTheirs, { email: 'scoped@profile.test' });
    const elsewhere = await addApplication(db, notTheirs, { email: 'elsewhere@profile.test' });

    const profile = await loadCandidateProfile(db, manager, await candidateIdOf(visible));
    expect(profile).toMatchObject({ kind: 'profile', mayMerge: false, duplicates: [], merges: [] });
    if (profile?.kind !== 'profile') throw new Error('no profile');
    expect(profile.applications.map((application) => application.positionTitle)).toEqual(['Their Position']);
    expect(await loadCandidateProfile(db, manager, await candidateIdOf(elsewhere))).toBeNull();
    expect(await loadCandidateProfile(db, ada, 'not-a-uuid')).toBeNull();
  });

  it('tells the talent pool consent: until when, or that it ended', async () => {
    const { db } = database;
    const position = await addPosition(db);
    const day = 86_400_000;
    const current = await addApplication(db, position, {
      email: 'pool@profile.test',
      talentPoolConsentAt: new Date(Date.now() - day),
      talentPoolUntil: new Date(Date.now() + 30 * day),
    });
    const ended = await addApplication(db, position, {
      email: 'ended@profile.test',
      talentPoolConsentAt: new Date(Date.now() - 400 * day),
      talentPoolUntil: new Date(Date.now() - day),
    });
    expect(await loadCandidateProfile(db, ada, await candidateIdOf(current))).toMatchObject({ talentPool: { current: true } });
    expect(await loadCandidateProfile(db, ada, await candidateIdOf(ended))).toMatchObject({ talentPool: { current: false } });
  });
});
