import { Validator } from '@seriousme/openapi-schema-validator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeRules, type Rule } from '../access/rules';
import { matchingApplicationIds } from '../applications/workspace';
import { apiTokens, applicationInterviewers, applications, auditLog, bookingHosts, bookings, hiringTeamMembers, users } from '../db/schema';
import { startTestBackend, type TestBackend } from '../testing/backend';
import { addApplication, addPosition, addUser, applicantDefaults } from '../testing/fixtures';
import { emptyWorkspaceQuery } from '../../lib/applications/query';
import { throughApiDoor } from './door';
import { openApiDocument } from './openapi';
import { openApiPath, operations } from './operations';
import { CursorError, getApplication, listApplications, listCandidates, listInterviews, listPositions } from './resources';
import { authenticateToken, createApiToken, revokeApiToken } from './tokens';

/*
 * The JSON API (issue 55) against a real PostgreSQL: personal tokens (hashed, revocable, ending,
 * acting with their owner's role as it is now), the door (read-only tokens, permissions, the rate
 * limit, every call audited), a hiring manager's token seeing exactly what the hiring manager's
 * workspace shows, and the OpenAPI document valid and covering every route of the API.
 */

let backend: TestBackend;
type Person = Awaited<ReturnType<typeof addUser>>;
let ada: Person; // admin
let hank: Person; // hiring manager of the team position
let ivy: Person; // interviewer, assigned to one application
let rae: Person; // recruiter
let team: string;
let other: string;
const apps: Record<string, string> = {};
const db = () => backend.database.db;
const siteUrl = 'https://www.helixpoint.test';

beforeAll(async () => {
  backend = await startTestBackend();
  [ada, hank, ivy, rae] = await Promise.all([
    addUser(db(), 'ada-api', 'admin'),
    addUser(db(), 'hank-api', 'hiring_manager'),
    addUser(db(), 'ivy-api', 'interviewer'),
    addUser(db(), 'rae-api', 'recruiter'),
  ]);
  team = await addPosition(db(), { title: 'Team Engineer' });
  other = await addPosition(db(), { title: 'Other Analyst' });
  await db().insert(hiringTeamMembers).values({ positionId: team, userId: hank.id, addedByEmail: ada.email });
  for (const [key, position, name] of [
    ['a1', team, 'Ana One'],
    ['a2', team, 'Ben Two'],
    ['a3', team, 'Cid Three'],
    ['b1', other, 'Dee Other'],
  ] as const)
    apps[key] = await addApplication(db(), position, { fullName: name, email: `${key}@mail.test`, phone: '+15125550147' });
  // The interviewer is asked to interview Ana; the hiring manager, Dee (of another team: no contact data).
  await db()
    .insert(applicationInterviewers)
    .values([
      { applicationId: apps.a1!, userId: ivy.id, assignedByEmail: ada.email },
      { applicationId: apps.b1!, userId: hank.id, assignedByEmail: ada.email },
    ]);
}, 120_000);

afterAll(async () => {
  await backend?.stop();
}, 60_000);

