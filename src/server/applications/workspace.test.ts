import { readFileSync } from 'node:fs';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyWorkspaceQuery, type WorkspaceQuery } from '@/lib/applications/query';
import { defaultTemplates } from '@/lib/applications/templates';
import { applicationEmails, applicationRejections, applications, auditLog } from '../db/schema';
import { SEND_EMAIL } from '../jobs/queue';
import { startTestBackend, type TestBackend } from '../testing/backend';
import { addApplication, addPosition, addUser, listAll, rejectionFor } from '../testing/fixtures';
import { loadApplicationPage } from './application-page';
import { bulkApplications } from './bulk';
import {
  cancelCandidateEmail,
  candidateEmailDeps,
  emailCandidate,
  emailRuleMessages,
  listTemplates,
  saveTemplate,
  scheduledCandidateEmails,
} from './emails';
import { addNote, deleteNote, editNote, listNotes, rateApplication, ratingSummary } from './notes';
import { setApplicationStatus } from './review';
import { applicationTimeline } from './timeline';
import {
  APPLICATIONS_PER_PAGE,
  matchingApplicationIds,
  neighbours,
  otherApplicationsOf,
  pageWorkspace,
  RANKED_MATCHES,
  scanFor,
} from './workspace';

/* The recruiter's workspace against a real PostgreSQL and the mail queue. */

let backend: TestBackend;
let ada: Awaited<ReturnType<typeof addUser>>;
let bob: { id: string; email: string };
const query = (values: Partial<WorkspaceQuery>): WorkspaceQuery => ({ ...emptyWorkspaceQuery, ...values });

beforeAll(async () => {
  backend = await startTestBackend();
  ada = await addUser(backend.database.db, 'ada', 'admin');
  bob = await addUser(backend.database.db, 'bob', 'admin');
}, 60_000);

afterAll(async () => {
  await backend?.stop();
});

async function queued(to: string) {
  const { rows } = await backend.database.pool.query<{ data: { subject: string; html: string; text: string; replyTo?: string } }>(
    `select data from pgboss.job where name = 'send-email' and data->>'to' = $1 order by created_on`,
    [to],
  );
  return rows.map((row) => row.data);
}

describe('the list', () => {
  it('searches names and e-mails across positions, filters, counts each status, sorts by rating, and marks repeat applicants', async () => {
    const { db } = backend.database;
    const data = await addPosition(db, { title: 'Workspace Data' });
    const cloud = await addPosition(db, { title: 'Workspace Cloud' });
    const day = (d: string) => new Date(`2026-11-${d}T18:00:00Z`);
    const nina1 = await addApplication(db, data, { fullName: 'Nina Search', email: 'nina@ws.test', createdAt: day('02') });
    const nina2 = await addApplication(db, cloud, {
      fullName: 'Nina Search',
      email: 'nina@ws.test',
      createdAt: day('05'),
      status: 'interview',
    });
    const omar = await addApplication(db, cloud, { fullName: 'Omar Other', email: 'omar@ws.test', createdAt: day('10') });
    const pia = await addApplication(db, data, { fullName: 'Pia Unrated', email: 'pia@ws.test', createdAt: day('20') });
    await rateApplication(db, ada, nina1, 2);
    await rateApplication(db, bob, nina1, 3);
    await rateApplication(db, ada, omar, 5);

    const titles = (rows: { fullName: string; positionTitle: string }[]) => rows.map((row) => `${row.fullName} / ${row.positionTitle}`);
    const nina = await pageWorkspace(db, query({ q: 'NINA@ws' }), listAll);
    expect(titles(nina.rows)).toEqual(['Nina Search / Workspace Cloud', 'Nina Search / Workspace Data']);
    expect(nina.rows.map((row) => row.otherApplications)).toEqual([1, 1]);
    expect(nina).toMatchObject({ all: 2, total: 2, byStatus: { pending: 1, interview: 1 } });
    expect((await pageWorkspace(db, query({ q: 'nina', status: 'interview' }), listAll)).rows.map((row) => row.id)).toEqual([nina2]);
    expect((await pageWorkspace(db, query({ q: '@ws.test', position: cloud }), listAll)).rows.map((row) => row.id)).toEqual([omar, nina2]);
    // Ratings: the average, a least average, the unrated, best first.
    const rated = await pageWorkspace(db, query({ q: '@ws.test', sort: 'rating' }), listAll);
    expect(rated.rows.map((row) => [row.fullName, row.averageRating, row.ratingCount])).toEqual([
      ['Omar Other', 5, 1],
      ['Nina Search', 2.5, 2],
      ['Pia Unrated', null, 0],
      ['Nina Search', null, 0],
    ]);
    expect((await pageWorkspace(db, query({ q: '@ws.test', rating: 3 }), listAll)).rows.map((row) => row.id)).toEqual([omar]);
    expect((await pageWorkspace(db, query({ q: '@ws.test', rating: 'unrated' }), listAll)).rows.map((row) => row.id)).toEqual([pia, nina2]);
    // Days applied, in the offices' time, both ends included.
    expect(
      (await pageWorkspace(db, query({ q: '@ws.test', from: '2026-11-05', to: '2026-11-10' }), listAll)).rows.map((row) => row.id),
    ).toEqual([omar, nina2]);
    // Previous and next in the view's order; the person's other applications.
    expect(await neighbours(db, query({ q: '@ws.test' }), listAll, omar)).toEqual({
      previous: { id: pia, positionId: data },
      next: { id: nina2, positionId: cloud },
    });
    expect((await otherApplicationsOf(db, nina1, listAll)).map((row) => row.id)).toEqual([nina2]);
  });
});

