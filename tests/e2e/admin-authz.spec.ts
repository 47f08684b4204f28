import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { defaultTemplates } from '../../src/lib/applications/templates';
import { actionRules, routeRules, type ActionName, type RoutePattern } from '../../src/server/access/rules';
import {
  actionData,
  adminCreate,
  applyThroughApi,
  createAdmin,
  createVerifiedUser,
  enrolTotp,
  positionInput,
  expect,
  replyToThread,
  signInApi,
  signInApiWithCode,
  skipCodeStep,
  sqlOnTestServer,
  test,
  type EnrolledAdmin,
} from './fixtures';

/*
 * The authorisation matrix (issue 28): every route rendered on demand and every action of the
 * build (the tables of src/server/access/rules.ts, which the middleware enforces; this file's own
 * tables must name each of them, so a new route or action without a case fails here), requested as
 * every kind of person: anonymous, a candidate's account, an admin held at enrolment (no second
 * factor yet, ADMIN_REQUIRE_2FA), an admin's session that skipped the code step (aal1), and each
 * staff role at aal2. What each may do is written here from the issue, not read from rules.ts:
 * a page is 200 for the roles that may open it, 404 for a record outside their reach (a hiring
 * manager guessing another position's address), the 403 page for other staff; refusals change
 * nothing (read back as the admin sees it).
 */

const STAFF = ['admin', 'recruiter', 'hiring_manager', 'interviewer', 'editor', 'sales'] as const;
/** The answers of "How did you hear about us?" that migration 0008 seeds. */
const SEEDED_HEARD_ABOUT = ['LinkedIn', 'Job board', 'Friend or colleague', 'Search engine', 'Event or meetup', 'Other'];
type StaffRole = (typeof STAFF)[number];
const OTHERS = ['anonymous', 'user', 'held', 'aal1'] as const;
type Requester = StaffRole | (typeof OTHERS)[number];
const EVERYONE: readonly Requester[] = [...OTHERS, ...STAFF];

const PASSWORD = 'matrix password 123';
// Names of this run: a worker started again after a failure sets everything up anew beside the old.
const run = Math.random().toString(36).slice(2, 7);
const email = (who: string) => `matrix.${who}.${run}@helixpoint.test`;
const mail = (who: string) => `matrix.${who}.${run}@mail.test`;
const TEAM_ROLE = `Matrix Team Role ${run}`;
const OTHER_ROLE = `Matrix Other Role ${run}`;

interface Fixture {
  invitationId: string;
  teamPosition: string;
  otherPosition: string;
  /** On the team position, assigned to the interviewer. */
  assigned: string;
  /** On the team position, not assigned. */
  unassigned: string;
  /** On the other position. */
  other: string;
  victimUserId: string;
  interviewerUserId: string;
  messageId: string;
  /** Attachments of replies that came back (issue 35): to the assigned and the other applicant, and to the message. */
  replyFileAssigned: string;
  replyFileOther: string;
  replyFileMessage: string;
  noteId: string;
  /** An interview proposed to the assigned applicant. */
  interviewRequestId: string;
  /** A delayed e-mail to the assigned applicant, still to go (issue 32). */
  scheduledEmailId: string;
  /** Candidates (issue 33): of the assigned and the other applicant; Kit, into whom Mel was merged (mergeId). */
  assignedCandidate: string;
  otherCandidate: string;
  kitCandidate: string;
  mergeId: string;
  /** An open position Kit (in the talent pool) did not apply for. */
  poolPosition: string;
  /** Images of the media library (issue 34): one whose alt text is changed, one to delete, and a size's address. */
  mediaId: string;
  spareMediaId: string;
  mediaSize: string;
  /** Blog posts (issue 34): a draft with a revision, an empty one, one scheduled far ahead. */
  postId: number;
  postRevisionId: string;
  emptyPostId: number;
  scheduledPostId: number;
  /** Page texts (issue 34): the company page's first revision (its texts as the site came with them). */
  pageRevisionId: string;
  /**
   * Offers (issue 54): the assigned applicant's, waiting for its approvals all at once (the hiring
   * manager's and an admin's: the team position has no pay band); the other applicant's, a draft;
   * an offer letter template.
   */
  offerId: string;
  otherOfferId: string;
  offerTemplateId: string;
  /** Integrations (issue 55): a webhook to a closed local port, and one delivery of it that failed. */
  integrationId: string;
  deliveryId: string;
  /** API tokens (issue 55): each role's that may have them, read-only and read-write; the admin's spare one (to revoke). */
  tokens: Partial<Record<StaffRole, { read: string; write: string }>>;
  spareTokenId: string;
}

const clients = {} as Record<Requester, APIRequestContext>;
let fixture: Fixture;
let counter = 0;

const client = (baseURL: string) =>
  // Connection: close: these clients pause between requests longer than the server keeps an idle
  // connection, and a request sent on a connection being closed fails with ECONNRESET.
  playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { 'X-Forwarded-For': `10.201.0.${(counter += 1)}`, Connection: 'close' },
    maxRedirects: 0,
  });

/** A staff account of `role` with a second factor, and a client signed in through the code step (aal2). */
async function staffClient(baseURL: string, role: StaffRole): Promise<APIRequestContext> {
  adminCreate('--email', email(role), '--password', PASSWORD, '--name', `Matrix ${role}`, '--role', role);
  const enrolling = await client(baseURL);
  await signInApi(enrolling, email(role), PASSWORD, baseURL);
  const { secret, backupCodes } = await enrolTotp(enrolling, PASSWORD);
  await enrolling.dispose();
  const signedIn = await client(baseURL);
  const staff: EnrolledAdmin = { email: email(role), password: PASSWORD, secret, backupCodes };
  await signInApiWithCode(signedIn, staff, baseURL);
  return signedIn;
}

/** The id in an admin page's HTML of a table row whose cell shows `text` (not the islands' props, which come first). */
const idNear = (html: string, text: string, pattern: RegExp) => new RegExp(`>\\s*${text}[^]*?${pattern.source}`).exec(html)?.[1];

