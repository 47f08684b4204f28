import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { defaultTemplates } from '../../src/lib/applications/templates';
import {
  actionData,
  createAdmin,
  createVerifiedUser,
  enrolTotp,
  expect,
  signInApi,
  signInApiWithCode,
  skipCodeStep,
  test,
} from './fixtures';

/*
 * The authorisation matrix: every admin page, action and download (applications and the
 * workspace, notes, ratings, e-mails and templates, positions, users and invitations, messages,
 * privacy, insights), requested as anonymous, as a signed-in user, as an admin held at enrolment (no second
 * factor yet, ADMIN_REQUIRE_2FA), as an admin whose session skipped the code step (aal1, its
 * account has a factor) and as an admin at aal2. All but the last are refused (pages redirect, the
 * rest answer 401/403) and change nothing; the aal2 admin gets through.
 */

const ADMIN = { email: 'matrix.admin@helixpoint.test', password: 'admin password 123' };
const HELD = { email: 'matrix.held@helixpoint.test', password: 'admin password 456' };
const USER = { email: 'matrix.user@mail.test', password: 'user password 123' };

interface Fixture {
  invitationId: string;
  positionId: string;
  applicationId: string;
  victimUserId: string;
  messageId: string;
  noteId: string;
}

let anonymous: APIRequestContext;
let user: APIRequestContext;
let admin: APIRequestContext;
let held: APIRequestContext;
let aal1: APIRequestContext;
let fixture: Fixture;

const newPosition = {
  title: 'Matrix Injected Role',
  departmentId: '',
  location: 'Remote',
  type: 'Remote',
  description: 'x',
  requirements: '',
  responsibilities: '',
  salaryMin: '',
  salaryMax: '',
  closesAt: '',
};

const client = (baseURL: string, n: number) =>
  // Connection: close: these clients pause between requests longer than the server keeps an idle
  // connection, and a request sent on a connection being closed fails with ECONNRESET.
  playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': `10.200.0.${n}`, Connection: 'close' }, maxRedirects: 0 });

