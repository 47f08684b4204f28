import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTemplates } from '@/lib/applications/templates';
import { candidateEmailDeps, emailCandidate } from '../applications/emails';
import { addNote, rateApplication } from '../applications/notes';
import { setApplicationStatus } from '../applications/review';
import { applicationDeps, submitApplication } from '../applications/submit';
import { listAuditLog } from '../audit/log';
import {
  applicationRejections,
  applications,
  auditLog,
  invitations,
  jobAlerts,
  resumeTexts,
  scorecards,
  talentPoolInvitations,
  users,
} from '../db/schema';
import { unsealMail } from '../mail/sealed';
import { contactDeps, submitContactMessage } from '../messages/submit';
import { setMessageRead } from '../messages/inbox';
import { startTestBackend, TEST_SECRET, type TestBackend } from '../testing/backend';
import { addPosition, addUser } from '../testing/fixtures';
import { fileForDownload } from '../uploads/download';
import { receiveUpload, uploadDeps } from '../uploads/receive';
import { personReference } from './pseudonym';
import { bookMeeting, meetingTimes } from '../scheduling/bookings';
import { erasePerson, exportPerson, findPersonData, setLegalHold, type PrivacyDeps } from './requests';

/* A person's request about their data, against a real PostgreSQL, storage and queue. */

let backend: TestBackend;
let deps: PrivacyDeps;
let positionId: string;
let ip = 0;
const organizer = { name: 'Helixpoint', email: 'hello@helixpoint.test' };
const admin = { id: 'privacy-admin', email: 'privacy.admin@helixpoint.test' };

beforeAll(async () => {
  backend = await startTestBackend({ mail: { hiringEmail: 'hiring@helixpoint.test', contactEmail: 'inbox@helixpoint.test' } });
  deps = { db: backend.database.db, storage: backend.storage, jobs: backend.jobs, secret: TEST_SECRET, organizer };
  await addUser(backend.database.db, admin.id, 'admin');
  positionId = await addPosition(backend.database.db, { title: 'Data Engineer' });
}, 60_000);

afterAll(async () => {
  await backend?.stop();
});

/** A file whose content names the person, as a real resume would. */
async function upload(purpose: 'resume' | 'contact-attachment', content: string) {
  const result = await receiveUpload(uploadDeps(backend.runtime), {
    purpose,
    headers: new Headers({ 'x-file-name': purpose === 'resume' ? 'cv.pdf' : 'notes.txt' }),
    body: Readable.toWeb(
      Readable.from([Buffer.from(purpose === 'resume' ? `%PDF-1.7\n${content}\n%%EOF` : content)]),
    ) as ReadableStream<Uint8Array>,
    clientKey: `198.51.100.${++ip}`,
  });
  return (result.body as { id: string }).id;
}