describe('previous and next', () => {
  it('follow the list in every order, past the ranked matches too, without numbering the whole view', async () => {
    const { db, pool } = backend.database;
    const positionId = await addPosition(db, { title: 'Keyset Engineer' });
    // One more than the ranked matches and the first after them; pairs of them applied at the same
    // moment (the order falls back to the id); the word three times in some cover letters, so
    // rank and age disagree; ratings on every seventh.
    const count = RANKED_MATCHES + 3;
    await pool.query(
      `insert into applications (position_id, full_name, email, phone, address, gender, cover_letter, created_at)
       select $1, 'Keyset Person ' || n, 'keyset-' || n || '@ks.test', '+15125550147', '100 Congress Ave', 'female',
              case when n % 4 = 0 then 'keyset keyset keyset rockets' else 'rockets' end, timestamptz '2026-01-01' + (n / 2) * interval '1 hour'
       from generate_series(1, $2::int) n`,
      [positionId, count],
    );
    await pool.query(
      `insert into application_ratings (application_id, reviewer_user_id, rating)
       select id, $2, 1 + abs(hashtext(id::text)) % 5 from applications where position_id = $1 and right(full_name, 1) in ('0', '7')`,
      [positionId, ada.id],
    );
    const rated = new Set(
      (
        await pool.query<{ id: string }>(
          `select application_id as id from application_ratings r join applications a on a.id = r.application_id where a.position_id = $1`,
          [positionId],
        )
      ).rows.map((row) => row.id),
    );
    for (const view of [
      query({ position: positionId }),
      query({ position: positionId, sort: 'rating' }),
      query({ position: positionId, q: 'keyset' }),
      query({ position: positionId, q: 'rockets', sort: 'rating' }),
      query({ position: positionId, q: 'keyset', status: 'pending' }),
    ]) {
      const order = await matchingApplicationIds(db, view, listAll);
      expect(order).toHaveLength(count);
      // A search finds its newest matches walking by time or collecting them from its indexes (matchScan): the same either way.
      for (const scan of view.q ? (['walk', 'collect'] as const) : [undefined]) {
        for (const index of [0, 1, 2, 250, RANKED_MATCHES - 2, RANKED_MATCHES - 1, RANKED_MATCHES, RANKED_MATCHES + 1, count - 1]) {
          const around = await neighbours(db, view, listAll, order[index]!, scan);
          expect([around.previous?.id ?? null, around.next?.id ?? null], `${JSON.stringify(view)} ${scan} at ${index}`).toEqual([
            order[index - 1] ?? null,
            order[index + 1] ?? null,
          ]);
        }
        const pages = [];
        for (let page = 1; page <= Math.ceil(count / APPLICATIONS_PER_PAGE); page += 1) {
          const { rows } = await pageWorkspace(db, { ...view, page }, listAll, { scan });
          pages.push(...rows.map((row) => row.id));
          // A later page's rows (their ids found first, then their columns) carry every column as the first page's do.
          for (const row of rows)
            expect(row, `${JSON.stringify(view)} page ${page}`).toMatchObject({
              positionTitle: 'Keyset Engineer',
              otherApplications: 0,
              ratingCount: rated.has(row.id) ? 1 : 0,
              averageRating: rated.has(row.id) ? expect.any(Number) : null,
            });
        }
        expect(pages, `${JSON.stringify(view)} ${scan}`).toEqual(order);
      }
    }
    // One outside the view has none.
    const other = await addApplication(db, await addPosition(db), { email: 'elsewhere@ks.test' });
    expect(await neighbours(db, query({ position: positionId }), listAll, other)).toEqual({ previous: null, next: null });
  }, 30_000);
});