test.beforeAll(async ({ baseURL }) => {
  // Nine accounts made by `npm run admin:create` (a process each) and enrolled: the slow part.
  test.setTimeout(300_000);
  const base = baseURL!;
  clients.anonymous = await client(base);
  // Held at enrolment: an admin without a factor.
  createAdmin(email('held'), PASSWORD, 'Hal Held');
  clients.held = await client(base);
  await signInApi(clients.held, email('held'), PASSWORD, base);
  // Enrolment ends every other session (issue 25), so the aal1 session is made by signing in with
  // a code and setting the session back to aal1 in the database.
  createAdmin(email('late'), PASSWORD, 'Lee Late');
  const lateEnrolment = await client(base);
  await signInApi(lateEnrolment, email('late'), PASSWORD, base);
  const late = await enrolTotp(lateEnrolment, PASSWORD);
  await lateEnrolment.dispose();
  clients.aal1 = await client(base);
  await signInApiWithCode(clients.aal1, { email: email('late'), password: PASSWORD, ...late }, base);
  await skipCodeStep(clients.aal1);
  for (const role of STAFF) clients[role] = await staffClient(base, role);
  clients.user = await client(base);
  await createVerifiedUser(clients.user, { email: mail('user'), username: `matrixuser${run}`, password: PASSWORD, firstName: 'Matt' });
  await signInApi(clients.user, mail('user'), PASSWORD, base);
  const admin = clients.admin;

  // A victim account (with a factor, for the reset to aim at), two positions, three applications.
  const victim = await client(base);
  await createVerifiedUser(victim, { email: mail('victim'), username: `matrixvictim${run}`, password: PASSWORD, firstName: 'Victor' });
  await signInApi(victim, mail('victim'), PASSWORD, base);
  await enrolTotp(victim, PASSWORD);
  await victim.dispose();
  for (const title of [TEAM_ROLE, OTHER_ROLE])
    expect((await admin.post('/_actions/admin.createPosition', { data: positionInput(title) })).status()).toBe(200);
  const applicant = await client(base);
  await applyThroughApi(applicant, TEAM_ROLE, mail('assigned'), { firstName: 'Asha', lastName: 'Assigned' });
  await applyThroughApi(applicant, TEAM_ROLE, mail('unassigned'), { firstName: 'Una', lastName: 'Unassigned' });
  await applyThroughApi(applicant, OTHER_ROLE, mail('other'), { firstName: 'Otto', lastName: 'Other' });
  const attachment = await applicant.post('/api/uploads?purpose=contact-attachment', {
    headers: { 'Content-Type': 'application/octet-stream', 'X-File-Name': 'matrix.txt' },
    data: Buffer.from('A brief for the matrix.\n'),
  });
  const { id: attachmentId } = (await attachment.json()) as { id: string };
  const contacted = await applicant.post('/_actions/contact', {
    data: {
      first_name: 'Mona',
      last_name: 'Matrix',
      email: mail('mona'),
      phone: '',
      reason: 'support',
      message: 'Matrix message',
      attachment_upload_id: attachmentId,
      company_website: '',
    },
  });
  expect(contacted.status()).toBe(200);
  await applicant.dispose();

  const workspace = await (await admin.get(`/admin/applications?q=${run}`)).text();
  const application = (name: string) =>
    new RegExp(`/admin/applications/([0-9a-f-]{36})/([0-9a-f-]{36})[^"]*"[^>]*>\\s*${name}`).exec(workspace);
  const [, teamPosition, assigned] = application('Asha Assigned')!;
  const [, , unassigned] = application('Una Unassigned')!;
  const [, otherPosition, other] = application('Otto Other')!;
  const inbox = await (await admin.get('/admin/messages')).text();
  const messageId = new RegExp(`/admin/messages/([0-9a-f-]{36})"[^>]*>[^<]*Mona[^]*?${run}`).exec(inbox)?.[1];
  const dashboard = await (await admin.get('/admin')).text();
  const userId = (address: string) => idNear(dashboard, address.replace(/\./g, '\\.'), /id="role-([A-Za-z0-9_-]+)"/);
  const victimUserId = userId(mail('victim'));
  const interviewerUserId = userId(email('interviewer'));
  const hiringManagerUserId = userId(email('hiring_manager'));
  expect([teamPosition, otherPosition, assigned, unassigned, other, messageId, victimUserId, interviewerUserId]).not.toContain(undefined);
  // The hiring manager is on the team position's hiring team; the interviewer is assigned to one application.
  const teamed = await admin.post('/_actions/admin.addTeamMember', { data: { positionId: teamPosition, userId: hiringManagerUserId } });
  expect(teamed.status(), await teamed.text()).toBe(200);
  const assignment = await admin.post('/_actions/admin.assignInterviewer', {
    data: { applicationId: assigned, userId: interviewerUserId },
  });
  expect(assignment.status(), await assignment.text()).toBe(200);
  const noted = await admin.post('/_actions/admin.addNote', { data: { applicationId: assigned, body: 'Matrix note' } });
  const noteId = /[0-9a-f-]{36}/.exec(await noted.text())?.[0];
  // An interview proposed to the assigned applicant (the interviewer's default hours leave times in common).
  const proposed = await admin.post('/_actions/admin.proposeInterview', { data: interviewProposal(assigned!, interviewerUserId!) });
  expect(proposed.status(), await proposed.text()).toBe(200);
  const { requestId: interviewRequestId } = await actionData<{ requestId: string }>(proposed);
  // A rejection e-mail delayed by an hour: it can be cancelled until it goes.
  const scheduled = await admin.post('/_actions/admin.emailCandidate', {
    data: { applicationId: assigned, templateKey: null, subject: 'Matrix later', body: 'Later', delayMinutes: 60 },
  });
  expect([200, 204], await scheduled.text()).toContain(scheduled.status());
  const { rows: scheduledRows } = await sqlOnTestServer(
    `select id from application_emails where subject = 'Matrix later' and application_id = $1`,
    [assigned],
  );
  const scheduledEmailId = (scheduledRows[0] as { id: string }).id;
  // Two more applicants on the other position, and a merge of Mel into Kit (issue 33).
  const candidateOfApplication = async (id: string) =>
    ((await sqlOnTestServer('select candidate_id from applications where id = $1', [id])).rows[0] as { candidate_id: string }).candidate_id;
  const extra = async (first: string) =>
    (
      (
        await sqlOnTestServer(
          `insert into applications (position_id, full_name, email, phone, address, gender, cover_letter, talent_pool_consent_at, talent_pool_until)
           values ($1, $2, $3, '+15125550199', '1 Matrix Way, Austin, TX', 'female', 'Hello', now(), now() + interval '1 year') returning candidate_id`,
          [otherPosition, `${first} Matrix`, mail(first.toLowerCase())],
        )
      ).rows[0] as { candidate_id: string }
    ).candidate_id;
  const [kitCandidate, melCandidate] = [await extra('Kit'), await extra('Mel')];
  const merged = await admin.post('/_actions/admin.mergeCandidates', { data: { keptId: kitCandidate, mergedId: melCandidate } });
  expect(merged.status(), await merged.text()).toBe(200);
  const { mergeId } = await actionData<{ mergeId: string }>(merged);
  const invited = await admin.post('/_actions/admin.invite', { data: { email: mail('pending'), role: 'recruiter' } });
  expect(invited.status()).toBe(200);
  const { id: invitationId } = await actionData<{ id: string }>(invited);
  const [image, spare] = [await uploadImage(admin, base, 'Matrix image'), await uploadImage(admin, base, 'Matrix spare image')];
  const newPost = async () => {
    const created = await admin.post('/_actions/admin.createPost', { data: {} });
    expect(created.status(), await created.text()).toBe(200);
    return (await actionData<{ id: number }>(created)).id;
  };
  const [postId, emptyPostId, scheduledPostId] = [await newPost(), await newPost(), await newPost()];
  for (const id of [postId, scheduledPostId]) {
    const saved = await admin.post('/_actions/admin.savePost', {
      data: { postId: id, version: 1, content: matrixPost(image.id), autosave: false },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  const far = new Date(Date.now() + 365 * 86_400_000).toISOString();
  const scheduledPost = await admin.post('/_actions/admin.schedulePost', {
    data: { postId: scheduledPostId, version: 2, publishAt: far, unpublishAt: null },
  });
  expect(scheduledPost.status(), await scheduledPost.text()).toBe(200);
  const { rows: revisionRows } = await sqlOnTestServer('select id from post_revisions where post_id = $1', [postId]);
  const pageSaved = await admin.post('/_actions/admin.savePageTexts', { data: { page: 'company', version: 1, texts: {} } });
  expect(pageSaved.status(), await pageSaved.text()).toBe(200);
  const { rows: pageRevisionRows } = await sqlOnTestServer(`select id from page_text_revisions where page = 'company'`);
  // Replies with a file, through the server's SMTP receiver (issue 35).
  const replyFile = async (thread: { applicationId: string } | { contactMessageId: string }) => {
    await replyToThread(thread, {
      from: mail('mona'),
      subject: 'Re: Matrix',
      text: 'Matrix reply',
      attachments: [{ filename: 'matrix.txt', content: 'Matrix file' }],
    });
    const [column, id] =
      'applicationId' in thread ? ['application_id', thread.applicationId] : ['contact_message_id', thread.contactMessageId];
    const { rows } = await sqlOnTestServer(
      `select a.id from inbound_attachments a join inbound_mails m on m.id = a.inbound_mail_id where m.${column} = $1`,
      [id],
    );
    return (rows[0] as { id: string }).id;
  };
  // Offers (issue 54), drafted and saved as their page does.
  const draftOffer = async (applicationId: string, terms: Record<string, string>) => {
    const created = await admin.post('/_actions/admin.createOffer', { data: { applicationId, templateId: null } });
    expect(created.status(), await created.text()).toBe(200);
    const id = await actionData<string>(created);
    const saved = await admin.post('/_actions/admin.saveOffer', { data: { offerId: id, terms } });
    expect(saved.status(), await saved.text()).toBe(200);
    return id;
  };
  const offerId = await draftOffer(assigned!, matrixTerms('150000'));
  const submitted = await admin.post('/_actions/admin.submitOffer', { data: { offerId } });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const otherOfferId = await draftOffer(other!, matrixTerms('100000'));
  const offerTemplate = await admin.post('/_actions/admin.saveOfferTemplate', {
    data: { name: `Matrix letter ${run}`, body: 'Dear {{first_name}}' },
  });
  expect(offerTemplate.status(), await offerTemplate.text()).toBe(200);
  const integration = await admin.post('/_actions/admin.saveIntegration', {
    data: { kind: 'webhook', name: `Matrix hook ${run}`, url: 'http://127.0.0.1:9/matrix', events: ['candidate.erased'] },
  });
  expect(integration.status(), await integration.text()).toBe(200);
  const { id: integrationId } = await actionData<{ id: string }>(integration);
  // A delivery that failed for good (none is made here: the hook hears of erasures only, and none came yet).
  const deliveryId = `msg_${crypto.randomUUID().replace(/-/g, '')}`;
  await sqlOnTestServer(
    `insert into integration_deliveries (id, endpoint_id, event_id, kind, order_key, payload, state, attempts)
     select $1, $2, max(id), 'application.received', 'matrix', '{}'::jsonb, 'failed', 8 from domain_events`,
    [deliveryId, integrationId],
  );
  // API tokens (issue 55), made by each role that may have them, as their account page does.
  const makeToken = async (role: StaffRole, scope: 'read' | 'write', name = `Matrix ${role} ${scope} ${run}`) => {
    const made = await clients[role].post('/_actions/admin.createApiToken', { data: { name, scope, days: 30 } });
    expect(made.status(), await made.text()).toBe(200);
    return actionData<{ id: string; token: string }>(made);
  };
  const tokens: Fixture['tokens'] = {};
  for (const role of apiRoles)
    tokens[role] = { read: (await makeToken(role, 'read')).token, write: (await makeToken(role, 'write')).token };
  const spareToken = await makeToken('admin', 'read', `Matrix spare ${run}`);
  fixture = {
    tokens,
    spareTokenId: spareToken.id,
    integrationId,
    deliveryId,
    offerId,
    otherOfferId,
    offerTemplateId: await actionData<string>(offerTemplate),
    invitationId,
    teamPosition: teamPosition!,
    otherPosition: otherPosition!,
    assigned: assigned!,
    unassigned: unassigned!,
    other: other!,
    victimUserId: victimUserId!,
    interviewerUserId: interviewerUserId!,
    messageId: messageId!,
    replyFileAssigned: await replyFile({ applicationId: assigned! }),
    replyFileOther: await replyFile({ applicationId: other! }),
    replyFileMessage: await replyFile({ contactMessageId: messageId! }),
    noteId: noteId!,
    interviewRequestId,
    scheduledEmailId,
    assignedCandidate: await candidateOfApplication(assigned!),
    otherCandidate: await candidateOfApplication(other!),
    kitCandidate,
    mergeId,
    poolPosition: ((await (await admin.get('/api/positions')).json()) as { positions: { id: string; title: string }[] }).positions.find(
      (position) => position.title === 'Data Engineer',
    )!.id,
    mediaId: image.id,
    spareMediaId: spare.id,
    mediaSize: image.thumbnail,
    postId,
    postRevisionId: (revisionRows[0] as { id: string }).id,
    emptyPostId,
    scheduledPostId,
    pageRevisionId: (pageRevisionRows[0] as { id: string }).id,
  };
});

/** An offer's terms as its form sends them (issue 54): asked of its approvers all at once, answered within the year. */
const matrixTerms = (salary: string) => {
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  return {
    letter: 'Dear {{first_name}}, we offer you {{position_title}} at {{currency}} {{salary}} {{salary_period}}.',
    startDate: day(60),
    expiresOn: day(30),
    salary,
    currency: 'EUR',
    period: 'year',
    bonus: '',
    equity: '',
    location: 'Remote',
    reportingTo: '',
    approvalMode: 'parallel',
  };
};

/** A complete post, as the editor saves one (issue 34). */
const matrixPost = (coverMediaId: string) => ({
  title: 'Matrix post',
  slug: '',
  excerpt: 'Matrix excerpt',
  body: 'Matrix body',
  category: 'Matrix',
  tags: ['Matrix'],
  authorId: null,
  authorName: 'Matrix Author',
  readMinutes: 1,
  coverMediaId,
  coverAlt: 'Matrix image',
  seoTitle: '',
  seoDescription: '',
  socialMediaId: null,
  noindex: false,
});

/** A small PNG of the media library, as its page uploads one (a multipart form, from the site's own origin). */
function mediaForm(alt: string, image: Buffer) {
  return { multipart: { file: { name: 'matrix.png', mimeType: 'image/png', buffer: image }, alt } };
}
const matrixPng = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#0b1b3a' } })
    .png()
    .toBuffer();

async function uploadImage(admin: APIRequestContext, base: string, alt: string): Promise<{ id: string; thumbnail: string }> {
  const response = await admin.post('/api/admin/media', { ...mediaForm(alt, await matrixPng()), headers: { Origin: base } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { item: { id: string; thumbnail: string } }).item;
}

/** An interview plan of one stage, as the plan editor saves it. */
const matrixPlan = [
  {
    id: 'matrix',
    name: 'Matrix stage',
    attributes: ['one', 'two'].map((id) => ({ id, name: `Matrix ${id}`, levels: ['Poor', 'Fair', 'Good', 'Great'] })),
  },
];

/** Recording a 30-minute interview with the matrix's interviewer that ended an hour ago (in the company's zone, the admin's). */
function interviewRecord(applicationId: string) {
  const ended = new Date(Date.now() - 3_600_000).toLocaleString('sv-SE', { timeZone: 'America/Chicago' }).slice(0, 16).replace(' ', 'T');
  return { applicationId, stageId: 'screening', endedAt: ended, durationMinutes: 30, interviewerIds: [fixture.interviewerUserId] };
}

/** A complete scorecard for the screening call of the default plan (a position without a department). */
function scorecardInput(applicationId: string) {
  return {
    applicationId,
    stageId: 'screening',
    answers: [
      { attributeId: 'communication', score: 3, evidence: '' },
      { attributeId: 'motivation', score: 2, evidence: '' },
    ],
    takeaways: 'Matrix scorecard',
    recommendation: 'yes',
    intent: 'submit',
  };
}

/** Proposing a 30-minute interview with the matrix's interviewer over the next two weeks. */
function interviewProposal(applicationId: string, interviewerId = fixture.interviewerUserId) {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return { applicationId, durationMinutes: 30, interviewerIds: [interviewerId], from: day(2), until: day(15) };
}

test.afterAll(async () => {
  // Leave the job board as the other tests expect it: only the seeded positions open.
  const { positions } = (await (await clients.anonymous.get('/api/positions')).json()) as { positions: { id: string; title: string }[] };
  for (const position of positions.filter((candidate) => /^Matrix|^Renamed By/.test(candidate.title)))
    await clients.admin.post('/_actions/admin.setPositionActive', { data: { positionId: position.id, active: false } });
  await clients.admin.post('/_actions/admin.saveTemplate', { data: { key: 'offer', ...defaultTemplates.offer } });
  await Promise.all(Object.values(clients).map((each) => each.dispose()));
});

/** A staff page or download: 200 for `ok`, the answer for a missing record for `missing`, refused for the other staff. */
interface StaffCase {
  url: string;
  ok: readonly StaffRole[];
  missing?: readonly StaffRole[];
  /** What the roles that may request it get, when not the page itself (a redirect). */
  okStatus?: number;
}
/**
 * A route of the JSON API (issue 55): with the role's token, 200 for `ok`, 404 for `missing` (out of
 * their reach), 403 for the others; a write with a read-only token is refused, and a cookie opens none of it.
 */
interface TokenCase {
  url: string;
  method?: 'GET' | 'POST' | 'PATCH';
  body?: Record<string, unknown>;
  ok: readonly StaffRole[];
  missing?: readonly StaffRole[];
}
type RouteCase =
  | { access: 'public'; urls: () => string[] }
  | { access: 'signed-in'; urls: () => string[] }
  | { access: 'staff'; kind: 'page' | 'download'; cases: () => StaffCase[] }
  | { access: 'token'; cases: () => TokenCase[] };

const everyStaff = STAFF;
const hiring = ['admin', 'recruiter'] as const;
const hiringTeam = ['admin', 'recruiter', 'hiring_manager'] as const;
/** The site's content (issue 34): the blog's posts and the media library. */
const contentStaff = ['admin', 'editor'] as const;
/** Staff who can be booked, and so set their own availability (issue 31): not an editor. */
const bookable = ['admin', 'recruiter', 'hiring_manager', 'interviewer', 'sales'] as const;
/** The site's analytics (issue 57): those who bring people in. */
const analysts = ['admin', 'editor', 'sales'] as const;
const publicUrls = (...urls: string[]) => ({ access: 'public' as const, urls: () => urls });
const staffPage = (cases: () => StaffCase[]) => ({ access: 'staff' as const, kind: 'page' as const, cases });
const staffDownload = (cases: () => StaffCase[]) => ({ access: 'staff' as const, kind: 'download' as const, cases });
const tokenRoute = (cases: () => TokenCase[]) => ({ access: 'token' as const, cases });
/** The roles that may have API tokens (api.use): all staff but editors, for whom the API has nothing. */
const apiRoles = ['admin', 'recruiter', 'hiring_manager', 'interviewer', 'sales'] as const;

/** Every on-demand route of the build (rules.ts has the same keys: the type says so). */
const routes: Record<RoutePattern, RouteCase> = {
  '/404': publicUrls('/404'),
  '/500': publicUrls('/500'),
  '/503': publicUrls('/503'),
  '/403': { access: 'signed-in', urls: () => ['/403'] },
  '/docs': publicUrls('/docs'),
  '/privacy': publicUrls('/privacy'),
  '/sitemap.xml': publicUrls('/sitemap.xml'),
  '/blog': publicUrls('/blog', '/blog?tag=DevOps'),
  '/blog/[id]': publicUrls('/blog/1', '/blog/99', '/blog/no-such-post'),
  '/blog/preview/[token]': publicUrls('/blog/preview/1.9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '/blog/preview/nonsense'),
  '/rss.xml': publicUrls('/rss.xml'),
  '/pages/preview/[token]': publicUrls(
    '/pages/preview/aG9tZQ.9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    '/pages/preview/nonsense',
  ),
  '/ui-kit': publicUrls('/ui-kit'),
  '/auth': publicUrls('/auth'),
  '/auth/invitation': publicUrls('/auth/invitation?token=nothing'),
  '/auth/reset-password': publicUrls('/auth/reset-password'),
  '/auth/two-factor': publicUrls('/auth/two-factor'),
  '/auth/verify-email': publicUrls('/auth/verify-email?token=nothing'),
  // Single sign-on (issue 56): its start leads to the provider (here: none, back to sign-in), the waiting page is the signed-in's,
  // and the provider's back-channel logout is answered before the site (a GET is told to POST).
  '/auth/sso': publicUrls('/auth/sso'),
  '/auth/pending': { access: 'signed-in', urls: () => ['/auth/pending'] },
  '/api/sso/backchannel-logout': publicUrls('/api/sso/backchannel-logout'),
  '/careers': publicUrls('/careers'),
  '/careers/apply/[id]': { access: 'public', urls: () => [`/careers/apply/${fixture.teamPosition}`] },
  '/careers/feed.xml': publicUrls('/careers/feed.xml'),
  '/careers/feeds/[board].xml': publicUrls('/careers/feeds/indeed.xml', '/careers/feeds/linkedin.xml'),
  '/careers/alerts': publicUrls('/careers/alerts'),
  '/careers/alerts/confirm': publicUrls('/careers/alerts/confirm?token=nothing'),
  '/careers/alerts/unsubscribe': publicUrls('/careers/alerts/unsubscribe?token=nothing'),
  '/contact/meeting.ics': publicUrls('/contact/meeting.ics'),
  '/contact/book': publicUrls('/contact/book'),
  '/bookings/[token]': publicUrls('/bookings/not-a-token'),
  '/calendar/[token].ics': publicUrls('/calendar/not-a-token.ics'),
  '/talent-pool/renew': publicUrls('/talent-pool/renew?token=nothing'),
  '/interviews/[token]': publicUrls('/interviews/not-a-token'),
  '/contact/send': publicUrls('/contact/send'),
  '/applications': publicUrls('/applications'),
  '/applications/[token]': publicUrls('/applications/not-a-token'),
  '/applications/erase': publicUrls('/applications/erase?token=nothing'),
  '/api/auth/[...all]': publicUrls('/api/auth/get-session'),
  '/api/positions': publicUrls('/api/positions'),
  '/api/session': publicUrls('/api/session'),
  '/api/uploads': publicUrls('/api/uploads'),
  // The media library's images: public by their random id (issue 34).
  '/media/[...path]': { access: 'public', urls: () => [fixture.mediaSize, `/media/${fixture.mediaId}`, '/media/not-an-image'] },
  '/account': { access: 'signed-in', urls: () => ['/account'] },
  '/account/applications': { access: 'signed-in', urls: () => ['/account/applications'] },
  '/account/availability': staffPage(() => [{ url: '/account/availability', ok: bookable }]),
  // One's notifications and their choices (issue 51): every staff member's own.
  '/account/notifications': staffPage(() => [{ url: '/account/notifications', ok: everyStaff }]),
  '/admin/notifications': staffPage(() => [
    { url: '/admin/notifications', ok: everyStaff },
    { url: '/admin/notifications?unread=1', ok: everyStaff },
  ]),
  // Opening one: to its place, or (not one's own, or gone) back to the list.
  '/admin/notifications/[id]': staffPage(() => [
    { url: '/admin/notifications/00000000-0000-4000-8000-000000000000', ok: everyStaff, okStatus: 303 },
  ]),
  '/api/workspace/counts': staffDownload(() => [{ url: '/api/workspace/counts', ok: everyStaff }]),
  '/admin': staffPage(() => [{ url: '/admin', ok: everyStaff }]),
  // Offers (issue 54): never an interviewer's, an editor's or sales'; a hiring manager's team's only; templates an admin's.
  '/admin/offers': staffPage(() => [
    { url: '/admin/offers', ok: hiringTeam },
    { url: '/admin/offers?status=approval', ok: hiringTeam },
  ]),
  '/admin/offers/[id]': staffPage(() => [
    { url: `/admin/offers/${fixture.offerId}`, ok: hiringTeam },
    { url: `/admin/offers/${fixture.otherOfferId}`, ok: hiring, missing: ['hiring_manager'] },
  ]),
  '/admin/offers/templates': staffPage(() => [{ url: '/admin/offers/templates', ok: ['admin'] }]),
  // Integrations (issue 55): admins only.
  '/admin/integrations': staffPage(() => [{ url: '/admin/integrations', ok: ['admin'] }]),
  '/admin/integrations/[id]': staffPage(() => [{ url: `/admin/integrations/${fixture.integrationId}`, ok: ['admin'] }]),
  '/admin/sso': staffPage(() => [{ url: '/admin/sso', ok: ['admin'] }]),
  '/api/admin/offers/[id].pdf': staffDownload(() => [
    { url: `/api/admin/offers/${fixture.offerId}.pdf`, ok: hiringTeam },
    { url: `/api/admin/offers/${fixture.otherOfferId}.pdf`, ok: hiring, missing: ['hiring_manager'] },
  ]),
  // The candidate's letter: the token of their page is the key.
  '/applications/[token]/offer.pdf': publicUrls('/applications/not-a-token/offer.pdf'),
  '/admin/audit': staffPage(() => [{ url: '/admin/audit', ok: ['admin'] }]),
  '/admin/privacy': staffPage(() => [
    { url: '/admin/privacy', ok: ['admin'] },
    { url: `/admin/privacy?email=${encodeURIComponent(mail('other'))}`, ok: ['admin'] },
  ]),
  '/admin/retention': staffPage(() => [{ url: '/admin/retention', ok: ['admin'] }]),
  '/admin/templates': staffPage(() => [{ url: '/admin/templates', ok: hiring }]),
  '/admin/positions': staffPage(() => [{ url: '/admin/positions', ok: hiringTeam }]),
  '/admin/positions/new': staffPage(() => [{ url: '/admin/positions/new', ok: hiring }]),
  '/admin/positions/[id]': staffPage(() => [{ url: `/admin/positions/${fixture.teamPosition}`, ok: hiring }]),
  '/admin/applications': staffPage(() => [
    { url: '/admin/applications', ok: hiringTeam },
    { url: '/admin/applications?q=matrix', ok: hiringTeam },
  ]),
  '/admin/applications/[positionId]': staffPage(() => [
    { url: `/admin/applications/${fixture.teamPosition}`, ok: hiringTeam },
    { url: `/admin/applications/${fixture.otherPosition}`, ok: hiring, missing: ['hiring_manager'] },
  ]),
  '/admin/applications/[positionId]/[applicationId]': staffPage(() => [
    { url: `/admin/applications/${fixture.teamPosition}/${fixture.assigned}`, ok: [...hiringTeam, 'interviewer'] },
    { url: `/admin/applications/${fixture.teamPosition}/${fixture.unassigned}`, ok: hiringTeam, missing: ['interviewer'] },
    { url: `/admin/applications/${fixture.otherPosition}/${fixture.other}`, ok: hiring, missing: ['hiring_manager', 'interviewer'] },
  ]),
  // A profile is the history of the candidate's applications in reach: a hiring manager's team, not an interviewer (issue 33).
  '/admin/candidates/[candidateId]': staffPage(() => [
    { url: `/admin/candidates/${fixture.assignedCandidate}`, ok: hiringTeam },
    { url: `/admin/candidates/${fixture.otherCandidate}`, ok: hiring, missing: ['hiring_manager'] },
  ]),
  '/admin/applications/[positionId]/calibration': staffPage(() => [
    { url: `/admin/applications/${fixture.teamPosition}/calibration`, ok: hiringTeam },
    { url: `/admin/applications/${fixture.otherPosition}/calibration`, ok: hiring, missing: ['hiring_manager'] },
  ]),
  '/admin/talent-pool': staffPage(() => [
    { url: '/admin/talent-pool', ok: hiring },
    { url: `/admin/talent-pool?q=matrix&position=${fixture.teamPosition}`, ok: hiring },
  ]),
  '/admin/insights': staffPage(() => [
    { url: '/admin/insights', ok: hiringTeam },
    { url: `/admin/insights?period=90&position=${fixture.teamPosition}`, ok: hiringTeam },
  ]),
  '/admin/analytics': staffPage(() => [
    { url: '/admin/analytics', ok: analysts },
    { url: '/admin/analytics?period=7', ok: analysts },
  ]),
  '/admin/insights/heard-about': staffPage(() => [{ url: '/admin/insights/heard-about', ok: hiring }]),
  '/admin/messages': staffPage(() => [{ url: '/admin/messages', ok: ['admin', 'sales'] }]),
  '/admin/meetings': staffPage(() => [{ url: '/admin/meetings', ok: ['admin', 'sales'] }]),
  '/admin/posts': staffPage(() => [
    { url: '/admin/posts', ok: contentStaff },
    { url: '/admin/posts?status=draft&q=matrix', ok: contentStaff },
  ]),
  '/admin/posts/[id]': staffPage(() => [{ url: `/admin/posts/${fixture.postId}`, ok: contentStaff }]),
  '/admin/pages': staffPage(() => [{ url: '/admin/pages', ok: contentStaff }]),
  '/admin/pages/[...page]': staffPage(() => [
    { url: '/admin/pages/home', ok: contentStaff },
    { url: '/admin/pages/solutions/aws/migration', ok: contentStaff },
  ]),
  '/admin/media': staffPage(() => [
    { url: '/admin/media', ok: contentStaff },
    { url: '/admin/media?q=matrix', ok: contentStaff },
  ]),
  // GET: a page of the library (the picker) and one image with its uses; POST (the upload) is below.
  '/api/admin/media': staffDownload(() => [
    { url: '/api/admin/media?q=matrix', ok: contentStaff },
    { url: `/api/admin/media?id=${fixture.mediaId}`, ok: contentStaff },
  ]),
  '/admin/messages/[id]': staffPage(() => [{ url: `/admin/messages/${fixture.messageId}`, ok: ['admin', 'sales'] }]),
  '/api/admin/applications.csv': staffDownload(() => [{ url: `/api/admin/applications.csv?q=${run}`, ok: hiringTeam }]),
  '/api/admin/applications/[positionId].csv': staffDownload(() => [
    { url: `/api/admin/applications/${fixture.teamPosition}.csv`, ok: hiringTeam },
    { url: `/api/admin/applications/${fixture.otherPosition}.csv`, ok: hiring, missing: ['hiring_manager'] },
  ]),
  '/api/admin/resumes/[applicationId]': staffDownload(() => [
    { url: `/api/admin/resumes/${fixture.assigned}`, ok: [...hiringTeam, 'interviewer'] },
    { url: `/api/admin/resumes/${fixture.other}`, ok: hiring, missing: ['hiring_manager', 'interviewer'] },
  ]),
  '/api/admin/attachments/[messageId]': staffDownload(() => [
    { url: `/api/admin/attachments/${fixture.messageId}`, ok: ['admin', 'sales'] },
  ]),
  // A reply's attachment (issue 35): the application's history, in reach; a message's handlers.
  '/api/admin/applications/[applicationId]/reply-files/[fileId]': staffDownload(() => [
    { url: `/api/admin/applications/${fixture.assigned}/reply-files/${fixture.replyFileAssigned}`, ok: hiringTeam },
    { url: `/api/admin/applications/${fixture.other}/reply-files/${fixture.replyFileOther}`, ok: hiring, missing: ['hiring_manager'] },
  ]),
  '/api/admin/messages/[messageId]/reply-files/[fileId]': staffDownload(() => [
    { url: `/api/admin/messages/${fixture.messageId}/reply-files/${fixture.replyFileMessage}`, ok: ['admin', 'sales'] },
  ]),
  '/api/admin/audit.csv': staffDownload(() => [{ url: '/api/admin/audit.csv', ok: ['admin'] }]),
  '/api/admin/analytics/[table].csv': staffDownload(() => [
    { url: '/api/admin/analytics/pages.csv?period=90', ok: analysts },
    { url: '/api/admin/analytics/goal-paths.csv', ok: analysts },
  ]),
  '/api/admin/insights/[report].csv': staffDownload(() => [
    { url: '/api/admin/insights/sources.csv?period=90', ok: hiringTeam },
    { url: `/api/admin/insights/funnel.csv?position=${fixture.teamPosition}`, ok: hiringTeam },
  ]),
  '/api/admin/privacy/export': staffDownload(() => [
    { url: `/api/admin/privacy/export?email=${encodeURIComponent(mail('other'))}`, ok: ['admin'] },
  ]),
  // The JSON API (issue 55): each role's token sees what its pages show it.
  '/api/openapi.json': publicUrls('/api/openapi.json'),
  '/api/v1/positions': tokenRoute(() => [{ url: '/api/v1/positions', ok: hiringTeam }]),
  '/api/v1/positions/[id]': tokenRoute(() => [
    { url: `/api/v1/positions/${fixture.teamPosition}`, ok: hiringTeam },
    { url: `/api/v1/positions/${fixture.otherPosition}`, ok: hiring, missing: ['hiring_manager'] },
  ]),
  '/api/v1/applications': tokenRoute(() => [{ url: `/api/v1/applications?position=${fixture.teamPosition}`, ok: hiringTeam }]),
  '/api/v1/applications/[id]': tokenRoute(() => [
    { url: `/api/v1/applications/${fixture.assigned}`, ok: [...hiringTeam, 'interviewer'] },
    { url: `/api/v1/applications/${fixture.other}`, ok: hiring, missing: ['hiring_manager', 'interviewer'] },
  ]),
  '/api/v1/applications/[id]/status': tokenRoute(() => [
    { method: 'POST', url: `/api/v1/applications/${fixture.assigned}/status`, body: { status: 'reviewing' }, ok: hiringTeam },
    {
      method: 'POST',
      url: `/api/v1/applications/${fixture.other}/status`,
      body: { status: 'reviewing' },
      ok: hiring,
      missing: ['hiring_manager'],
    },
  ]),
  '/api/v1/applications/[id]/notes': tokenRoute(() => [
    {
      method: 'POST',
      url: `/api/v1/applications/${fixture.assigned}/notes`,
      body: { body: 'Injected note' },
      ok: [...hiringTeam, 'interviewer'],
    },
    {
      method: 'POST',
      url: `/api/v1/applications/${fixture.other}/notes`,
      body: { body: 'Injected note' },
      ok: hiring,
      missing: ['hiring_manager', 'interviewer'],
    },
  ]),
  '/api/v1/rejection-reasons': tokenRoute(() => [{ url: '/api/v1/rejection-reasons', ok: hiringTeam }]),
  '/api/v1/candidates': tokenRoute(() => [{ url: '/api/v1/candidates', ok: hiringTeam }]),
  '/api/v1/interviews': tokenRoute(() => [{ url: '/api/v1/interviews', ok: [...hiringTeam, 'interviewer'] }]),
  '/api/v1/messages': tokenRoute(() => [{ url: '/api/v1/messages', ok: ['admin', 'sales'] }]),
  '/api/v1/messages/[id]': tokenRoute(() => [
    { url: `/api/v1/messages/${fixture.messageId}`, ok: ['admin', 'sales'] },
    { method: 'PATCH', url: `/api/v1/messages/${fixture.messageId}`, body: { read: true }, ok: ['admin', 'sales'] },
  ]),
  '/account/api-tokens': staffPage(() => [{ url: '/account/api-tokens', ok: apiRoles }]),
};

/**
 * Every action: who may call it, an input aimed at a record in reach, and (for actions on one
 * record) an input aimed at a record some of those roles may not reach.
 */
interface ActionCase {
  ok: readonly StaffRole[] | 'public' | 'signed-in';
  input: () => Record<string, unknown>;
  outOfReach?: { input: () => Record<string, unknown>; roles: readonly StaffRole[] };
}
const onOther = (input: () => Record<string, unknown>, roles: readonly StaffRole[]) => ({ input, roles });
const actions: Record<ActionName, ActionCase> = {
  apply: { ok: 'public', input: () => ({}) },
  contact: { ok: 'public', input: () => ({}) },
  'account.updateProfile': { ok: 'signed-in', input: () => ({}) },
  'account.changePassword': { ok: 'signed-in', input: () => ({}) },
  'account.startTwoFactor': { ok: 'signed-in', input: () => ({}) },
  'account.confirmTwoFactor': { ok: 'signed-in', input: () => ({}) },
  'account.disableTwoFactor': { ok: 'signed-in', input: () => ({}) },
  'account.signOutOthers': { ok: 'signed-in', input: () => ({}) },
  'account.signOutSession': { ok: 'signed-in', input: () => ({}) },
  'account.deleteAccount': { ok: 'signed-in', input: () => ({}) },
  'admin.setRole': { ok: ['admin'], input: () => ({ userId: fixture.victimUserId, role: 'admin' }) },
  'admin.resetTwoFactor': { ok: ['admin'], input: () => ({ userId: fixture.victimUserId }) },
  'admin.deleteUser': { ok: ['admin'], input: () => ({ userId: fixture.victimUserId }) },
  'admin.invite': { ok: ['admin'], input: () => ({ email: mail('intruder'), role: 'admin' }) },
  'admin.resendInvitation': { ok: ['admin'], input: () => ({ invitationId: fixture.invitationId }) },
  'admin.revokeInvitation': { ok: ['admin'], input: () => ({ invitationId: fixture.invitationId }) },
  'admin.createPosition': { ok: hiring, input: () => positionInput(`Matrix Injected Role ${run}`) },
  'admin.updatePosition': {
    ok: hiring,
    input: () => ({ positionId: fixture.teamPosition, form: positionInput(`Renamed By Attacker ${run}`) }),
  },
  'admin.setPositionActive': { ok: hiring, input: () => ({ positionId: fixture.teamPosition, active: false }) },
  'admin.addTeamMember': { ok: hiring, input: () => ({ positionId: fixture.otherPosition, userId: fixture.interviewerUserId }) },
  'admin.removeTeamMember': { ok: hiring, input: () => ({ positionId: fixture.teamPosition, userId: fixture.interviewerUserId }) },
  // The seeded answers stay (other specs apply with "LinkedIn"); one of the matrix's own is added.
  'admin.saveHeardAboutOptions': { ok: hiring, input: () => ({ options: [...SEEDED_HEARD_ABOUT, `Matrix fair ${run}`] }) },
  'admin.setApplicationStatus': {
    ok: hiringTeam,
    input: () => ({ applicationId: fixture.assigned, status: 'hired' }),
    outOfReach: onOther(() => ({ applicationId: fixture.other, status: 'hired' }), ['hiring_manager']),
  },
  'admin.bulkApplications': {
    ok: hiringTeam,
    input: () => ({ target: { ids: [fixture.assigned] }, action: { kind: 'status', status: 'offer' } }),
  },
  'admin.cancelCandidateEmail': {
    ok: hiringTeam,
    input: () => ({ applicationId: fixture.assigned, emailId: fixture.scheduledEmailId }),
  },
  'admin.emailCandidate': {
    ok: hiringTeam,
    input: () => ({ applicationId: fixture.assigned, templateKey: null, subject: 'Matrix mail', body: 'Hello' }),
    outOfReach: onOther(
      () => ({ applicationId: fixture.other, templateKey: null, subject: 'Matrix mail', body: 'Hello' }),
      ['hiring_manager'],
    ),
  },
  'admin.mergeCandidates': { ok: hiring, input: () => ({ keptId: fixture.kitCandidate, mergedId: fixture.otherCandidate }) },
  'admin.undoCandidateMerge': { ok: hiring, input: () => ({ mergeId: fixture.mergeId }) },
  'admin.inviteToApply': {
    ok: hiring,
    input: () => ({
      candidateId: fixture.kitCandidate,
      positionId: fixture.poolPosition,
      subject: 'Matrix invitation',
      body: 'Apply: {{position_link}}',
    }),
  },
  'admin.assignInterviewer': {
    ok: hiringTeam,
    input: () => ({ applicationId: fixture.unassigned, userId: fixture.interviewerUserId }),
    outOfReach: onOther(() => ({ applicationId: fixture.other, userId: fixture.interviewerUserId }), ['hiring_manager']),
  },
  'admin.unassignInterviewer': {
    ok: hiringTeam,
    input: () => ({ applicationId: fixture.assigned, userId: fixture.interviewerUserId }),
  },
  'admin.proposeInterview': {
    ok: hiringTeam,
    input: () => interviewProposal(fixture.assigned),
    outOfReach: onOther(() => interviewProposal(fixture.other), ['hiring_manager']),
  },
  'admin.recordInterview': {
    ok: hiringTeam,
    input: () => interviewRecord(fixture.assigned),
    outOfReach: onOther(() => interviewRecord(fixture.other), ['hiring_manager']),
  },
  'admin.cancelInterview': {
    ok: hiringTeam,
    input: () => ({ applicationId: fixture.assigned, requestId: fixture.interviewRequestId }),
    outOfReach: onOther(() => ({ applicationId: fixture.other, requestId: fixture.interviewRequestId }), ['hiring_manager']),
  },
  'admin.reofferInterview': {
    ok: hiringTeam,
    input: () => ({ applicationId: fixture.assigned, requestId: fixture.interviewRequestId }),
    outOfReach: onOther(() => ({ applicationId: fixture.other, requestId: fixture.interviewRequestId }), ['hiring_manager']),
  },
  'admin.addNote': {
    ok: [...hiringTeam, 'interviewer'],
    input: () => ({ applicationId: fixture.assigned, body: 'Injected note' }),
    outOfReach: onOther(() => ({ applicationId: fixture.other, body: 'Injected note' }), ['hiring_manager', 'interviewer']),
  },
  'admin.editNote': { ok: [...hiringTeam, 'interviewer'], input: () => ({ noteId: fixture.noteId, body: 'Overwritten note' }) },
  'admin.deleteNote': { ok: [...hiringTeam, 'interviewer'], input: () => ({ noteId: fixture.noteId }) },
  'admin.rateApplication': {
    ok: [...hiringTeam, 'interviewer'],
    input: () => ({ applicationId: fixture.assigned, rating: 1 }),
    outOfReach: onOther(() => ({ applicationId: fixture.unassigned, rating: 1 }), ['interviewer']),
  },
  'admin.saveInterviewPlan': { ok: hiring, input: () => ({ positionId: fixture.otherPosition, plan: matrixPlan }) },
  'admin.setOfferBand': {
    ok: hiring,
    input: () => ({ positionId: fixture.otherPosition, band: { min: '91234', max: '123456', currency: 'EUR', period: 'year' } }),
  },
  // Offers (issue 54), in the order the admin runs them: a new draft for the unassigned applicant; the
  // other applicant's offer saved within the band just set, approved at once (nobody named), sent,
  // withdrawn and replaced; the admin's approval given on the assigned applicant's, which is then discarded.
  'admin.createOffer': { ok: hiring, input: () => ({ applicationId: fixture.unassigned, templateId: null }) },
  'admin.saveOffer': { ok: hiring, input: () => ({ offerId: fixture.otherOfferId, terms: matrixTerms('100000') }) },
  'admin.submitOffer': { ok: hiring, input: () => ({ offerId: fixture.otherOfferId }) },
  'admin.sendOffer': { ok: hiring, input: () => ({ offerId: fixture.otherOfferId }) },
  'admin.withdrawOffer': { ok: hiring, input: () => ({ offerId: fixture.otherOfferId }) },
  'admin.replaceOffer': { ok: hiring, input: () => ({ offerId: fixture.otherOfferId }) },
  'admin.decideOffer': {
    ok: ['admin', 'hiring_manager'],
    input: () => ({ offerId: fixture.offerId, decision: 'approved', comment: '' }),
    outOfReach: onOther(() => ({ offerId: fixture.otherOfferId, decision: 'approved', comment: '' }), ['hiring_manager']),
  },
  'admin.discardOffer': { ok: hiring, input: () => ({ offerId: fixture.offerId }) },
  'admin.saveOfferTemplate': { ok: ['admin'], input: () => ({ name: `Matrix injected letter ${run}`, body: 'Injected' }) },
  'admin.deleteOfferTemplate': { ok: ['admin'], input: () => ({ id: fixture.offerTemplateId }) },
  // In this order for the admin: the delivery sent again before its integration is deleted.
  'admin.saveIntegration': {
    ok: ['admin'],
    input: () => ({
      kind: 'chat',
      name: `Matrix injected channel ${run}`,
      url: 'http://127.0.0.1:9/injected',
      events: ['application.received'],
    }),
  },
  'admin.setIntegrationEnabled': { ok: ['admin'], input: () => ({ id: fixture.integrationId, enabled: false }) },
  'admin.newIntegrationSecret': { ok: ['admin'], input: () => ({ id: fixture.integrationId }) },
  'admin.redeliver': { ok: ['admin'], input: () => ({ deliveryId: fixture.deliveryId }) },
  'admin.deleteIntegration': { ok: ['admin'], input: () => ({ id: fixture.integrationId }) },
  // Single sign-on (issue 56): kept switched off (no provider is read), then removed, by the admin.
  'admin.saveSso': {
    ok: ['admin'],
    input: () => ({
      name: `Matrix SSO ${run}`,
      issuer: 'https://sso.matrix.test',
      clientId: 'matrix',
      clientSecret: 'matrix-secret',
      domains: ['matrix-sso.test'],
      roleClaim: 'groups',
      roleMap: [{ value: 'everyone', role: 'admin' }],
      ssoOnly: true,
      sessionHours: 12,
      enabled: false,
    }),
  },
  'admin.removeSso': { ok: ['admin'], input: () => ({}) },
  // One's own API tokens: another's is answered as missing.
  'admin.createApiToken': { ok: apiRoles, input: () => ({ name: `Matrix injected token ${run}`, scope: 'write', days: 7 }) },
  'admin.revokeApiToken': {
    ok: apiRoles,
    input: () => ({ id: fixture.spareTokenId }),
    outOfReach: onOther(() => ({ id: fixture.spareTokenId }), ['recruiter', 'hiring_manager', 'interviewer', 'sales']),
  },
  'admin.saveScorecard': {
    ok: [...hiringTeam, 'interviewer'],
    input: () => scorecardInput(fixture.assigned),
    outOfReach: onOther(() => scorecardInput(fixture.unassigned), ['interviewer']),
  },
  'admin.saveTemplate': { ok: hiring, input: () => ({ key: 'offer', subject: 'Matrix offer', body: 'Matrix offer' }) },
  // Each call adds a reason of its own (names are unique).
  'admin.saveRejectionReason': {
    ok: hiring,
    input: () => ({ id: null, label: `Matrix reason ${run} ${(reasonCount += 1)}`, asksDetail: false }),
  },
  'admin.createPost': { ok: contentStaff, input: () => ({}) },
  // From an older version: answered with the saved one, nothing written (a conflict).
  'admin.savePost': {
    ok: contentStaff,
    input: () => ({
      postId: fixture.postId,
      version: 1,
      content: { ...matrixPost(fixture.mediaId), title: 'Overwritten post' },
      autosave: false,
    }),
  },
  'admin.previewPostBody': { ok: contentStaff, input: () => ({ body: '**Matrix**' }) },
  // An empty draft: answered with what it lacks, nothing published.
  'admin.publishPost': { ok: contentStaff, input: () => ({ postId: fixture.emptyPostId, version: 1 }) },
  'admin.unpublishPost': { ok: contentStaff, input: () => ({ postId: fixture.scheduledPostId }) },
  'admin.schedulePost': {
    ok: contentStaff,
    input: () => ({ postId: fixture.emptyPostId, version: 1, publishAt: null, unpublishAt: null }),
  },
  'admin.restorePostRevision': { ok: contentStaff, input: () => ({ postId: fixture.postId, revisionId: fixture.postRevisionId }) },
  'admin.comparePostRevision': { ok: contentStaff, input: () => ({ postId: fixture.postId, revisionId: fixture.postRevisionId }) },
  'admin.previewLink': { ok: contentStaff, input: () => ({ postId: fixture.postId }) },
  // From an older version: a conflict, nothing written. The texts published are the company page's own (nothing on the page changes).
  'admin.savePageTexts': { ok: contentStaff, input: () => ({ page: 'company', version: 1, texts: { title: 'Injected title' } }) },
  'admin.publishPageTexts': { ok: contentStaff, input: () => ({ page: 'company', version: 2 }) },
  'admin.restorePageRevision': { ok: contentStaff, input: () => ({ page: 'company', revisionId: fixture.pageRevisionId }) },
  'admin.comparePageRevision': { ok: contentStaff, input: () => ({ page: 'company', revisionId: fixture.pageRevisionId }) },
  'admin.pagePreviewLink': { ok: contentStaff, input: () => ({ page: 'company' }) },
  'admin.setMediaAlt': { ok: contentStaff, input: () => ({ mediaId: fixture.mediaId, alt: 'Matrix alt overwritten' }) },
  'admin.deleteMedia': { ok: contentStaff, input: () => ({ mediaId: fixture.spareMediaId }) },
  'admin.setMessageRead': { ok: ['admin', 'sales'], input: () => ({ messageId: fixture.messageId, read: true }) },
  // Answered before it is deleted (the admin runs them in this order).
  'admin.answerMessage': {
    ok: ['admin', 'sales'],
    input: () => ({ messageId: fixture.messageId, subject: 'Matrix answer', body: 'Hello' }),
  },
  // Before the message is deleted (the admin runs every action in this order).
  'admin.followMessage': { ok: ['admin', 'sales'], input: () => ({ contactMessageId: fixture.messageId, follow: true }) },
  'admin.deleteMessage': { ok: ['admin', 'sales'], input: () => ({ messageId: fixture.messageId }) },
  // Following (issue 51): whoever may read the application, or handle the message; one's own state only.
  'admin.followApplication': {
    ok: ['admin', 'recruiter', 'hiring_manager', 'interviewer'],
    input: () => ({ applicationId: fixture.assigned, follow: true }),
    outOfReach: onOther(() => ({ applicationId: fixture.other, follow: true }), ['hiring_manager', 'interviewer']),
  },
  'admin.setLegalHold': { ok: ['admin'], input: () => ({ applicationId: fixture.assigned, reason: 'Matrix hold' }) },
  'admin.erasePerson': { ok: ['admin'], input: () => ({ email: mail('other') }) },
};

/** What the requests above would change, read as the admin sees it. */
let reasonCount = 0;

async function observableState() {
  const admin = clients.admin;
  const [dashboard, detail, board, inbox, templates, account, teamPage, heard] = await Promise.all(
    [
      admin.get('/admin'),
      admin.get(`/admin/applications/${fixture.teamPosition}/${fixture.assigned}`),
      clients.anonymous.get(`/careers?q=${encodeURIComponent(`Team Role ${run}`)}`),
      admin.get('/admin/messages'),
      admin.get('/admin/templates'),
      admin.get(`/admin/privacy?email=${encodeURIComponent(mail('other'))}`),
      admin.get(`/admin/positions/${fixture.otherPosition}`),
      admin.get('/admin/insights/heard-about'),
    ].map(async (response) => (await response).text()),
  );
  return {
    note: detail!.includes('Matrix note'),
    injectedNote: detail!.includes('Injected note') || detail!.includes('Overwritten note'),
    rated: !detail!.includes('Not rated yet.'),
    emailed: detail!.includes('Matrix mail'),
    emailScheduled: detail!.includes('Cancel sending'),
    templateChanged: templates!.includes('Matrix offer'),
    reasonAdded: templates!.includes(`Matrix reason ${run}`),
    held: detail!.includes('Matrix hold'),
    interviewerAssigned: /aria-label="Interviewers"(?:(?!<\/ul>)[^])*Matrix interviewer/.test(detail!),
    scorecardSubmitted: !detail!.includes('No scorecard submitted yet.'),
    planChanged: teamPage!.includes('Matrix stage'),
    offerBandSet: teamPage!.includes('EUR 91,234 – 123,456 a year'),
    openInvitations: detail!.match(/Waiting for the candidate to choose a time/g)?.length ?? 0,
    withdrawnInvitations: detail!.match(/>Withdrawn<\/p>/g)?.length ?? 0,
    recordedInterviews: detail!.match(/recorded a 30-minute interview/g)?.length ?? 0,
    interviewerOnOtherTeam: /aria-label="Hiring team"(?:(?!<\/ul>)[^])*Matrix interviewer/.test(teamPage!),
    heardAboutChanged: heard!.includes(`Matrix fair ${run}`),
    applicantFound: account!.includes(OTHER_ROLE),
    victimListed: dashboard!.includes(mail('victim')),
    injectedPosition: dashboard!.includes(`Matrix Injected Role ${run}`),
    renamed: dashboard!.includes(`Renamed By Attacker ${run}`),
    positionOpen: board!.includes(TEAM_ROLE),
    messageListed: inbox!.includes(mail('mona')),
    messageUnread: new RegExp(`${mail('mona')}[^]*?Unread`).test(inbox!),
    status: /<option value="(\w+)" selected/.exec(detail!)?.[1],
    victimRole: new RegExp(`>\\s*${mail('victim')}[^]*?<option value="(\\w+)" selected`).exec(dashboard!)?.[1],
    victimFactor: new RegExp(`>\\s*${mail('victim')}[^]*?2FA (on|off)`).exec(dashboard!)?.[1],
    intruderInvited: dashboard!.includes(mail('intruder')),
    pendingInvited: dashboard!.includes(mail('pending')),
    ...(await schedulesState()),
    ...(await candidatesState()),
    ...(await mediaState()),
    ...(await postsState()),
    ...(await offersState()),
    // Answers to the message (issue 35).
    messageAnswers: Number(
      (
        (await sqlOnTestServer('select count(*)::int as n from contact_message_emails where contact_message_id = $1', [fixture.messageId]))
          .rows[0] as { n: number }
      ).n,
    ),
  };
}

/** Offers (issue 54): each of the matrix's applications' offers (version and status, its approvals given), and the letter templates. */
async function offersState() {
  const { rows } = await sqlOnTestServer(
    `select a.full_name || ' ' || o.version || ':' || o.status || ':' || o.salary
       || ':' || (select count(*) from offer_approvals p where p.offer_id = o.id and p.decision is not null) as offer
     from offers o join applications a on a.id = o.application_id
     where a.id = any($1) order by a.full_name, o.version`,
    [[fixture.assigned, fixture.unassigned, fixture.other]],
  );
  const { rows: templates } = await sqlOnTestServer(`select name from offer_templates where name like 'Matrix%' order by name`);
  return {
    offers: (rows as { offer: string }[]).map((row) => row.offer).join(', '),
    offerTemplates: (templates as { name: string }[]).map((row) => row.name).join(', '),
    ...(await integrationsState()),
    ...(await apiTokensState()),
    ...(await ssoState()),
  };
}

/** Single sign-on (issue 56): the provider's settings, if any. */
async function ssoState() {
  const { rows } = await sqlOnTestServer(`select name || ':' || enabled || ':' || md5(client_secret_sealed) as sso from sso_settings`);
  return { sso: (rows as { sso: string }[]).map((row) => row.sso) };
}

/** API tokens (issue 55): the admin's spare one and any injected, each working or revoked. */
async function apiTokensState() {
  const { rows } = await sqlOnTestServer(
    `select name || ':' || (revoked_at is null) as token from api_tokens where name in ($1, $2) order by name`,
    [`Matrix spare ${run}`, `Matrix injected token ${run}`],
  );
  return { apiTokens: (rows as { token: string }[]).map((row) => row.token) };
}

/** Integrations (issue 55): the matrix's, each switched on or off with its secret's fingerprint, and its delivery's state. */
async function integrationsState() {
  const { rows } = await sqlOnTestServer(
    `select e.name || ':' || e.enabled || ':' || coalesce(md5(e.secret_sealed), '-') as integration,
       (select string_agg(d.state || '/' || d.attempts, ',') from integration_deliveries d where d.endpoint_id = e.id) as deliveries
     from integration_endpoints e where e.name like $1 order by e.name`,
    [`Matrix % ${run}`],
  );
  return {
    integrations: (rows as { integration: string; deliveries: string | null }[]).map((row) => `${row.integration} ${row.deliveries ?? ''}`),
  };
}

/** The blog (issue 34): how many posts, the matrix post's title, version and revisions, the scheduled one's state. */
async function postsState() {
  const { rows } = await sqlOnTestServer(
    `select (select count(*)::int from posts) as posts,
       (select content->>'title' || ' v' || version from posts where id = $1) as post,
       (select count(*)::int from post_revisions where post_id = $1) as revisions,
       (select status from posts where id = $2) as scheduled`,
    [fixture.postId, fixture.scheduledPostId],
  );
  const [row] = rows as { posts: number; post: string; revisions: number; scheduled: string }[];
  const { rows: pageRows } = await sqlOnTestServer(
    `select version, published_revision_id is not null as published, draft::text as draft from page_texts where page = 'company'`,
  );
  const [pageRow] = pageRows as { version: number; published: boolean; draft: string }[];
  return {
    posts: row!.posts,
    matrixPost: row!.post,
    matrixPostRevisions: row!.revisions,
    scheduledPost: row!.scheduled,
    companyTexts: `v${pageRow?.version} ${pageRow?.published ? 'published' : 'draft'} ${pageRow?.draft}`,
  };
}

/** The media library (issue 34): how many of the matrix's images (an intruder's upload would be one more), the matrix image's alt text, whether the spare one is there. */
async function mediaState() {
  const { rows } = await sqlOnTestServer(
    `select count(*) filter (where alt like 'Matrix%')::int as images, max(alt) filter (where id = $1) as alt,
       count(*) filter (where id = $2)::int as spare from media`,
    [fixture.mediaId, fixture.spareMediaId],
  );
  const [row] = rows as { images: number; alt: string | null; spare: number }[];
  return { mediaImages: row!.images, mediaAlt: row!.alt, spareMedia: row!.spare === 1 };
}

/** Who is one person with whom (issue 33): Mel merged into Kit, Otto apart. */
async function candidatesState() {
  const { rows } = await sqlOnTestServer(
    `select full_name, candidate_id = $1 as with_kit from applications where full_name in ('Mel Matrix', 'Otto Other')`,
    [fixture.kitCandidate],
  );
  const withKit = (name: string) => (rows as { full_name: string; with_kit: boolean }[]).find((row) => row.full_name === name)?.with_kit;
  const invited = await sqlOnTestServer('select count(*)::int as count from talent_pool_invitations where candidate_id = $1', [
    fixture.kitCandidate,
  ]);
  return {
    melWithKit: withKit('Mel Matrix'),
    ottoWithKit: withKit('Otto Other'),
    kitInvited: (invited.rows[0] as { count: number }).count,
  };
}

/** Everyone's availability, days off and connected calendars, as stored (the availability page's forms change only these). */
async function schedulesState() {
  const [schedules, daysOff, calendars] = await Promise.all([
    sqlOnTestServer(
      `select user_id, time_zone, weekly_hours, buffer_minutes, notice_minutes, daily_cap, takes_meetings, feed_token_hash
       from staff_schedules order by user_id`,
    ),
    sqlOnTestServer('select user_id, day::text from staff_days_off order by user_id, day'),
    sqlOnTestServer(
      `select s.user_id, s.label, s.link_hash, s.reads_busy, s.writes_bookings, a.server_url, a.username
       from calendar_sources s left join calendar_accounts a on a.id = s.account_id order by s.user_id, s.label`,
    ),
  ]);
  return { schedules: JSON.stringify(schedules.rows), daysOff: JSON.stringify(daysOff.rows), calendars: JSON.stringify(calendars.rows) };
}

/** The availability page's forms, posted as its page posts them; as the page's own forms for those who may open it, with mistakes. */
const availabilityIntents = [
  'save',
  'add-day-off',
  'remove-day-off',
  'renew-feed',
  'add-calendar-link',
  'remove-calendar',
  'add-caldav-account',
  'choose-caldav-calendars',
  'remove-caldav-account',
] as const;
const availabilityForm = (intent: (typeof availabilityIntents)[number]) => ({
  intent,
  time_zone: 'Europe/Paris',
  day1_available: 'on',
  day1_start: '17:00',
  // Before the start: refused by the form's rules.
  day1_end: '09:00',
  buffer_minutes: '60',
  notice_minutes: '60',
  daily_cap: '1',
  takes_meetings: '',
  // In the past: refused by the days off rules.
  off_from: '2000-01-01',
  // Not a link: refused by the calendar link's rules, before anything is fetched.
  calendar_link: 'not a link',
  server_url: 'not a link',
  username: '',
  app_password: '',
  calendar: '00000000-0000-4000-8000-000000000000',
  account: '00000000-0000-4000-8000-000000000000',
  from: '2000-01-01',
  until: '2100-12-31',
});

const initialState = {
  note: true,
  injectedNote: false,
  rated: false,
  emailed: false,
  templateChanged: false,
  held: false,
  interviewerAssigned: true,
  scorecardSubmitted: false,
  planChanged: false,
  offerBandSet: false,
  openInvitations: 1,
  withdrawnInvitations: 0,
  recordedInterviews: 0,
  interviewerOnOtherTeam: false,
  heardAboutChanged: false,
  applicantFound: true,
  victimListed: true,
  injectedPosition: false,
  renamed: false,
  positionOpen: true,
  messageListed: true,
  messageUnread: true,
  status: 'pending',
  victimRole: 'user',
  victimFactor: 'on',
  intruderInvited: false,
  pendingInvited: true,
  mediaAlt: 'Matrix image',
  spareMedia: true,
  matrixPost: 'Matrix post v2',
  matrixPostRevisions: 1,
  scheduledPost: 'scheduled',
  companyTexts: 'v2 draft {}',
  offers: 'Asha Assigned 1:approval:150000:0, Otto Other 1:draft:100000:0',
  offerTemplates: `Matrix letter ${run}`,
  integrations: [expect.stringMatching(new RegExp(`^Matrix hook ${run}:true:[0-9a-f]{32} failed/8$`))],
  apiTokens: [`Matrix spare ${run}:true`],
  sso: [],
};

/** Where a refused page sends someone who is not (yet) a staff member at aal2. */
const pageRefusal: Record<(typeof OTHERS)[number], { status: number; location: RegExp; api: number }> = {
  anonymous: { status: 303, location: /^\/auth\?next=/, api: 401 },
  user: { status: 303, location: /^\/$/, api: 403 },
  held: { status: 303, location: /^\/account#two-factor$/, api: 403 },
  aal1: { status: 303, location: /^\/auth\/two-factor\?next=/, api: 403 },
};

test('the matrix names every route and action the server has a rule for, with the same access', () => {
  expect(Object.keys(routes).sort()).toEqual(Object.keys(routeRules).sort());
  expect(Object.keys(actions).sort()).toEqual(Object.keys(actionRules).sort());
  for (const [pattern, rule] of Object.entries(routeRules)) expect(routes[pattern as RoutePattern].access, pattern).toBe(rule.access);
  for (const [name, rule] of Object.entries(actionRules)) {
    const ok = actions[name as ActionName].ok;
    expect(typeof ok === 'string' ? ok : 'staff', name).toBe(rule.access);
  }
});

for (const who of EVERYONE) {
  test(`${who}: every page and download answers as the role allows; every refused action changes nothing`, async ({ baseURL }) => {
    test.setTimeout(90_000);
    const requester = clients[who];
    const before = await observableState();
    expect(before).toMatchObject(initialState);

    for (const [pattern, route] of Object.entries(routes)) {
      if (route.access === 'token') {
        const mine = fixture.tokens[who as StaffRole];
        for (const { url, method = 'GET', body, ok, missing = [] } of route.cases()) {
          const context = `${method} ${url} (${pattern}) as ${who}`;
          const send = (token?: string, data?: Record<string, unknown>) =>
            requester.fetch(url, {
              method,
              ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
              ...(data ? { data } : {}),
            });
          // A cookie (the role's session) opens none of it.
          expect((await send(undefined, body)).status(), `${context} with a cookie and no token`).toBe(401);
          if (!mine) continue;
          if (method === 'GET') {
            const status = (await send(mine.read)).status();
            expect(status, context).toBe(ok.includes(who as StaffRole) ? 200 : missing.includes(who as StaffRole) ? 404 : 403);
            continue;
          }
          // A read-only token changes nothing, whoever holds it.
          expect((await send(mine.read, body)).status(), `${context} with a read-only token`).toBe(403);
          // Past the door with a body that is not valid (refused by the schema, 400), or refused (403, 404): nothing changed.
          if (ok.includes(who as StaffRole)) expect((await send(mine.write, { unexpected: true })).status(), context).toBe(400);
          else expect((await send(mine.write, body)).status(), context).toBe(missing.includes(who as StaffRole) ? 404 : 403);
        }
        continue;
      }
      if (route.access !== 'staff') {
        for (const url of route.urls()) {
          const response = await requester.get(url);
          // Public routes are never refused by the access layer; signed-in ones only to the signed out.
          if (route.access === 'signed-in' && who === 'anonymous') {
            expect(response.status(), url).toBe(303);
            expect(response.headers()['location'], url).toMatch(/^\/auth/);
          } else if (url === '/403') expect(response.status(), `${url} as ${who}`).toBe(403);
          else expect([401, 403], `${url} as ${who}`).not.toContain(response.status());
          expect(response.status(), url).toBeLessThan(500 + (url === '/500' || url === '/503' ? 100 : 0));
        }
        continue;
      }
      for (const { url, ok, missing = [], okStatus = 200 } of route.cases()) {
        const response = await requester.get(url);
        const context = `${url} (${pattern}) as ${who}`;
        if (who in pageRefusal) {
          const refusal = pageRefusal[who as keyof typeof pageRefusal];
          if (route.kind === 'page') {
            expect(response.status(), context).toBe(refusal.status);
            expect(response.headers()['location'], context).toMatch(refusal.location);
          } else expect(response.status(), context).toBe(refusal.api);
        } else if (ok.includes(who as StaffRole)) {
          expect(response.status(), context).toBe(okStatus);
        } else if (missing.includes(who as StaffRole)) {
          expect(response.status(), context).toBe(404);
        } else {
          expect(response.status(), context).toBe(403);
          if (route.kind === 'page') expect(await response.text(), context).toContain('You don’t have access to this page');
        }
        if (response.status() !== 200) expect(response.headers()['content-disposition'], context).toBeUndefined();
      }
    }

    for (const [name, action] of Object.entries(actions) as [ActionName, ActionCase][]) {
      const context = `${name} as ${who}`;
      if (action.ok === 'public') continue;
      if (action.ok === 'signed-in') {
        // Only whether the person gets past the door: anonymous is refused, anyone signed in is not.
        if (who === 'anonymous') expect((await requester.post(`/_actions/${name}`, { data: {} })).status(), context).toBe(401);
        continue;
      }
      const allowed = action.ok.includes(who as StaffRole);
      const expected = who === 'anonymous' ? 401 : 403;
      if (allowed) {
        // Past the door with an input that is not valid: refused by the schema (400), nothing changed.
        // With and without the trailing slash Astro's own client adds.
        for (const path of [`/_actions/${name}`, `/_actions/${name}/`]) {
          const response = await requester.post(path, { data: { unexpected: true } });
          expect(response.status(), `${context} (through the door at ${path})`).toBe(400);
        }
        if (action.outOfReach?.roles.includes(who as StaffRole)) {
          const outside = await requester.post(`/_actions/${name}`, { data: action.outOfReach.input() });
          expect(outside.status(), `${context} on a record out of reach`).toBe(400);
          expect(await outside.text(), `${context} on a record out of reach`).toMatch(/no longer exists/);
        }
        continue;
      }
      for (const path of [`/_actions/${name}`, `/_actions/${name}/`]) {
        const response = await requester.post(path, { data: action.input() });
        expect(response.status(), `${context} at ${path}`).toBe(expected);
      }
      // The same action posted to a page as a form action is refused too.
      const asForm = await requester.post(`/careers?_action=${name}`, { data: action.input() });
      expect(asForm.status(), `${context} as a page form action`).toBe(expected);
      // Astro runs whatever follows the last /_actions/ of a path: the check sees it too.
      const nested = await requester.post(`/_actions/x/_actions/${name}`, { data: action.input() });
      expect(nested.status(), `${context} under a nested path`).toBe(expected);
      expect(nested.headers()['set-cookie'], `${context} under a nested path`).toMatch(/^helixpoint_signed_in=/);
    }

    // The media library's upload (a multipart form from the site's own origin): refused at the door
    // for whoever may not use the library; for those who may, an image without alt text is refused.
    const mayEdit = (contentStaff as readonly Requester[]).includes(who);
    const uploaded = await requester.post('/api/admin/media', {
      ...mediaForm(mayEdit ? ' ' : 'Matrix intruder', await matrixPng()),
      headers: { Origin: baseURL! },
    });
    expect(uploaded.status(), `media upload as ${who}`).toBe(mayEdit ? 400 : who === 'anonymous' ? 401 : 403);
    if (mayEdit) expect(await uploaded.json(), `media upload as ${who}`).toMatchObject({ field: 'alt' });

    // The availability page's forms (plain form posts, with the Origin a browser sends): refused at
    // the door for whoever may not open the page; the others' mistakes are refused by the form's rules.
    const mayPlan = (bookable as readonly Requester[]).includes(who);
    for (const intent of mayPlan ? (['save', 'add-day-off', 'add-calendar-link', 'add-caldav-account'] as const) : availabilityIntents) {
      const response = await requester.post('/account/availability', { form: availabilityForm(intent), headers: { Origin: baseURL! } });
      const context = `availability form (${intent}) as ${who}`;
      if (mayPlan) expect(response.status(), context).toBe(400);
      else if (who in pageRefusal) {
        expect(response.status(), context).toBe(303);
        expect(response.headers()['location'], context).toMatch(pageRefusal[who as keyof typeof pageRefusal].location);
      } else {
        expect(response.status(), context).toBe(403);
        expect(await response.text(), context).toContain('You don’t have access to this page');
      }
    }
    expect(await observableState()).toEqual(before);
  });
}

test('an admin gets every page, download and action', async () => {
  test.setTimeout(90_000);
  const admin = clients.admin;
  for (const route of Object.values(routes))
    if (route.access === 'staff')
      for (const { url, okStatus = 200 } of route.cases()) expect((await admin.get(url)).status(), url).toBe(okStatus);
    else if (route.access === 'token')
      for (const { url, method = 'GET' } of route.cases())
        if (method === 'GET')
          expect((await admin.get(url, { headers: { Authorization: `Bearer ${fixture.tokens.admin!.read}` } })).status(), url).toBe(200);
  const resume = await admin.get(`/api/admin/resumes/${fixture.assigned}`);
  expect(resume.headers()).toMatchObject({
    'content-disposition': expect.stringMatching(/^attachment; filename="jane-resume\.pdf"/),
    'x-content-type-options': 'nosniff',
  });
  const exported = await admin.get(`/api/admin/privacy/export?email=${encodeURIComponent(mail('other'))}`);
  expect(exported.headers()['content-type']).toBe('application/zip');
  const funnel = await admin.get(`/api/admin/insights/funnel.csv?position=${fixture.teamPosition}`);
  expect(funnel.headers()).toMatchObject({
    'content-disposition': expect.stringMatching(
      new RegExp(`^attachment; filename="insights-funnel-matrix-team-role-${run}-30-days-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    ),
    'cache-control': 'no-store',
  });
  expect(await funnel.text()).toMatch(/^Stage,Applications,Share of applied \(%\)\r\nApplied,2,100\r\n/);
  expect(await (await admin.get(`/api/admin/attachments/${fixture.messageId}`)).text()).toBe('A brief for the matrix.\n');
  // In this order: a legal hold before the erasure, so the held application outlives it.
  const order: ActionName[] = ['admin.setLegalHold', 'admin.erasePerson'];
  const staffActions = (Object.keys(actions) as ActionName[]).filter((name) => name.startsWith('admin.') && !order.includes(name));
  for (const name of [...staffActions, ...order]) {
    const response = await admin.post(`/_actions/${name}`, { data: actions[name].input() });
    // 204 for actions that return nothing.
    expect([200, 204], name).toContain(response.status());
  }
  expect(await observableState()).toMatchObject({
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
    reasonAdded: true,
    emailScheduled: false,
    heardAboutChanged: true,
    interviewerOnOtherTeam: true,
    // The admin proposed one more, withdrew the first and offered it again.
    openInvitations: 2,
    withdrawnInvitations: 0,
    recordedInterviews: 1,
    scorecardSubmitted: true,
    planChanged: true,
    offerBandSet: true,
    status: 'offer',
    intruderInvited: true,
    pendingInvited: false,
    // Otto merged into Kit, and the merge of Mel undone (Otto erased afterwards: gone from the list).
    melWithKit: false,
    kitInvited: 1,
    mediaAlt: 'Matrix alt overwritten',
    spareMedia: false,
    // The save from an old version changed nothing; the restore made a revision and a version.
    matrixPost: 'Matrix post v3',
    matrixPostRevisions: 2,
    scheduledPost: 'draft',
    // Published as they were, then the first revision restored (a new version).
    companyTexts: 'v3 published {}',
    // Offers: the assigned applicant's discarded (after the admin's approval); Una's new draft; Otto's
    // sent, withdrawn and replaced, then erased with him; the template deleted, the injected one kept.
    offers: expect.stringMatching(/^Una Unassigned 1:draft:\d+:0$/),
    offerTemplates: `Matrix injected letter ${run}`,
    // The injected channel kept; the hook switched off, given a secret, its delivery sent again, then deleted.
    integrations: [`Matrix injected channel ${run}:true:- `],
    // The spare token revoked; one made.
    apiTokens: [`Matrix injected token ${run}:true`, `Matrix spare ${run}:false`],
    // Kept, then removed.
    sso: [],
  });
});
