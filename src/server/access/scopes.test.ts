import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyWorkspaceQuery, type WorkspaceQuery } from '@/lib/applications/query';
import { workspaceExport } from '../applications/export';
import { openCsvStream } from '../exports/csv-stream';
import { loadApplicationPage } from '../applications/application-page';
import { bulkApplications } from '../applications/bulk';
import { candidateEmailDeps } from '../applications/emails';
import { assignInterviewer, listAssignedApplications, unassignInterviewer } from '../applications/interviewers';
import { addNote, rateApplication } from '../applications/notes';
import { matchingApplicationIds, otherApplicationsOf, pageWorkspace } from '../applications/workspace';
import { applications, auditLog, pageViews } from '../db/schema';
import { loadInsights, readInsightsRequest } from '../insights/report';
import { listAdminPositions } from '../positions/manage';
import { addTeamMember, removeTeamMember } from '../positions/team';
import { startTestBackend, type TestBackend } from '../testing/backend';
import { addApplication, addPosition, addUser } from '../testing/fixtures';
import { isUuid } from '@/lib/ids';
import { reachApplication, reachApplicationWith } from './guard';
import { applicationsInScope, can, mayOnApplication, mayOnApplicationEach, type Permission, type Who } from './permissions';

/*
 * Who sees which records (issue 28), against a real PostgreSQL with another position's data
 * present: a hiring manager's lists, search, counts, sources, exports, reports and bulk changes
 * hold only their team's positions; an interviewer reaches only what they are assigned; leaving a
 * team or an assignment ends access at once; refusals are audited with the person's role.
 */

let backend: TestBackend;
let admin: Awaited<ReturnType<typeof addUser>>;
let recruiter: Awaited<ReturnType<typeof addUser>>;
let manager: Awaited<ReturnType<typeof addUser>>;
let interviewer: Awaited<ReturnType<typeof addUser>>;
let ids: { team: string; other: string; nina: string; ninaOther: string; omar: string; otto: string };
const query = (values: Partial<WorkspaceQuery> = {}): WorkspaceQuery => ({ ...emptyWorkspaceQuery, ...values });
const staff = (person: Awaited<ReturnType<typeof addUser>>) => ({ ...person, name: person.name });

beforeAll(async () => {
  backend = await startTestBackend();
  const { db } = backend.database;
  admin = await addUser(db, 'scope-admin', 'admin');
  recruiter = await addUser(db, 'scope-recruiter', 'recruiter');
  manager = await addUser(db, 'scope-manager', 'hiring_manager');
  interviewer = await addUser(db, 'scope-interviewer', 'interviewer');
  const team = await addPosition(db, { title: 'Scoped Team Role' });
  const other = await addPosition(db, { title: 'Scoped Other Role' });
  const when = new Date();
  ids = {
    team,
    other,
    // Nina applied to both positions: her other application is out of the manager's reach.
    nina: await addApplication(db, team, { fullName: 'Nina Kubernetes', email: 'nina@scope.test', source: 'linkedin', createdAt: when }),
    ninaOther: await addApplication(db, other, {
      fullName: 'Nina Kubernetes',
      email: 'nina@scope.test',
      source: 'indeed',
      createdAt: when,
    }),
    omar: await addApplication(db, team, { fullName: 'Omar Team', email: 'omar@scope.test', source: 'direct', createdAt: when }),
    otto: await addApplication(db, other, { fullName: 'Otto Outside', email: 'otto@scope.test', source: 'newsletter', createdAt: when }),
  };
  await addTeamMember(db, admin, team, manager.id);
  await assignInterviewer(db, admin, ids.omar, interviewer.id);
}, 60_000);

afterAll(async () => {
  await backend?.stop();
});

const names = (rows: { fullName: string }[]) => rows.map((row) => row.fullName).sort();