test.beforeAll(async ({ baseURL }) => {
  createAdmin(ADMIN.email, ADMIN.password);
  createAdmin(HELD.email, HELD.password, 'Hal Held');
  anonymous = await client(baseURL!, 1);
  user = await client(baseURL!, 2);
  admin = await client(baseURL!, 3);
  held = await client(baseURL!, 5);
  aal1 = await client(baseURL!, 6);
  await signInApi(held, HELD.email, HELD.password, baseURL!);
  await createVerifiedUser(user, {
    email: USER.email,
    username: 'matrixuser',
    password: USER.password,
    firstName: 'Matt',
    lastName: 'User',
  });
  await signInApi(user, USER.email, USER.password, baseURL!);
  await signInApi(admin, ADMIN.email, ADMIN.password, baseURL!);
  // Enrolment confirmed by a code: this session is aal2 and the account now has a verified factor.
  const { secret } = await enrolTotp(admin, ADMIN.password);
  // A session of the admin that never passed a code step (enrolment ends any such session; one is made here).
  await signInApiWithCode(aal1, { ...ADMIN, secret, backupCodes: [] }, baseURL!);
  await skipCodeStep(aal1);

  // A victim account, a position of its own (other tests count the seeded ones) and an
  // application with a resume to aim at.
  const victim = await client(baseURL!, 4);
  await createVerifiedUser(victim, { email: 'matrix.victim@mail.test', username: 'matrixvictim', firstName: 'Victor', lastName: 'Victim' });
  const session = (await (await victim.get('/api/session')).json()) as { signedIn: boolean };
  expect(session.signedIn).toBe(true);
  // The victim has a second factor, for the reset to aim at.
  await enrolTotp(victim, 'user password 123');
  const created = await admin.post('/_actions/admin.createPosition', { data: { ...newPosition, title: 'Matrix Target Role' } });
  expect(created.status()).toBe(200);
  const { positions } = (await (await anonymous.get('/api/positions')).json()) as { positions: { id: string; title: string }[] };
  const position = positions.find((candidate) => candidate.title === 'Matrix Target Role')!;
  const upload = await anonymous.post('/api/uploads?purpose=resume', {
    headers: { 'Content-Type': 'application/pdf', 'X-File-Name': 'matrix.pdf' },
    data: readFileSync(fileURLToPath(new URL('../fixtures/resume.pdf', import.meta.url))),
  });
  const { id: resumeId } = (await upload.json()) as { id: string };
  const applied = await anonymous.post('/_actions/apply', {
    data: {
      first_name: 'Mat',
      last_name: 'Rix',
      email: 'matrix.applicant@mail.test',
      country_code: '+1',
      phone: '5125550147',
      address: '100 Congress Ave, Austin, TX',
      gender: 'male',
      linkedin_profile: '',
      github_profile: '',
      vercel_profile: '',
      cover_letter: 'Hello',
      resume_upload_id: resumeId,
      position_id: position.id,
      privacy_acknowledged: true,
      company_website: '',
    },
  });
  expect(applied.status()).toBe(200);
  const attachment = await anonymous.post('/api/uploads?purpose=contact-attachment', {
    headers: { 'Content-Type': 'application/octet-stream', 'X-File-Name': 'matrix.txt' },
    data: Buffer.from('A brief for the matrix.\n'),
  });
  const { id: attachmentId } = (await attachment.json()) as { id: string };
  const contacted = await anonymous.post('/_actions/contact', {
    data: {
      first_name: 'Mona',
      last_name: 'Matrix',
      email: 'mona.matrix@mail.test',
      phone: '',
      reason: 'support',
      message: 'Matrix message',
      attachment_upload_id: attachmentId,
      company_website: '',
    },
  });
  expect(contacted.status()).toBe(200);
  const inbox = await (await admin.get('/admin/messages')).text();
  const messageId = /\/admin\/messages\/([0-9a-f-]{36})"[^>]*>\s*Mona/.exec(inbox)?.[1];
  expect(messageId).toBeTruthy();
  const list = await (await admin.get(`/admin/applications/${position.id}`)).text();
  const applicationId = new RegExp(`/admin/applications/${position.id}/([0-9a-f-]{36})`).exec(list)?.[1];
  const dashboard = await (await admin.get('/admin')).text();
  // The victim's row: its e-mail cell comes before its role select, whose id carries the user id.
  const victimUserId = /matrix\.victim@mail\.test[^]*?id="role-([A-Za-z0-9_-]+)"/.exec(dashboard)?.[1];
  expect(applicationId).toBeTruthy();
  expect(victimUserId).toBeTruthy();
  // A note of the admin's, for the edit and delete attempts.
  const noted = await admin.post('/_actions/admin.addNote', { data: { applicationId, body: 'Matrix note' } });
  const noteId = /[0-9a-f-]{36}/.exec(await noted.text())?.[0];
  expect(noteId).toBeTruthy();
  const invited = await admin.post('/_actions/admin.invite', { data: { email: 'matrix.pending@mail.test', role: 'user' } });
  expect(invited.status()).toBe(200);
  const { id: invitationId } = await actionData<{ id: string }>(invited);
  fixture = {
    invitationId,
    positionId: position.id,
    applicationId: applicationId!,
    victimUserId: victimUserId!,
    messageId: messageId!,
    noteId: noteId!,
  };
});

test.afterAll(async () => {
  // Leave the job board as the other tests expect it: only the seeded positions open.
  const { positions } = (await (await anonymous.get('/api/positions')).json()) as { positions: { id: string; title: string }[] };
  for (const position of positions.filter(
    (candidate) => candidate.title.startsWith('Matrix') || candidate.title === 'Renamed By Attacker',
  )) {
    await admin.post('/_actions/admin.setPositionActive', { data: { positionId: position.id, active: false } });
  }
  await admin.post('/_actions/admin.saveTemplate', { data: { key: 'offer', ...defaultTemplates.offer } });
  await Promise.all([anonymous?.dispose(), user?.dispose(), admin?.dispose(), held?.dispose(), aal1?.dispose()]);
});

const pages = () => [
  '/admin',
  '/admin/audit',
  '/admin/positions/new',
  `/admin/positions/${fixture.positionId}`,
  `/admin/applications/${fixture.positionId}`,
  `/admin/applications/${fixture.positionId}/${fixture.applicationId}`,
  '/admin/messages',
  `/admin/messages/${fixture.messageId}`,
  '/admin/applications',
  '/admin/applications?q=matrix',
  '/admin/templates',
  '/admin/privacy',
  '/admin/privacy?email=matrix.applicant%40mail.test',
  '/admin/retention',
  '/admin/insights',
  `/admin/insights?period=90&position=${fixture.positionId}`,
];