/** A person who applied (with a resume), wrote in (with a file), and has an account. */
async function seedPerson(first: string, last: string, email: string, position = positionId) {
  const name = `${first} ${last}`;
  const applied = await submitApplication(
    applicationDeps(backend.runtime),
    {
      first_name: first,
      last_name: last,
      email,
      country_code: '+44',
      phone: '07400 123456',
      address: `1 ${last} Street, London`,
      gender: 'female',
      linkedin_profile: '',
      github_profile: '',
      vercel_profile: '',
      cover_letter: `I am ${name}.`,
      resume_upload_id: await upload('resume', `Resume of ${name}, ${email}`),
      position_id: position,
      privacy_acknowledged: true,
      company_website: '',
    },
    `203.0.113.${++ip}`,
  );
  const wrote = await submitContactMessage(
    contactDeps(backend.runtime),
    {
      first_name: first,
      last_name: last,
      email,
      phone: '',
      reason: 'support',
      message: `Hello from ${name}`,
      attachment_upload_id: await upload('contact-attachment', `Notes by ${name} <${email}>`),
      company_website: '',
    },
    `203.0.113.${++ip}`,
  );
  if (applied.kind !== 'submitted' || wrote.kind !== 'sent') throw new Error(`not seeded: ${applied.kind} ${wrote.kind}`);
  const userId = `user-${first.toLowerCase()}`;
  await backend.database.db
    .insert(users)
    .values({ id: userId, name, email, username: first.toLowerCase(), firstName: first, lastName: last, emailVerified: true });
  // What admins did with it: in the audit log.
  await setApplicationStatus(backend.database.db, admin, applied.applicationId, 'reviewing');
  await fileForDownload(backend.database.db, admin, 'resume', applied.applicationId);
  await setMessageRead(backend.database.db, admin, wrote.messageId, true);
  // What reviewers wrote about them and sent them.
  await addNote(backend.database.db, admin, applied.applicationId, `${first} knows the data stack well.`);
  await rateApplication(backend.database.db, admin, applied.applicationId, 4);
  // Why it was once rejected (issue 32): theirs to see in the export, never on their page.
  await backend.database.db.insert(applicationRejections).values({
    applicationId: applied.applicationId,
    reasonLabel: 'Experience',
    detail: `${first} asked for a senior role`,
    fromStatus: 'reviewing',
  });
  // The text read from the resume for the search (issue 33).
  await backend.database.db.insert(resumeTexts).values({
    applicationId: applied.applicationId,
    text: `Resume of ${first} ${last}: Kubernetes`,
    extractorVersion: 1,
    durationMs: 5,
  });
  // Invited from the talent pool (issue 33).
  const [person] = await backend.database.db
    .select({ candidateId: applications.candidateId })
    .from(applications)
    .where(eq(applications.id, applied.applicationId));
  await backend.database.db
    .insert(talentPoolInvitations)
    .values({ candidateId: person!.candidateId, positionId: position, sentByEmail: admin.email });
  // A submitted scorecard (its author's account since deleted: the name stays).
  await backend.database.db.insert(scorecards).values({
    applicationId: applied.applicationId,
    authorUserId: null,
    authorName: 'Iris Interviewer',
    stageId: 'screening',
    stageName: 'Screening call',
    answers: [{ attributeId: 'communication', name: 'Communication', levels: ['a', 'b', 'c', 'd'], score: 3, evidence: '' }],
    takeaways: `${first} explains clearly.`,
    recommendation: 'yes',
    status: 'submitted',
    submittedAt: new Date(),
  });
  await emailCandidate(candidateEmailDeps(backend.runtime), admin, applied.applicationId, {
    templateKey: 'interview',
    ...defaultTemplates.interview,
  });
  // An invitation to the same address (an admin asked them to join).
  await backend.database.db.insert(invitations).values({
    email,
    role: 'user',
    tokenHash: `hash-${first.toLowerCase()}`,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { applicationId: applied.applicationId, messageId: wrote.messageId, userId };
}

/** Every row of every table (ours and the queue's) whose text matches `pattern` (case-insensitive). */
async function rowsMatching(pattern: RegExp) {
  const { rows: tables } = await backend.database.pool.query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE'`,
  );
  const found: string[] = [];
  for (const table of tables) {
    const { rows } = await backend.database.pool.query<{ row: string }>(`select t::text as row from "${table.schema}"."${table.name}" t`);
    for (const { row } of rows) if (pattern.test(row)) found.push(`${table.schema}.${table.name}: ${row.slice(0, 160)}`);
  }
  return found;
}

/** Every stored file whose content contains `needle`. */
async function filesContaining(needle: string) {
  const keys = [
    ...(await backend.storage.listOlderThan('resumes/', new Date(Date.now() + 60_000))),
    ...(await backend.storage.listOlderThan('attachments/', new Date(Date.now() + 60_000))),
  ];
  const found: string[] = [];
  for (const key of keys) {
    const { body } = await backend.storage.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    if (Buffer.concat(chunks).toString('utf8').toLowerCase().includes(needle.toLowerCase())) found.push(key);
  }
  return found;
}

describe('a privacy request', () => {
  it('finds and exports everything held about the address, and nothing of a similar one', async () => {
    const ada = await seedPerson('Ada', 'Lovelace', 'ada.lovelace@mail.test');
    await seedPerson('Bada', 'Byron', 'bada.lovelace@mail.test');
    await seedPerson('Adam', 'Babbage', 'ada.lovelace@mail.test.uk');
    await backend.database.db.insert(jobAlerts).values({
      email: 'ada.lovelace@mail.test',
      location: 'Austin, TX',
      confirmTokenHash: 'a'.repeat(64),
      unsubscribeTokenHash: 'b'.repeat(64),
    });

    const found = await findPersonData(backend.database.db, ' ADA.Lovelace@mail.test ');
    expect(found.jobAlerts).toEqual([expect.objectContaining({ location: 'Austin, TX', departmentId: null, confirmedAt: null })]);
    expect(found.applications.map((row) => row.application.id)).toEqual([ada.applicationId]);
    expect(found.messages.map((row) => row.message.id)).toEqual([ada.messageId]);
    expect(found.account?.id).toBe(ada.userId);
    expect(found.files.map((file) => file.kind).sort()).toEqual(['attachment', 'resume']);
    expect(found.auditEntries.map((entry) => entry.action).sort()).toEqual([
      'application.email_sent',
      'application.note_added',
      'application.rated',
      'application.resume_downloaded',
      'application.status_changed',
      'message.marked_read',
    ]);

    const zip = unzipSync(new Uint8Array(await new Response(await exportPerson(deps, admin, 'ada.lovelace@mail.test')).arrayBuffer()));
    const data = JSON.parse(strFromU8(zip['data.json']!));
    // The alert's filter, not its tokens.
    expect(data.jobAlerts).toEqual([expect.objectContaining({ location: 'Austin, TX' })]);
    expect(JSON.stringify(data.jobAlerts)).not.toMatch(/aaaaaaaa|bbbbbbbb/);
    expect(data).toMatchObject({
      email: 'ada.lovelace@mail.test',
      account: { id: ada.userId, name: 'Ada Lovelace' },
      applications: [
        {
          id: ada.applicationId,
          positionTitle: 'Data Engineer',
          fullName: 'Ada Lovelace',
          privacyNoticeVersion: expect.any(String),
          reviewersNotes: [{ body: 'Ada knows the data stack well.', createdAt: expect.any(String) }],
          ratings: [{ rating: 4, ratedAt: expect.any(String) }],
          emailsSent: [{ subject: 'Interview invitation: Data Engineer at Helixpoint', body: expect.stringContaining('Hello Ada,') }],
          scorecards: [{ stage: 'Screening call', takeaways: 'Ada explains clearly.', recommendation: 'yes', amendedAt: null }],
          rejections: [{ reason: 'Experience', detail: 'Ada asked for a senior role', fromStatus: 'reviewing' }],
          resumeText: { text: 'Resume of Ada Lovelace: Kubernetes', noTextReason: null, extractedAt: expect.any(String) },
        },
      ],
      messages: [{ id: ada.messageId, message: 'Hello from Ada Lovelace' }],
      talentPoolInvitations: [{ position: 'Data Engineer', sentAt: expect.any(String) }],
    });
    expect(data.auditEntries).toHaveLength(6);
    const files = Object.keys(zip).filter((name) => name.startsWith('files/'));
    expect(files).toHaveLength(2);
    expect(strFromU8(zip[files.find((name) => name.includes('resume'))!]!)).toContain('Resume of Ada Lovelace');
    const everything = Object.values(zip)
      .map((bytes) => strFromU8(bytes))
      .join('\n');
    expect(everything).not.toContain('Byron');
    expect(everything).not.toContain('Babbage');
    expect(everything).not.toContain('bada.lovelace');
    expect(everything).not.toContain('mail.test.uk');
    // The export itself is audited, under a reference that is not the address.
    expect((await listAuditLog(backend.database.db, 1))[0]).toMatchObject({
      action: 'person.exported',
      targetType: 'person',
      targetId: personReference(TEST_SECRET, 'ada.lovelace@mail.test'),
      details: { applications: 1, messages: 1, files: 2 },
    });
  });

  it('erases the person: no row, file or queued mail with their address or name is left, and the audit log keeps a pseudonym', async () => {
    const grace = await seedPerson('Grace', 'Hopper', 'grace.hopper@mail.test');
    await seedPerson('Gracie', 'Fields', 'grace.hopper@mail.test.uk');
    // A job alert of hers goes too (it names nothing but the address and a filter).
    await backend.database.db.insert(jobAlerts).values({
      email: 'grace.hopper@mail.test',
      location: 'Remote',
      confirmTokenHash: 'c'.repeat(64),
      unsubscribeTokenHash: 'u'.repeat(64),
    });
    // The address exactly (not the similar one ending in .uk), and the name.
    const address = /grace\.hopper@mail\.test(?!\.uk)/i;
    const name = /Grace Hopper/i;
    expect(await rowsMatching(address)).not.toEqual([]);
    expect(await filesContaining('Grace Hopper')).toHaveLength(2);

    // A meeting she booked: in her export, cancelled for its host (METHOD:CANCEL, without her) before it goes.
    const now = new Date();
    const [time] = await meetingTimes(backend.database.db, now);
    const { hostIds } = await bookMeeting(
      backend.database.db,
      { name: 'Grace Hopper', email: 'grace.hopper@mail.test', timeZone: 'America/New_York' },
      time!.start,
      now,
    );
    expect((await findPersonData(backend.database.db, 'grace.hopper@mail.test')).bookings).toHaveLength(1);

    const result = await erasePerson(deps, admin, 'Grace.Hopper@mail.test');
    expect(result).toMatchObject({ applications: 1, messages: 1, files: 2, account: 'deleted', held: [] });
    const [host] = await backend.database.db.select().from(users).where(eq(users.id, hostIds[0]!));
    const { rows: cancellations } = await backend.database.pool.query<{ data: { calendar?: { method: string; content: string } } }>(
      `select data from pgboss.job where name = 'send-email' and data->>'to' = $1 and data->'calendar'->>'method' = 'CANCEL'`,
      [host!.email],
    );
    expect(cancellations).toHaveLength(1);
    expect(cancellations[0]!.data.calendar!.content).toMatch(/METHOD:CANCEL/);

    // The similar address is another person: everything of theirs is still there.
    expect(await rowsMatching(address)).toEqual([]);
    expect(await rowsMatching(name)).toEqual([]);
    expect(await rowsMatching(/Gracie Fields/)).not.toEqual([]);
    expect(await filesContaining('Grace Hopper')).toEqual([]);
    expect(await filesContaining('Gracie Fields')).toHaveLength(2);
    expect(await backend.database.db.select().from(users).where(eq(users.id, grace.userId))).toEqual([]);

    // What was done to their data stays in the audit log, without them.
    const reference = personReference(TEST_SECRET, 'grace.hopper@mail.test');
    const [erased] = await backend.database.db.select().from(auditLog).where(eq(auditLog.targetId, reference));
    expect(erased).toMatchObject({
      action: 'person.erased',
      targetType: 'person',
      details: { applications: 1, messages: 1, account: 'deleted' },
    });
    const history = await backend.database.db.select().from(auditLog).where(eq(auditLog.targetId, grace.applicationId));
    expect(history.map((entry) => entry.action).sort()).toEqual([
      'application.email_sent',
      'application.note_added',
      'application.rated',
      'application.resume_downloaded',
      'application.status_changed',
    ]);

    // They are told, by an e-mail whose queued form holds neither their address nor its text.
    const { rows } = await backend.database.pool.query<{ data: { sealed?: string } }>(
      `select data from pgboss.job where name = 'send-email' and data ? 'sealed' order by created_on desc limit 1`,
    );
    const mail = unsealMail(TEST_SECRET, rows[0]!.data as { sealed: string });
    expect(mail).toMatchObject({ to: 'grace.hopper@mail.test', subject: 'Your data at Helixpoint has been erased' });
  });

  it('keeps and lists applications on legal hold', async () => {
    const otherPosition = await addPosition(backend.database.db, { title: 'Security Engineer' });
    const first = await seedPerson('Hedy', 'Lamarr', 'hedy.lamarr@mail.test');
    const second = await seedPerson('Hedy', 'Lamarr', 'hedy.lamarr@mail.test', otherPosition).catch(() => null);
    expect(second).toBeNull(); // the account's username is taken: one account per person; the second application suffices below
    await setLegalHold(backend.database.db, admin, first.applicationId, 'Tribunal claim 118');
    const result = await erasePerson(deps, admin, 'hedy.lamarr@mail.test');
    expect(result.held).toEqual([{ id: first.applicationId, positionTitle: 'Data Engineer', reason: 'Tribunal claim 118' }]);
    expect(await backend.database.db.select().from(applications).where(eq(applications.id, first.applicationId))).toHaveLength(1);
    expect((await listAuditLog(backend.database.db, 3)).map((entry) => entry.action)).toContain('person.erased');
  });
});