describe('a hiring manager', () => {
  it('lists, searches and counts only the positions of their team', async () => {
    const { db } = backend.database;
    const mine = await pageWorkspace(db, query({ q: '@scope.test' }), { who: manager, permission: 'applications.list' });
    expect(names(mine.rows)).toEqual(['Nina Kubernetes', 'Omar Team']);
    expect(mine).toMatchObject({ all: 2, total: 2, byStatus: { pending: 2 } });
    // The other position's applications are not counted as "applied once more".
    expect(mine.rows.find((row) => row.id === ids.nina)?.otherApplications).toBe(0);
    const everything = await pageWorkspace(db, query({ q: '@scope.test' }), { who: recruiter, permission: 'applications.list' });
    expect(everything).toMatchObject({ all: 4, total: 4 });
    expect(everything.rows.find((row) => row.id === ids.nina)?.otherApplications).toBe(1);
    // Filtering by the other position shows nothing, searching its applicant finds nothing.
    expect((await pageWorkspace(db, query({ position: ids.other }), { who: manager, permission: 'applications.list' })).all).toBe(0);
    expect((await pageWorkspace(db, query({ q: 'otto' }), { who: manager, permission: 'applications.list' })).rows).toEqual([]);
    expect(await otherApplicationsOf(db, ids.nina, { who: manager, permission: 'applications.history' })).toEqual([]);
    const positions = await listAdminPositions(db, manager);
    expect(positions.map((position) => position.title)).toEqual(['Scoped Team Role']);
  });

  it('exports only their team’s applications, whatever the filter asks', async () => {
    const { db } = backend.database;
    const reach = { who: manager, permission: 'applications.export' } as const;
    const exported = async (view: WorkspaceQuery) =>
      new Response(await openCsvStream(backend.database.exportPool, await workspaceExport(db, view, reach))).text();
    const csv = await exported(query({ q: '@scope.test' }));
    expect(csv).toContain('Omar Team');
    expect(csv).not.toContain('Otto Outside');
    expect((await exported(query({ position: ids.other }))).split('\r\n')).toEqual([
      'Name,Position,Email,Phone,Status,Applied,Source,Heard about us,Knock-out answer',
      '',
    ]);
    expect(await matchingApplicationIds(db, query({ q: 'otto' }), reach)).toEqual([]);
  });

  it('sees reports of their positions only, without the job board’s own views', async () => {
    const { db } = backend.database;
    const today = new Date().toISOString().slice(0, 10);
    await db.insert(pageViews).values([
      { positionId: null, day: today, views: 40 },
      { positionId: ids.team, day: today, views: 10 },
      { positionId: ids.other, day: today, views: 30 },
    ]);
    const report = await loadInsights(db, { periodDays: 30, positionId: null, today, who: manager });
    expect(report.summary).toMatchObject({ boardViews: null, positionViews: 10, applications: 2 });
    expect(report.positions.map((row) => row.title)).toEqual(['Scoped Team Role']);
    expect(report.sources.map((row) => row.source).sort()).toEqual(['direct', 'linkedin']);
    const all = await loadInsights(db, { periodDays: 30, positionId: null, today, who: recruiter });
    expect(all.summary).toMatchObject({ boardViews: 40, positionViews: 40, applications: 4 });
    // Asking for the other position gives their own positions' reports instead.
    const asked = await readInsightsRequest(db, new URLSearchParams(`position=${ids.other}`), manager);
    expect(asked.query.positionId).toBeNull();
    expect(asked.positions.map((position) => position.title)).toEqual(['Scoped Team Role']);
    const forced = await loadInsights(db, { periodDays: 30, positionId: ids.other, today, who: manager });
    expect(forced.summary).toMatchObject({ positionViews: 0, applications: 0 });
  });

  it('changes only what is theirs in a mixed bulk selection, and the refusal is audited with their role', async () => {
    const { db } = backend.database;
    const result = await bulkApplications(candidateEmailDeps(backend.runtime), manager, {
      target: { ids: [ids.omar, ids.otto] },
      action: { kind: 'status', status: 'reviewing', rejection: null },
    });
    expect(result).toEqual({ succeeded: 1, refused: 1, total: 2 });
    const statuses = await db.select({ id: applications.id, status: applications.status }).from(applications);
    expect(statuses.find((row) => row.id === ids.omar)?.status).toBe('reviewing');
    expect(statuses.find((row) => row.id === ids.otto)?.status).toBe('pending');
    const [denied] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'application.access_denied'), eq(auditLog.targetId, ids.otto)));
    expect(denied).toMatchObject({ actorUserId: manager.id, actorRole: 'hiring_manager', details: { permission: 'applications.decide' } });
  });

  it('gets nothing of another position’s application by its address, and the attempt is in the audit log', async () => {
    const { db } = backend.database;
    const url = new URL(`http://site.test/admin/applications/${ids.other}/${ids.otto}`);
    expect(await loadApplicationPage(db, staff(manager), url, ids.other, ids.otto)).toBeNull();
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, ids.otto), eq(auditLog.actorUserId, manager.id)));
    expect(entries.map((entry) => entry.action)).toContain('application.access_denied');
    expect(entries.map((entry) => entry.action)).not.toContain('application.viewed');
  });

  it('loses access the moment they leave the team', async () => {
    const { db } = backend.database;
    expect(await mayOnApplication(db, manager, 'applications.read', ids.nina)).toBe(true);
    await removeTeamMember(db, admin, ids.team, manager.id);
    expect(await mayOnApplication(db, manager, 'applications.read', ids.nina)).toBe(false);
    expect((await pageWorkspace(db, query(), { who: manager, permission: 'applications.list' })).all).toBe(0);
    await addTeamMember(db, admin, ids.team, manager.id);
  });
});