const downloads = () => [
  `/api/admin/resumes/${fixture.applicationId}`,
  `/api/admin/applications/${fixture.positionId}.csv`,
  `/api/admin/attachments/${fixture.messageId}`,
  '/api/admin/applications.csv?q=matrix',
  '/api/admin/privacy/export?email=matrix.applicant%40mail.test',
  '/api/admin/insights/sources.csv?period=90',
  `/api/admin/insights/funnel.csv?position=${fixture.positionId}`,
];

const actions = () =>
  [
    ['admin.setRole', { userId: fixture.victimUserId, role: 'admin' }],
    ['admin.resetTwoFactor', { userId: fixture.victimUserId }],
    ['admin.deleteUser', { userId: fixture.victimUserId }],
    ['admin.createPosition', newPosition],
    ['admin.updatePosition', { positionId: fixture.positionId, form: { ...newPosition, title: 'Renamed By Attacker' } }],
    ['admin.setPositionActive', { positionId: fixture.positionId, active: false }],
    ['admin.setApplicationStatus', { applicationId: fixture.applicationId, status: 'hired' }],
    ['admin.setMessageRead', { messageId: fixture.messageId, read: true }],
    ['admin.deleteMessage', { messageId: fixture.messageId }],
    ['admin.addNote', { applicationId: fixture.applicationId, body: 'Injected note' }],
    ['admin.editNote', { noteId: fixture.noteId, body: 'Overwritten note' }],
    ['admin.deleteNote', { noteId: fixture.noteId }],
    ['admin.rateApplication', { applicationId: fixture.applicationId, rating: 1 }],
    ['admin.emailCandidate', { applicationId: fixture.applicationId, templateKey: null, subject: 'Matrix mail', body: 'Hello' }],
    ['admin.saveTemplate', { key: 'offer', subject: 'Matrix offer', body: 'Matrix offer' }],
    ['admin.bulkApplications', { target: { ids: [fixture.applicationId] }, action: { kind: 'status', status: 'offer' } }],
    ['admin.setLegalHold', { applicationId: fixture.applicationId, reason: 'Matrix hold' }],
    // Last: it erases the applicant (their application is kept, on hold by then, when the admin runs it).
    ['admin.erasePerson', { email: 'matrix.applicant@mail.test' }],
    ['admin.invite', { email: 'matrix.intruder@mail.test', role: 'admin' }],
    ['admin.resendInvitation', { invitationId: fixture.invitationId }],
    ['admin.revokeInvitation', { invitationId: fixture.invitationId }],
  ] as const;

/** What the requests above would change, read as the admin sees it. */
async function observableState() {
  const dashboard = await (await admin.get('/admin')).text();
  const detail = await (await admin.get(`/admin/applications/${fixture.positionId}/${fixture.applicationId}`)).text();
  const board = await (await anonymous.get('/careers?q=Matrix%20Target')).text();
  const inbox = await (await admin.get('/admin/messages')).text();
  const templates = await (await admin.get('/admin/templates')).text();
  const account = await (await admin.get('/admin/privacy?email=matrix.applicant%40mail.test')).text();
  return {
    note: detail.includes('Matrix note'),
    injectedNote: detail.includes('Injected note') || detail.includes('Overwritten note'),
    rated: !detail.includes('Not rated yet.'),
    emailed: detail.includes('Matrix mail'),
    templateChanged: templates.includes('Matrix offer'),
    held: detail.includes('Matrix hold'),
    applicantFound: account.includes('Matrix Target Role') || account.includes('Renamed By Attacker'),
    victimListed: dashboard.includes('matrix.victim@mail.test'),
    injectedPosition: dashboard.includes('Matrix Injected Role'),
    renamed: dashboard.includes('Renamed By Attacker'),
    positionOpen: board.includes('Matrix Target Role'),
    messageListed: inbox.includes('mona.matrix@mail.test'),
    messageUnread: /mona\.matrix@mail\.test[^]*?Unread/.test(inbox),
    status: /<option value="(\w+)" selected/.exec(detail)?.[1],
    victimRole: /matrix\.victim@mail\.test[^]*?<option value="(\w+)" selected/.exec(dashboard)?.[1],
    victimFactor: /matrix\.victim@mail\.test[^]*?2FA (on|off)/.exec(dashboard)?.[1],
    intruderInvited: dashboard.includes('matrix.intruder@mail.test'),
    pendingInvited: dashboard.includes('matrix.pending@mail.test'),
  };
}