describe('the scan of a search', () => {
  it('walks by time only where matches are many enough to find the newest soon, and where the table was never analysed', () => {
    // At 50,000 applications: 16,400 matches ("kubernetes") walked, 3,300 ("kubernetes python") collected.
    expect(scanFor(16_400, 50_000)).toBe('walk');
    expect(scanFor(3_300, 50_000)).toBe('collect');
    expect(scanFor(14_000, 50_000)).toBe('collect');
    // A small table is collected, whatever matches: collecting reads no document.
    expect(scanFor(3_000, 3_000)).toBe('collect');
    // Ten times the applications, a third matching: walked.
    expect(scanFor(166_000, 500_000)).toBe('walk');
    expect(scanFor(0, -1)).toBe('walk');
  });
});

describe('notes and ratings', () => {
  it('any admin adds a note; only its author edits or deletes it; notes are text', async () => {
    const { db } = backend.database;
    const applicationId = await addApplication(db, await addPosition(db), { email: 'notes@ws.test' });
    const noteId = await addNote(db, ada, applicationId, '<b>Strong</b> Kubernetes background.');
    await addNote(db, bob, applicationId, 'Agree.');
    await expect(editNote(db, bob, noteId, 'Hijacked')).rejects.toThrow('Only its author can change or delete a note.');
    await expect(deleteNote(db, bob, noteId)).rejects.toThrow('Only its author can change or delete a note.');
    await editNote(db, ada, noteId, '<b>Strong</b> Kubernetes background; references checked.');
    expect((await listNotes(db, applicationId)).map((note) => [note.authorEmail, note.body])).toEqual([
      ['ada@helixpoint.test', '<b>Strong</b> Kubernetes background; references checked.'],
      ['bob@helixpoint.test', 'Agree.'],
    ]);
    await deleteNote(db, ada, noteId);
    expect(await listNotes(db, applicationId)).toHaveLength(1);
    await expect(editNote(db, ada, noteId, 'x')).rejects.toThrow('This note no longer exists.');
  });

  it('keeps one rating per reviewer and averages them', async () => {
    const { db } = backend.database;
    const applicationId = await addApplication(db, await addPosition(db), { email: 'rating@ws.test' });
    await rateApplication(db, ada, applicationId, 5);
    await rateApplication(db, ada, applicationId, 4);
    await rateApplication(db, bob, applicationId, 1);
    expect(await ratingSummary(db, applicationId, ada.id)).toMatchObject({ average: 2.5, mine: 4 });
    expect((await ratingSummary(db, applicationId, ada.id)).ratings).toHaveLength(2);
  });

  it("keeps the list's totals equal to the ratings: changed, taken back, and given by two reviewers at once", async () => {
    const { db, pool } = backend.database;
    const applicationId = await addApplication(db, await addPosition(db), { email: 'totals@ws.test' });
    const totals = async () =>
      (
        await pool.query<{ rating_sum: number; rating_count: number; rank: number }>(
          'select rating_sum, rating_count, rank from application_rating_totals where application_id = $1',
          [applicationId],
        )
      ).rows[0];
    expect(await totals()).toEqual({ rating_sum: 0, rating_count: 0, rank: 0 });
    const carl = await addUser(db, 'carl-totals', 'admin');
    await rateApplication(db, ada, applicationId, 5);
    await rateApplication(db, ada, applicationId, 2);
    await rateApplication(db, carl, applicationId, 3);
    expect(await totals()).toEqual({ rating_sum: 5, rating_count: 2, rank: 2.5 });
    // A reviewer's account removed takes their rating with it.
    await pool.query('delete from users where id = $1', [carl.id]);
    expect(await totals()).toEqual({ rating_sum: 2, rating_count: 1, rank: 2 });

    // Two reviewers at once: the second waits for the first's totals and adds to them.
    const first = await pool.connect();
    const second = await pool.connect();
    try {
      const { rows } = await second.query<{ pid: number }>('select pg_backend_pid() as pid');
      await first.query('begin');
      await second.query('begin');
      await first.query('insert into application_ratings (application_id, reviewer_user_id, rating) values ($1, $2, 4)', [
        applicationId,
        bob.id,
      ]);
      const waiting = second.query('insert into application_ratings (application_id, reviewer_user_id, rating) values ($1, $2, 5)', [
        applicationId,
        (await addUser(db, 'dora-totals', 'admin')).id,
      ]);
      // Until PostgreSQL says the second is waiting on a lock (the first's row of totals).
      await expect
        .poll(
          async () =>
            (await pool.query('select wait_event_type from pg_stat_activity where pid = $1', [rows[0]!.pid])).rows[0]?.wait_event_type,
        )
        .toBe('Lock');
      await first.query('commit');
      await waiting;
      await second.query('commit');
    } finally {
      first.release();
      second.release();
    }
    expect(await totals()).toEqual({ rating_sum: 11, rating_count: 3, rank: 11 / 3 });
    const [row] = (await pageWorkspace(db, query({ q: 'totals@ws.test' }), listAll)).rows;
    expect([row!.averageRating, row!.ratingCount]).toEqual([11 / 3, 3]);

    // As the previous release left them: no totals at all; migration 0031 adds up the ratings so far.
    await pool.query('delete from application_rating_totals');
    const migration = readFileSync(new URL('../db/migrations/0031_rating_totals.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((statement) => statement.includes('FROM "applications" a'));
    await pool.query(backfill!);
    expect(await totals()).toEqual({ rating_sum: 11, rating_count: 3, rank: 11 / 3 });
    const { rows: missing } = await pool.query(
      'select id from applications where id not in (select application_id from application_rating_totals)',
    );
    expect(missing).toEqual([]);
  });
});

describe('e-mails to candidates', () => {
  it('fills the placeholders, escapes them in the HTML, replies to the sender, and records the e-mail as sent', async () => {
    const { db } = backend.database;
    const positionId = await addPosition(db, { title: 'Platform <Engineer>' });
    const applicationId = await addApplication(db, positionId, { fullName: '<img src=x onerror=alert(1)> Doe', email: 'xss@ws.test' });
    await emailCandidate(candidateEmailDeps(backend.runtime), ada, applicationId, {
      templateKey: 'interview',
      ...defaultTemplates.interview,
    });
    const [mail] = await queued('xss@ws.test');
    expect(mail!.subject).toBe('Interview invitation: Platform <Engineer> at Helixpoint');
    expect(mail!.text).toContain('Hello <img,');
    expect(mail!.text).toContain('ada Test\nHelixpoint');
    expect(mail!.html).not.toContain('<img src=x');
    expect(mail!.html).toContain('Hello &lt;img,');
    expect(mail!.html).toContain('Platform &lt;Engineer&gt;');
    expect(mail!.replyTo).toBe('ada@helixpoint.test');
    const events = await applicationTimeline(db, applicationId);
    expect(events.at(-1)).toMatchObject({
      kind: 'email',
      who: 'ada Test',
      subject: 'Interview invitation: Platform <Engineer> at Helixpoint',
    });
  });

  it('goes later when delayed, and can be cancelled until it goes (never sent); one sent at once cannot', async () => {
    const { db } = backend.database;
    const deps = candidateEmailDeps(backend.runtime);
    const applicationId = await addApplication(db, await addPosition(db), { email: 'later@ws.test', fullName: 'Lea Later' });
    const before = Date.now();
    await emailCandidate(deps, ada, applicationId, { templateKey: 'rejection', ...defaultTemplates.rejection, delayMinutes: 60 });
    const [scheduled] = await scheduledCandidateEmails(db, applicationId);
    expect(scheduled!.sendAt!.getTime()).toBeGreaterThanOrEqual(before + 60 * 60_000);
    const [row] = await db.select().from(applicationEmails).where(eq(applicationEmails.id, scheduled!.id));
    // Queued now, to be sent an hour from now: the mail queue holds it until then.
    const [job] = await backend.runtime.jobs.boss.findJobs(SEND_EMAIL, { id: row!.jobId! });
    expect(job).toMatchObject({ state: 'created', startAfter: row!.sendAt });
    expect((await queued('later@ws.test'))[0]!.text).toContain('Hello Lea,');
    expect((await applicationTimeline(db, applicationId)).at(-1)).toMatchObject({ kind: 'email', sendAt: row!.sendAt, cancelled: false });

    await cancelCandidateEmail(deps, bob, applicationId, scheduled!.id);
    expect((await backend.runtime.jobs.boss.findJobs(SEND_EMAIL, { id: row!.jobId! }))[0]!.state).toBe('cancelled');
    expect(await scheduledCandidateEmails(db, applicationId)).toEqual([]);
    expect((await applicationTimeline(db, applicationId)).at(-1)).toMatchObject({ kind: 'audit', action: 'application.email_cancelled' });
    expect((await applicationTimeline(db, applicationId)).find((item) => item.kind === 'email')).toMatchObject({ cancelled: true });
    // Twice is once.
    await cancelCandidateEmail(deps, bob, applicationId, scheduled!.id);

    // Sent at once, or already gone: too late to cancel; another application's e-mail is not found.
    await emailCandidate(deps, ada, applicationId, { templateKey: 'interview', ...defaultTemplates.interview });
    const [now] = await db
      .select()
      .from(applicationEmails)
      .where(and(eq(applicationEmails.applicationId, applicationId), isNull(applicationEmails.sendAt)));
    await expect(cancelCandidateEmail(deps, ada, applicationId, now!.id)).rejects.toThrow(emailRuleMessages.alreadySent);
    await emailCandidate(deps, ada, applicationId, { templateKey: 'offer', ...defaultTemplates.offer, delayMinutes: 240 });
    const [due] = await scheduledCandidateEmails(db, applicationId);
    // Its worker took it (it is on the wire): no longer cancellable, though its hour is not up.
    const [dueRow] = await db.select().from(applicationEmails).where(eq(applicationEmails.id, due!.id));
    await backend.database.pool.query(`update pgboss.job set state = 'active', started_on = now() where id = $1`, [dueRow!.jobId]);
    await expect(cancelCandidateEmail(deps, ada, applicationId, due!.id)).rejects.toThrow(emailRuleMessages.alreadySent);
    const other = await addApplication(db, await addPosition(db), { email: 'other-later@ws.test' });
    await expect(cancelCandidateEmail(deps, ada, other, due!.id)).rejects.toThrow(emailRuleMessages.gone);
  });

  it('keeps the templates admins edit, refusing unknown placeholders in the form schema', async () => {
    const { db } = backend.database;
    await saveTemplate(db, ada, { key: 'offer', subject: 'Welcome, {{first_name}}', body: 'Your offer for {{position_title}}.' });
    const templates = await listTemplates(db);
    expect(templates.map((template) => template.key)).toEqual(['received', 'interview', 'rejection', 'offer']);
    expect(templates.find((template) => template.key === 'offer')).toMatchObject({
      subject: 'Welcome, {{first_name}}',
      updatedByEmail: ada.email,
    });
    expect(templates.find((template) => template.key === 'received')!.subject).toBe(defaultTemplates.received.subject);
  });
});

describe('bulk actions', () => {
  it('change the status of every application a view shows, on all its pages, each audited and on its timeline', async () => {
    const { db } = backend.database;
    const positionId = await addPosition(db, { title: 'Bulk Role' });
    for (let i = 0; i < 120; i += 1) await addApplication(db, positionId, { email: `bulk${i}@ws.test` });
    const view = query({ position: positionId });
    expect((await pageWorkspace(db, view, listAll)).pages).toBe(3);
    const result = await bulkApplications(candidateEmailDeps(backend.runtime), ada, {
      target: { query: view },
      action: { kind: 'status', status: 'reviewing', rejection: null },
    });
    expect(result).toEqual({ succeeded: 120, refused: 0, total: 120 });
    expect((await pageWorkspace(db, view, listAll)).byStatus).toEqual({ reviewing: 120 });
    const ids = await matchingApplicationIds(db, view, listAll);
    const audited = await db.select().from(auditLog).where(eq(auditLog.action, 'application.status_changed'));
    expect(ids.every((id) => audited.some((entry) => entry.targetId === id))).toBe(true);
    expect((await applicationTimeline(db, ids[0]!)).at(-1)).toMatchObject({
      kind: 'audit',
      action: 'application.status_changed',
      details: { to: 'reviewing' },
    });
  });

  it('reject chosen applications and send each the rejection e-mail, counting what is gone', async () => {
    const { db } = backend.database;
    const positionId = await addPosition(db, { title: 'Reject Role' });
    const chosen = [];
    for (let i = 0; i < 3; i += 1)
      chosen.push(await addApplication(db, positionId, { email: `reject${i}@ws.test`, fullName: `Rita Reject${i}` }));
    const result = await bulkApplications(candidateEmailDeps(backend.runtime), ada, {
      target: { ids: [...chosen, '00000000-0000-4000-8000-000000000000'] },
      action: {
        kind: 'reject',
        rejection: await rejectionFor(db, 'Position filled'),
        email: { templateKey: 'rejection', ...defaultTemplates.rejection, delayMinutes: 0 },
      },
    });
    expect(result).toEqual({ succeeded: 3, refused: 0, total: 4 });
    for (let i = 0; i < 3; i += 1) {
      const [mail] = await queued(`reject${i}@ws.test`);
      expect(mail!.text).toContain('Hello Rita,');
      const [row] = await db.select().from(applications).where(eq(applications.id, chosen[i]!));
      expect(row).toMatchObject({ status: 'rejected', decidedAt: expect.any(Date) });
      // Each rejection keeps its reason and the status it was rejected from.
      expect(await db.select().from(applicationRejections).where(eq(applicationRejections.applicationId, chosen[i]!))).toEqual([
        expect.objectContaining({ reasonLabel: 'Position filled', fromStatus: 'pending', detail: null }),
      ]);
    }
  });
});

describe('the timeline', () => {
  it('tells what happened, oldest first, with who', async () => {
    const { db } = backend.database;
    const applicationId = await addApplication(db, await addPosition(db), { fullName: 'Tim Line', email: 'tim@ws.test' });
    await setApplicationStatus(db, ada, applicationId, 'reviewing');
    await addNote(db, bob, applicationId, 'Looks good.');
    await rateApplication(db, bob, applicationId, 4);
    await setApplicationStatus(db, ada, applicationId, 'interview');
    const events = await applicationTimeline(db, applicationId);
    expect(
      events.map((event) => [event.kind, event.who, event.kind === 'audit' ? event.action : event.kind === 'note' ? event.body : '']),
    ).toEqual([
      ['submitted', 'Tim Line', ''],
      ['audit', 'ada Test', 'application.status_changed'],
      ['note', 'bob Test', 'Looks good.'],
      ['audit', 'bob Test', 'application.rated'],
      ['audit', 'ada Test', 'application.status_changed'],
    ]);
  });
});

describe('an application page', () => {
  it('records the opening, and links previous and next in the list it was opened from, across positions', async () => {
    const { db } = backend.database;
    const first = await addPosition(db, { title: 'Page One' });
    const second = await addPosition(db, { title: 'Page Two' });
    const older = await addApplication(db, first, { email: 'page-a@ws.test', createdAt: new Date('2026-10-01T12:00:00Z') });
    const middle = await addApplication(db, second, { email: 'page-b@ws.test', createdAt: new Date('2026-10-02T12:00:00Z') });
    const newer = await addApplication(db, first, { email: 'page-c@ws.test', createdAt: new Date('2026-10-03T12:00:00Z') });
    const viewer = {
      ...ada,
      name: 'ada Test',
      username: 'ada',
      role: 'admin' as const,
      isStaff: true,
      sessionId: 'session',
      aal: 'aal2' as const,
      hasFactor: true,
    };
    const url = (list: string | null) =>
      new URL(`http://site.test/admin/applications/${second}/${middle}${list === null ? '' : `?list=${encodeURIComponent(list)}`}`);

    // Newest first (a search is otherwise in order of best match).
    const list = '?q=page-&sort=newest';
    const page = await loadApplicationPage(db, viewer, url(list), second, middle);
    expect(page).toMatchObject({
      listHref: `/admin/applications${list}`,
      previousHref: `/admin/applications/${first}/${newer}?list=${encodeURIComponent(list)}`,
      nextHref: `/admin/applications/${first}/${older}?list=${encodeURIComponent(list)}`,
      values: { first_name: 'Jane', position_title: 'Page Two', sender_name: 'ada Test' },
    });
    expect(page!.templates!.map((template) => template.key)).toEqual(['received', 'interview', 'rejection', 'offer']);
    // The first opening is among the reads the page lists (recorded before they are read).
    expect(page!.reads!.map((read) => [read.action, read.actorEmail])).toEqual([['application.viewed', ada.email]]);
    const opened = await db.select().from(auditLog).where(eq(auditLog.targetId, middle));
    expect(opened.map((entry) => [entry.action, entry.actorEmail])).toEqual([['application.viewed', ada.email]]);
    // Without a list: the position's own, where it is alone.
    expect(await loadApplicationPage(db, viewer, url(null), second, middle)).toMatchObject({ previousHref: null, nextHref: null });
    // An application under another position's address is not found.
    expect(await loadApplicationPage(db, viewer, url(null), first, middle)).toBeNull();
  });
});