describe('an interviewer', () => {
  it('reaches only the application assigned to them, and only their own notes and rating', async () => {
    const { db } = backend.database;
    expect(await mayOnApplication(db, interviewer, 'applications.read', ids.omar)).toBe(true);
    expect(await mayOnApplication(db, interviewer, 'applications.read', ids.nina)).toBe(false);
    expect(await mayOnApplication(db, interviewer, 'applications.decide', ids.omar)).toBe(false);
    expect(await mayOnApplication(db, interviewer, 'applications.list', ids.omar)).toBe(false);
    expect((await listAssignedApplications(db, interviewer.id)).map((row) => row.fullName)).toEqual(['Omar Team']);
    await addNote(db, recruiter, ids.omar, 'Recruiter’s view: strong on Kubernetes');
    await addNote(db, interviewer, ids.omar, 'Interviewer’s own note');
    await rateApplication(db, recruiter, ids.omar, 2);
    await rateApplication(db, interviewer, ids.omar, 4);
    const url = new URL(`http://site.test/admin/applications/${ids.team}/${ids.omar}`);
    const page = await loadApplicationPage(db, staff(interviewer), url, ids.team, ids.omar);
    expect(page).not.toBeNull();
    expect(page!.notes!.map((note) => note.body)).toEqual(['Interviewer’s own note']);
    expect(page!.ratings!.map((rating) => rating.rating)).toEqual([4]);
    // Nothing of deciding or of the history: no templates, timeline, reads, list, other applications.
    expect(page).toMatchObject({ templates: null, timeline: null, reads: null, listHref: null, others: [] });
    expect(page!.may).toMatchObject({ review: true, decide: false, assign: false, history: false, allNotes: false, contact: false });
    // The resume and the answers, not the phone and the home address (issue 50).
    expect(page!.application).toMatchObject({ phone: null, address: null });
    expect(page!.resume).not.toBeUndefined();
    const [viewed] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'application.viewed'), eq(auditLog.actorUserId, interviewer.id)));
    expect(viewed?.actorRole).toBe('interviewer');
    // The recruiter sees both notes.
    const full = await loadApplicationPage(db, staff(recruiter), url, ids.team, ids.omar);
    expect(full!.notes!.map((note) => note.body)).toHaveLength(2);
    expect(full!.application.phone).toEqual(expect.any(String));
    expect(full!.application.address).toEqual(expect.any(String));
  });

  it('loses the application when unassigned, or when taken off the position’s team', async () => {
    const { db } = backend.database;
    await unassignInterviewer(db, admin, ids.omar, interviewer.id);
    expect(await reachApplication(db, interviewer, 'applications.read', ids.omar)).toBe(false);
    await addTeamMember(db, admin, ids.team, interviewer.id);
    await assignInterviewer(db, admin, ids.omar, interviewer.id);
    expect(await mayOnApplication(db, interviewer, 'applications.read', ids.omar)).toBe(true);
    await removeTeamMember(db, admin, ids.team, interviewer.id);
    expect(await mayOnApplication(db, interviewer, 'applications.read', ids.omar)).toBe(false);
  });

  it('cannot be assigned unless their role reviews applications', async () => {
    const { db } = backend.database;
    const editor = await addUser(db, 'scope-editor', 'editor');
    await expect(assignInterviewer(db, admin, ids.omar, editor.id)).rejects.toThrow(/can be assigned to interview/);
    await expect(addTeamMember(db, admin, ids.team, editor.id)).rejects.toThrow(/can be on a hiring team/);
  });
});