describe('tokens', () => {
  it('are shown once, kept hashed, revocable, ending, and act with their owner’s role as it is now', async () => {
    const { id, token } = await createApiToken(db(), rae, { name: 'HR sync', scope: 'read', days: 30 });
    expect(token).toMatch(/^hxp_[A-Za-z0-9_-]{43}$/);
    const [row] = await db().select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token.slice(4));
    expect(row!.prefix).toBe(token.slice(0, 10));

    const header = `Bearer ${token}`;
    expect(await authenticateToken(db(), header)).toMatchObject({ id: rae.id, role: 'recruiter', scope: 'read' });
    const [used] = await db().select({ at: apiTokens.lastUsedAt }).from(apiTokens).where(eq(apiTokens.id, id));
    expect(used!.at).toBeInstanceOf(Date);
    // Another token, a token in another form, no header: nobody.
    expect(await authenticateToken(db(), `Bearer hxp_${'A'.repeat(43)}`)).toBeNull();
    expect(await authenticateToken(db(), token)).toBeNull();
    expect(await authenticateToken(db(), null)).toBeNull();
    // Past its end: nobody.
    expect(await authenticateToken(db(), header, new Date(Date.now() + 31 * 86_400_000))).toBeNull();
    // Its owner's role as it is at each call: a recruiter made a candidate's role opens nothing.
    await db().update(users).set({ role: 'user' }).where(eq(users.id, rae.id));
    expect(await authenticateToken(db(), header)).toBeNull();
    await db().update(users).set({ role: 'recruiter' }).where(eq(users.id, rae.id));
    // Revoked: nobody; and another person cannot revoke it.
    await expect(revokeApiToken(db(), ada, id)).rejects.toThrow(/no longer exists/);
    await revokeApiToken(db(), rae, id);
    expect(await authenticateToken(db(), header)).toBeNull();
    // Gone with its owner.
    const leaver = await addUser(db(), 'leo-api', 'recruiter');
    const { id: leaverToken } = await createApiToken(db(), leaver, { name: 'Mine', scope: 'read', days: 7 });
    await db().delete(users).where(eq(users.id, leaver.id));
    expect(await db().select().from(apiTokens).where(eq(apiTokens.id, leaverToken))).toEqual([]);
  });

  it('one person holds at most 20 that work', async () => {
    const sam = await addUser(db(), 'sam-api', 'sales');
    for (let n = 0; n < 20; n += 1) await createApiToken(db(), sam, { name: `Token ${n}`, scope: 'read', days: 7 });
    await expect(createApiToken(db(), sam, { name: 'One more', scope: 'read', days: 7 })).rejects.toThrow(/20 tokens/);
  });
});