for (const [who, expected] of [
  ['anonymous', { page: /\/auth\?next=/, api: 401 }],
  ['a signed-in user', { page: /^\/$/, api: 403 }],
  ['an admin held at enrolment (no second factor)', { page: /^\/account#two-factor$/, api: 403 }],
  ['an aal1 session of an admin with a factor', { page: /^\/auth\/two-factor\?next=/, api: 403 }],
] as const) {
  test(`${who}: every admin page redirects, every download and action is refused, nothing changes`, async () => {
    const requester = { anonymous, 'a signed-in user': user, 'an admin held at enrolment (no second factor)': held }[who as string] ?? aal1;
    const before = await observableState();
    expect(before).toMatchObject({
      victimListed: true,
      injectedPosition: false,
      renamed: false,
      positionOpen: true,
      status: 'pending',
      victimRole: 'user',
      messageListed: true,
      messageUnread: true,
      note: true,
      injectedNote: false,
      rated: false,
      emailed: false,
      templateChanged: false,
      held: false,
      applicantFound: true,
      victimFactor: 'on',
      intruderInvited: false,
      pendingInvited: true,
    });

    for (const path of pages()) {
      const response = await requester.get(path);
      expect(response.status(), path).toBe(303);
      expect(response.headers()['location'], path).toMatch(expected.page);
    }
    for (const path of downloads()) {
      const response = await requester.get(path);
      expect(response.status(), path).toBe(expected.api);
      expect(response.headers()['content-disposition'], path).toBeUndefined();
    }
    for (const [name, input] of actions()) {
      const response = await requester.post(`/_actions/${name}`, { data: input });
      expect(response.status(), name).toBe(expected.api);
      // The same action posted to a page as a form action is refused too.
      const asForm = await requester.post(`/careers?_action=${name}`, { data: input });
      expect(asForm.status(), `${name} as a page form action`).toBe(expected.api);
      // Astro runs whatever follows the last /_actions/ of a path: the admin check sees it too
      // (it answers with the session hint cookie, which the action's own check does not).
      const nested = await requester.post(`/_actions/x/_actions/${name}`, { data: input });
      expect(nested.status(), `${name} under a nested path`).toBe(expected.api);
      expect(nested.headers()['set-cookie'], `${name} under a nested path`).toMatch(/^helixpoint_signed_in=/);
    }
    expect(await observableState()).toEqual(before);
  });
}

test('an admin gets every page, download and action', async () => {
  for (const path of pages()) expect((await admin.get(path)).status(), path).toBe(200);
  const resume = await admin.get(`/api/admin/resumes/${fixture.applicationId}`);
  expect(resume.status()).toBe(200);
  expect(resume.headers()).toMatchObject({
    'content-disposition': expect.stringMatching(/^attachment; filename="matrix\.pdf"/),
    'x-content-type-options': 'nosniff',
  });
  expect((await admin.get(`/api/admin/applications/${fixture.positionId}.csv`)).status()).toBe(200);
  expect(await (await admin.get('/api/admin/applications.csv?q=matrix')).text()).toContain('matrix.applicant@mail.test');
  const exported = await admin.get('/api/admin/privacy/export?email=matrix.applicant%40mail.test');
  expect(exported.status()).toBe(200);
  expect(exported.headers()['content-type']).toBe('application/zip');
  const funnel = await admin.get(`/api/admin/insights/funnel.csv?position=${fixture.positionId}`);
  expect(funnel.headers()).toMatchObject({
    'content-disposition': expect.stringMatching(
      /^attachment; filename="insights-funnel-matrix-target-role-30-days-\d{4}-\d{2}-\d{2}\.csv"$/,
    ),
    'cache-control': 'no-store',
  });
  expect(await funnel.text()).toMatch(/^Stage,Applications,Share of applied \(%\)\r\nApplied,1,100\r\n/);
  const attachment = await admin.get(`/api/admin/attachments/${fixture.messageId}`);
  expect(attachment.status()).toBe(200);
  expect(await attachment.text()).toBe('A brief for the matrix.\n');
  for (const [name, input] of actions()) {
    const response = await admin.post(`/_actions/${name}`, { data: input });
    // 204 for actions that return nothing.
    expect([200, 204], name).toContain(response.status());
  }
  const after = await observableState();
  expect(after).toMatchObject({
    victimListed: false,
    injectedPosition: true,
    renamed: true,
    positionOpen: false,
    messageListed: false,
    note: false,
    injectedNote: true,
    rated: true,
    emailed: true,
    templateChanged: true,
    held: true,
    // On legal hold, the application outlives the erasure.
    applicantFound: true,
    status: 'offer',
    intruderInvited: true,
    pendingInvited: false,
  });
});