describe('what a person may do on one application, asked at once', () => {
  const asked = [
    'applications.read',
    'applications.review',
    'applications.notes',
    'applications.decide',
    'applications.assign',
    'applications.history',
    'applications.contact',
    'interviews.schedule',
    'offers.read',
    'users.manage',
  ] as const;

  it('answers each permission as the rule alone does, for every role, record and stranger id', async () => {
    const { db } = backend.database;
    // The rule alone: the application is found with the permission's reach in its WHERE.
    const alone = async (who: Who, permission: Permission, id: string) => {
      if (!isUuid(id) || !can(who, permission)) return false;
      const rows = await db
        .select({ id: applications.id })
        .from(applications)
        .where(sql`${applications.id} = ${id} and ${applicationsInScope(who, permission)}`);
      return rows.length === 1;
    };
    await addTeamMember(db, admin, ids.team, manager.id).catch(() => {});
    await assignInterviewer(db, admin, ids.omar, interviewer.id).catch(() => {});
    const targets = [ids.nina, ids.ninaOther, ids.omar, ids.otto, '00000000-0000-4000-8000-000000000000', 'not-an-id'];
    let granted = 0;
    for (const who of [admin, recruiter, manager, interviewer])
      for (const id of targets) {
        const answers = await mayOnApplicationEach(db, who, asked, id);
        for (const permission of asked) {
          expect(answers[permission], `${who.role} ${permission} ${id}`).toBe(await alone(who, permission, id));
          if (answers[permission]) granted += 1;
        }
      }
    // Both answers occur (a test of "false" everywhere would pass an empty query).
    expect(granted).toBeGreaterThan(20);
    expect(await mayOnApplicationEach(db, manager, asked, ids.otto)).toMatchObject({
      'applications.read': false,
      'applications.decide': false,
    });
    expect(await mayOnApplicationEach(db, manager, asked, ids.nina)).toMatchObject({ 'applications.read': true, 'users.manage': false });
  });

  it('refuses the page’s reach with an audit entry, and answers the rest when it is granted', async () => {
    const { db } = backend.database;
    expect(await reachApplicationWith(db, manager, 'applications.read', ids.otto, ['applications.decide'])).toBeNull();
    const granted = await reachApplicationWith(db, admin, 'applications.read', ids.otto, ['applications.decide', 'users.manage']);
    expect(granted).toMatchObject({ 'applications.read': true, 'applications.decide': true, 'users.manage': true });
  });
});