describe('the door', () => {
  const rule = (route: keyof typeof routeRules) => routeRules[route] as Rule;
  const request = (token: string, method = 'GET', path = '/api/v1/applications') =>
    new Request(`${siteUrl}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  const ok = async () => new Response('{}');

  it('refuses a write with a read-only token, a role without the permission, and audits every call', async () => {
    const { token: read, id } = await createApiToken(db(), hank, { name: 'Read only', scope: 'read', days: 7 });
    const { token: write } = await createApiToken(db(), hank, { name: 'Read write', scope: 'write', days: 7 });
    const runtime = backend.runtime;
    expect((await throughApiDoor(runtime, request(read), rule('/api/v1/applications'), ok)).status).toBe(200);
    const refusedWrite = await throughApiDoor(
      runtime,
      request(read, 'POST', '/api/v1/applications/x/status'),
      rule('/api/v1/applications/[id]/status'),
      ok,
    );
    expect(refusedWrite.status).toBe(403);
    expect(await refusedWrite.json()).toEqual({ error: { code: 'forbidden', message: expect.stringMatching(/may only read/) } });
    expect((await throughApiDoor(runtime, request(write, 'POST'), rule('/api/v1/applications/[id]/status'), ok)).status).toBe(200);
    // A hiring manager reads no contact messages.
    expect((await throughApiDoor(runtime, request(read, 'GET', '/api/v1/messages'), rule('/api/v1/messages'), ok)).status).toBe(403);
    const unknown = await throughApiDoor(runtime, request(`hxp_${'B'.repeat(43)}`), rule('/api/v1/applications'), ok);
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toBe('Bearer realm="helixpoint"');
    const audited = await db().select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audited.filter((row) => row.action === 'api.called').map((row) => row.details)).toEqual(
      expect.arrayContaining([
        { method: 'GET', path: '/api/v1/applications', status: 200 },
        { method: 'POST', path: '/api/v1/applications/x/status', status: 403 },
        { method: 'GET', path: '/api/v1/messages', status: 403 },
      ]),
    );
  });

  it('answers 429 past 300 calls a minute with one token, with Retry-After; another token is not held back', async () => {
    const { token } = await createApiToken(db(), ada, { name: 'Busy', scope: 'read', days: 7 });
    const { token: calm } = await createApiToken(db(), ada, { name: 'Calm', scope: 'read', days: 7 });
    const statuses: number[] = [];
    for (let n = 0; n < 301; n += 1)
      statuses.push((await throughApiDoor(backend.runtime, request(token), rule('/api/v1/applications'), ok)).status);
    expect(statuses.slice(0, 300).every((status) => status === 200)).toBe(true);
    const limited = await throughApiDoor(backend.runtime, request(token), rule('/api/v1/applications'), ok);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await throughApiDoor(backend.runtime, request(calm), rule('/api/v1/applications'), ok)).status).toBe(200);
    // Each call let in audited; those past the limit counted, not written one by one.
    const [busy] = await db().select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.name, 'Busy'));
    const calls = await db().select().from(auditLog).where(eq(auditLog.targetId, busy!.id));
    expect(calls.filter((row) => row.action === 'api.called')).toHaveLength(300);
  }, 60_000);

  it('audits a call that failed (500) too', async () => {
    const { token, id } = await createApiToken(db(), ada, { name: 'Failing', scope: 'read', days: 7 });
    await expect(
      throughApiDoor(backend.runtime, request(token), rule('/api/v1/applications'), () => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom');
    const rows = await db().select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(rows.filter((row) => row.action === 'api.called').map((row) => row.details)).toEqual([
      { method: 'GET', path: '/api/v1/applications', status: 500 },
    ]);
  });
});

describe('what a token sees', () => {
  /** Every page of a list, `limit` at a time, following nextCursor. */
  async function all<T extends { id: string }>(list: (cursor?: string) => Promise<{ data: T[]; nextCursor: string | null }>) {
    const seen: T[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 20; pages += 1) {
      const page = await list(cursor);
      seen.push(...page.data);
      if (!page.nextCursor) return seen;
      cursor = page.nextCursor;
    }
    throw new Error('more than 20 pages');
  }

  it('a hiring manager’s token lists exactly what their workspace lists, page by page', async () => {
    for (const person of [hank, ada, rae]) {
      const who = { id: person.id, role: person.role };
      const listed = await all((cursor) => listApplications(db(), who, siteUrl, { limit: '1', ...(cursor ? { cursor } : {}) }));
      const workspace = await matchingApplicationIds(db(), emptyWorkspaceQuery, { who, permission: 'applications.list' });
      expect(listed.map((row) => row.id)).toEqual(workspace);
    }
    const hanks = await all((cursor) => listApplications(db(), hank, siteUrl, { limit: '2', ...(cursor ? { cursor } : {}) }));
    expect(hanks.map((row) => row.name).sort()).toEqual(['Ana One', 'Ben Two', 'Cid Three']);
    // The workspace's filters: a search, a status.
    expect((await listApplications(db(), hank, siteUrl, { q: 'Ben' })).data.map((row) => row.name)).toEqual(['Ben Two']);
    expect((await listApplications(db(), hank, siteUrl, { status: 'hired' })).data).toEqual([]);
    // Positions: their team's.
    expect((await listPositions(db(), hank, siteUrl, {})).data.map((row) => row.title)).toEqual(['Team Engineer']);
  });

  it('one application: as its page shows it to each (contact data to those who may contact)', async () => {
    // The hiring manager interviews Dee for another team: they read the application, not its phone or address.
    expect(await getApplication(db(), hank, siteUrl, apps.b1!)).toMatchObject({ name: 'Dee Other', phone: null, address: null });
    expect(await getApplication(db(), rae, siteUrl, apps.b1!)).toMatchObject({ name: 'Dee Other', phone: '+15125550147' });
    expect(await getApplication(db(), ivy, siteUrl, apps.a1!)).toMatchObject({ name: 'Ana One', phone: null });
    expect(await getApplication(db(), ivy, siteUrl, apps.a2!)).toBeNull();
    // Candidates: those whose history they read (not an assignment elsewhere).
    const candidates = await listCandidates(db(), hank, siteUrl, {});
    expect(candidates.data.map((row) => row.name).sort()).toEqual(['Ana One', 'Ben Two', 'Cid Three']);
  });

  it('pages through rows of one instant (one transaction’s) without losing or repeating any', async () => {
    const tied = await addPosition(db(), { title: 'Tied Position' });
    await db().transaction(async (tx) => {
      for (let n = 1; n <= 5; n += 1)
        await tx.insert(applications).values({ ...applicantDefaults, positionId: tied, fullName: `Tie ${n}`, email: `tie${n}@mail.test` });
    });
    const times = await db().select({ at: applications.createdAt }).from(applications).where(eq(applications.positionId, tied));
    expect(new Set(times.map((row) => row.at.getTime())).size).toBe(1);
    const listed = await all((cursor) =>
      listApplications(db(), ada, siteUrl, { position: tied, limit: '2', ...(cursor ? { cursor } : {}) }),
    );
    expect(listed.map((row) => row.name).sort()).toEqual(['Tie 1', 'Tie 2', 'Tie 3', 'Tie 4', 'Tie 5']);
  });

  it('one’s own interviews only while one still reads their application', async () => {
    const [booking] = await db()
      .insert(bookings)
      .values({
        uid: 'api-panel@helixpoint',
        kind: 'interview',
        status: 'confirmed',
        startsAt: new Date('2026-12-01T15:00:00.000Z'),
        endsAt: new Date('2026-12-01T16:00:00.000Z'),
        guestName: 'Ben Two',
        guestEmail: 'a2@mail.test',
        guestTimeZone: 'America/Chicago',
        applicationId: apps.a2!,
        manageTokenHash: 'api-panel',
      })
      .returning({ id: bookings.id });
    await db()
      .insert(bookingHosts)
      .values({ bookingId: booking!.id, userId: ivy.id, during: '[2026-12-01T15:00:00.000Z,2026-12-01T16:10:00.000Z)' });
    // Ivy hosts it, but is asked to interview Ana only: Ben's application is not hers to read.
    expect((await listInterviews(db(), ivy, siteUrl, {})).data).toEqual([]);
    await db().insert(applicationInterviewers).values({ applicationId: apps.a2!, userId: ivy.id, assignedByEmail: ada.email });
    expect((await listInterviews(db(), ivy, siteUrl, {})).data.map((row) => row.candidateName)).toEqual(['Ben Two']);
    // The hiring manager of the team reads it; off the team, no longer.
    expect((await listInterviews(db(), hank, siteUrl, {})).data.map((row) => row.interviewers.map((person) => person.name))).toEqual([
      [ivy.name],
    ]);
    await db().delete(hiringTeamMembers).where(eq(hiringTeamMembers.userId, hank.id));
    expect((await listInterviews(db(), hank, siteUrl, {})).data).toEqual([]);
    await db().insert(hiringTeamMembers).values({ positionId: team, userId: hank.id, addedByEmail: ada.email });
  });

  it('refuses a cursor that no page gave', async () => {
    await expect(listApplications(db(), ada, siteUrl, { cursor: 'bm90LWEtY3Vyc29y' })).rejects.toThrow(CursorError);
  });

  it('a query parameter the list does not have is refused by name', () => {
    const parsed = operations.listApplications.query.safeParse({ status: 'pending', colour: 'blue' });
    expect(parsed.success).toBe(false);
    const parsedLimit = operations.listApplications.query.safeParse({ limit: '500' });
    expect(parsedLimit.success).toBe(false);
  });
});

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 (a maintained validator) and names every route of the API, each once', async () => {
    const document = openApiDocument(siteUrl);
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    const tokenRoutes = Object.entries(routeRules)
      .filter(([, rule]) => (rule as Rule).access === 'token')
      .map(([route]) => openApiPath(route))
      .sort();
    expect(Object.keys(document.paths).sort()).toEqual(tokenRoutes);
    // Each operation's parameters are its schema's.
    const list = document.paths['/api/v1/applications']!.get as { parameters: { name: string }[] };
    expect(list.parameters.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['limit', 'cursor', 'q', 'position', 'status', 'rating', 'from', 'to', 'source', 'flag', 'interview']),
    );
  });
});
