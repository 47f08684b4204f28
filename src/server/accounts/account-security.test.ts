import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changePassword, deleteOwnAccount, listOwnSessions, signOutOtherSessions, updateProfile, type AccountDeps } from './account';
import { createStaffAccount } from './admin-create';
import { acceptInvitation, findInvitation, inviteUser, listPendingInvitations, resendInvitation, revokeInvitation } from './invitations';
import { getViewer } from './session';
import { changeUserRole, listUsers } from './users';
import { AdminRuleError } from '../admin-command';
import { settled } from '../after-response';
import { auditLog, sessions, users } from '../db/schema';
import { startTestBackend, type TestBackend } from '../testing/backend';
import { startAuthServer, TestClient, type AuthServer } from '../testing/auth-server';
import { addUser } from '../testing/fixtures';
import { accountTexts, authMessages, invitationTexts, userRuleMessages } from '../../lib/accounts/texts';

/*
 * The account page's commands, invitations, the users list, and the findings of the security
 * review that live in accounts: return addresses, spent reset links, the closed update-user
 * endpoint, the 30-day cap where Better Auth reads sessions, per-account limits, common passwords,
 * and the e-mail to the owner when a new browser signs in.
 */

// Every password is hashed with scrypt, many times a test: on a busy two-core machine that takes seconds.
vi.setConfig({ testTimeout: 30_000 });

let backend: TestBackend;
let accounts: AuthServer;
let deps: AccountDeps;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  backend = await startTestBackend();
  accounts = await startAuthServer(backend);
  deps = { auth: accounts.auth, db: backend.database.db, rateLimits: backend.rateLimits };
}, 120_000);

afterAll(async () => {
  await accounts?.close();
  await backend?.stop();
}, 60_000);

const db = () => backend.database.db;
const client = () => new TestClient(accounts.server.url);

async function signedUp(username: string, password = PASSWORD): Promise<TestClient> {
  const c = client();
  const result = await c.post('sign-up/email', {
    email: `${username}@mail.test`,
    password,
    name: 'x',
    username,
    firstName: 'Test',
    lastName: 'Person',
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return c;
}

async function viewerOf(c: TestClient) {
  const viewer = await getViewer({ auth: accounts.auth, db: db() }, c.headers);
  if (!viewer) throw new Error('not signed in');
  return viewer;
}

/** The tokens of the reset links e-mailed to an address (once the work after the answer is done), newest first. */
async function resetTokens(address: string): Promise<string[]> {
  await settled();
  return (await mailsTo(address)).flatMap((mail) => /\/api\/auth\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? []);
}

/** The e-mails queued to an address (subject and text), newest first. */
async function mailsTo(address: string): Promise<Array<{ subject: string; text: string }>> {
  const result = await backend.database.pool.query(
    `select data from pgboss.job where name = 'send-email' and data->>'to' = $1 order by created_on desc`,
    [address],
  );
  return result.rows.map((row: { data: { subject: string; text: string } }) => ({ subject: row.data.subject, text: row.data.text }));
}

describe('the profile', () => {
  it('is validated with the sign-up rules, and a taken username is a message, not an error', async () => {
    const c = await signedUp('profiled');
    await signedUp('takenname');
    const viewer = await viewerOf(c);
    expect(await updateProfile(db(), viewer, { username: 'a', firstName: 'J4ne', lastName: 'D' })).toMatchObject({
      ok: false,
      fieldErrors: { username: authMessages.username, firstName: authMessages.nameCharacters, lastName: authMessages.name },
    });
    expect(await updateProfile(db(), viewer, { username: 'TakenName', firstName: 'Pro', lastName: 'File' })).toMatchObject({
      ok: false,
      fieldErrors: { username: authMessages.usernameTaken },
    });
    expect(await updateProfile(db(), viewer, { username: 'profiled.new', firstName: ' Pro ', lastName: 'File' })).toEqual({ ok: true });
    const [row] = await db().select().from(users).where(eq(users.id, viewer.id));
    expect(row).toMatchObject({ username: 'profiled.new', firstName: 'Pro', lastName: 'File', name: 'Pro File' });
  });

  it("cannot be changed through Better Auth's update-user endpoint (finding 5): it is closed", async () => {
    const c = await signedUp('updater');
    const result = await c.post('update-user', { name: '<b>x</b>', username: 'takenname', firstName: '1' });
    expect(result.status).toBe(404);
    const [row] = await db().select().from(users).where(eq(users.email, 'updater@mail.test'));
    expect(row).toMatchObject({ username: 'updater', firstName: 'Test', name: 'Test Person' });
  });
});

describe('passwords', () => {
  it('a change needs the current password, refuses a common one, and ends the other sessions', async () => {
    const c = await signedUp('changing');
    const other = client();
    await other.post('sign-in/email', { email: 'changing@mail.test', password: PASSWORD });
    expect(other.hasSession).toBe(true);
    const viewer = await viewerOf(c);
    expect(
      await changePassword(deps, viewer, c.headers, {
        currentPassword: 'wrong one',
        newPassword: 'new passphrase 1',
        confirmPassword: 'new passphrase 1',
      }),
    ).toMatchObject({ ok: false, fieldErrors: { currentPassword: authMessages.wrongPassword } });
    expect(
      await changePassword(deps, viewer, c.headers, {
        currentPassword: PASSWORD,
        newPassword: 'password123',
        confirmPassword: 'password123',
      }),
    ).toMatchObject({ ok: false, fieldErrors: { newPassword: authMessages.commonPassword } });
    const done = await changePassword(deps, viewer, c.headers, {
      currentPassword: PASSWORD,
      newPassword: 'new passphrase 1',
      confirmPassword: 'new passphrase 1',
    });
    if (!done.ok) throw new Error(done.message);
    c.keep(done.cookies);
    expect(await getViewer({ auth: accounts.auth, db: db() }, other.headers)).toBeNull();
    expect(await viewerOf(c)).toMatchObject({ email: 'changing@mail.test' });
  });

  it('refuses the most common passwords at sign-up and reset, saying why (finding 11)', async () => {
    const c = client();
    for (const password of ['password1', 'Password123', 'qwertyuiop', 'iloveyou1']) {
      const result = await c.post('sign-up/email', {
        email: 'common@mail.test',
        password,
        name: 'x',
        username: 'common',
        firstName: 'Co',
        lastName: 'Mmon',
      });
      expect(result.status, password).toBe(400);
      expect(result.body['message']).toBe(authMessages.commonPassword);
    }
    expect((await db().select().from(users).where(eq(users.email, 'common@mail.test'))).length).toBe(0);
  });

  it('a reset spends every other reset link of the account (finding 4) and unlocks sign-in', async () => {
    await signedUp('resetting');
    const c = client();
    await c.post('request-password-reset', { email: 'resetting@mail.test', redirectTo: '/auth/reset-password' });
    await c.post('request-password-reset', { email: 'resetting@mail.test', redirectTo: '/auth/reset-password' });
    const tokens = await resetTokens('resetting@mail.test');
    expect(tokens.length).toBe(2);
    expect((await c.post('reset-password', { newPassword: 'first new passphrase', token: tokens[0] })).status).toBe(200);
    const second = await c.post('reset-password', { newPassword: 'second new passphrase', token: tokens[1] });
    expect(second.status).toBe(400);
    expect(second.body['code']).toBe('INVALID_TOKEN');
    expect((await client().post('sign-in/email', { email: 'resetting@mail.test', password: 'first new passphrase' })).status).toBe(200);
  });
});

describe('per-account limits (finding 10)', () => {
  it('ten wrong passwords from anywhere lock sign-in for the account, tell its owner, and a reset unlocks it', async () => {
    await signedUp('targeted');
    for (let i = 0; i < 10; i += 1)
      expect((await client().post('sign-in/email', { email: 'targeted@mail.test', password: `guess ${i}x` })).status).toBe(401);
    const locked = await client().post('sign-in/email', { email: 'Targeted@mail.test', password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body['message']).toBe(authMessages.accountLocked);
    const [mail] = await mailsTo('targeted@mail.test');
    expect(mail?.subject).toMatch(/Sign-in to your Helixpoint account is paused/);
    expect(mail?.text).toContain('/auth?mode=forgot');
    // The same answer for an address with no account: the lock tells nobody whether one exists.
    for (let i = 0; i < 10; i += 1) await client().post('sign-in/email', { email: 'ghost@mail.test', password: `guess ${i}x` });
    expect((await client().post('sign-in/email', { email: 'ghost@mail.test', password: PASSWORD })).body['message']).toBe(
      authMessages.accountLocked,
    );

    const c = client();
    await c.post('request-password-reset', { email: 'targeted@mail.test', redirectTo: '/auth/reset-password' });
    const [token] = await resetTokens('targeted@mail.test');
    expect((await c.post('reset-password', { newPassword: 'unlocked passphrase', token })).status).toBe(200);
    expect((await client().post('sign-in/email', { email: 'targeted@mail.test', password: 'unlocked passphrase' })).status).toBe(200);
  }, 60_000);

  it('never locks the owner out (issue 25): one network locks before the whole address, and a browser the account knows, or a fresh reset, gets through', async () => {
    await signedUp('besieged');
    const owner = client();
    expect((await owner.post('sign-in/email', { email: 'besieged@mail.test', password: PASSWORD })).status).toBe(200);
    expect(owner.cookies.has('helixpoint_device')).toBe(true);
    await owner.post('sign-out', {});

    // Five wrong passwords from one network lock the address there, the right one included...
    const attacker = client();
    for (let i = 0; i < 5; i += 1)
      expect((await attacker.post('sign-in/email', { email: 'besieged@mail.test', password: `guess ${i}x` })).status).toBe(401);
    const here = await attacker.post('sign-in/email', { email: 'besieged@mail.test', password: PASSWORD });
    expect(here).toMatchObject({ status: 429, body: { message: authMessages.accountLockedHere } });
    // ...and nowhere else yet.
    expect((await client().post('sign-in/email', { email: 'besieged@mail.test', password: PASSWORD })).status).toBe(200);

    // Wrong passwords from many networks lock the whole address, for every browser it does not know...
    for (let i = 0; i < 10; i += 1) await client().post('sign-in/email', { email: 'besieged@mail.test', password: `spread ${i}x` });
    const stranger = await client().post('sign-in/email', { email: 'besieged@mail.test', password: PASSWORD });
    expect(stranger).toMatchObject({ status: 429, body: { message: authMessages.accountLocked } });
    // ...but the owner's browser signs in during the lockout, as often as the owner likes.
    expect((await owner.post('sign-in/email', { email: 'besieged@mail.test', password: PASSWORD })).status).toBe(200);
    expect(await viewerOf(owner)).toMatchObject({ email: 'besieged@mail.test' });
    // A wrong password from it is still a wrong password.
    expect((await owner.post('sign-in/email', { email: 'besieged@mail.test', password: 'not it' })).status).toBe(401);

    // On a new browser, the owner resets the password: that browser is let through from now on,
    // even once the attackers have locked the address again.
    const laptop = client();
    await laptop.post('request-password-reset', { email: 'besieged@mail.test', redirectTo: '/auth/reset-password' });
    const [token] = await resetTokens('besieged@mail.test');
    expect((await laptop.post('reset-password', { newPassword: 'after the siege 1', token })).status).toBe(200);
    for (let i = 0; i < 10; i += 1) await client().post('sign-in/email', { email: 'besieged@mail.test', password: `again ${i}x` });
    expect((await client().post('sign-in/email', { email: 'besieged@mail.test', password: 'after the siege 1' })).status).toBe(429);
    expect((await laptop.post('sign-in/email', { email: 'besieged@mail.test', password: 'after the siege 1' })).status).toBe(200);
  }, 120_000);

  it('reset e-mails to one address are limited, whoever asks', async () => {
    await signedUp('flooded');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push(
        (await client().post('request-password-reset', { email: 'flooded@mail.test', redirectTo: '/auth/reset-password' })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
    await settled();
    expect((await mailsTo('flooded@mail.test')).filter((mail) => /Reset your/.test(mail.subject))).toHaveLength(3);
  });
});

describe('return addresses (findings 1 and 2)', () => {
  it('refuses a callback that leaves the site, on links and in requests', async () => {
    const c = client();
    const link = await c.get('/api/auth/verify-email?token=x&callbackURL=/..//evil.example/phish');
    expect(link.status).toBe(400);
    expect(link.location).toBeNull();
    expect(link.body['code']).toBe('INVALID_REDIRECT');
    for (const target of ['//evil.example', 'https://evil.example/x', '/\t/evil.example']) {
      const result = await c.post('request-password-reset', { email: 'nobody@mail.test', redirectTo: target });
      expect(result.status, target).toBe(400);
    }
    const reset = await c.get(`/api/auth/reset-password/abcdefghijklmnop?callbackURL=${encodeURIComponent('/\\evil.example')}`);
    expect(reset.status).toBe(400);
  });
});

describe('the 30-day cap (finding 6)', () => {
  it('is enforced where Better Auth reads sessions, however often the session was used', async () => {
    const c = await signedUp('longlived');
    expect((await c.get('/api/auth/get-session')).body).toMatchObject({ user: { email: 'longlived@mail.test' } });
    const viewer = await viewerOf(c);
    // Signed in 31 days ago and kept alive every day since: Better Auth would extend it again.
    await db()
      .update(sessions)
      .set({ createdAt: sql`now() - interval '31 days'`, expiresAt: sql`now() + interval '6 days'` })
      .where(eq(sessions.id, viewer.sessionId));
    const [row] = await db().select().from(sessions).where(eq(sessions.id, viewer.sessionId));
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(row!.createdAt.getTime() + 30 * 24 * 60 * 60 * 1000);
    const answer = await c.get('/api/auth/get-session');
    expect(answer.body).toBeNull();
  });
});

describe('a new browser', () => {
  it('e-mails the owner with time, browser and IP; the same browser again does not', async () => {
    const first = await signedUp('traveller');
    const before = (await mailsTo('traveller@mail.test')).length;
    const laptop = client();
    laptop.userAgent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';
    expect((await laptop.post('sign-in/email', { email: 'traveller@mail.test', password: PASSWORD })).status).toBe(200);
    const mails = await mailsTo('traveller@mail.test');
    expect(mails.length).toBe(before + 1);
    expect(mails[0]!.subject).toBe('New sign-in to your Helixpoint account');
    expect(mails[0]!.text).toContain('Browser: Firefox 140 on Windows');
    expect(mails[0]!.text).toContain(`IP address: ${laptop.ip}`);
    expect(mails[0]!.text).toMatch(/Time: \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T/);
    expect(mails[0]!.text).toContain('https://www.helixpoint.test/account');

    await laptop.post('sign-out', {});
    expect((await laptop.post('sign-in/email', { email: 'traveller@mail.test', password: PASSWORD })).status).toBe(200);
    expect((await mailsTo('traveller@mail.test')).length).toBe(before + 1);
    expect(first.cookies.has('helixpoint_device') || laptop.cookies.has('helixpoint_device')).toBe(true);
  });
});

describe('sessions on the account page', () => {
  it('lists browser, IP and last seen, and signs out everywhere else', async () => {
    const c = await signedUp('manysessions');
    const other = client();
    other.userAgent =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    await other.post('sign-in/email', { email: 'manysessions@mail.test', password: PASSWORD });
    const viewer = await viewerOf(c);
    const listed = await listOwnSessions(db(), viewer);
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({ current: true, browser: 'Chrome 141 on Linux', ipAddress: c.ip });
    expect(listed[1]).toMatchObject({ current: false, browser: 'Safari 18 on iOS', ipAddress: other.ip });
    expect(await signOutOtherSessions(db(), viewer)).toEqual({ ok: true, ended: 1 });
    expect(await getViewer({ auth: accounts.auth, db: db() }, other.headers)).toBeNull();
    expect(await viewerOf(c)).toBeTruthy();
  });
});

describe("deleting one's own account", () => {
  it('needs the password; the last admin cannot', async () => {
    const c = await signedUp('leaving');
    expect(await deleteOwnAccount(deps, await viewerOf(c), c.headers, { password: 'nope nope nope' })).toMatchObject({
      ok: false,
      fieldErrors: { password: authMessages.wrongPassword },
    });
    expect(await deleteOwnAccount(deps, await viewerOf(c), c.headers, { password: PASSWORD })).toEqual({ ok: true });
    expect(await db().select().from(users).where(eq(users.email, 'leaving@mail.test'))).toEqual([]);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'user.self_deleted'));
    expect(entry?.actorEmail).toBe('leaving@mail.test');

    // The database's only admin (the other tests' admins are in other files' databases).
    await db().update(users).set({ role: 'user' }).where(eq(users.role, 'admin'));
    await createStaffAccount(db(), accounts.auth, { email: 'onlyadmin@helixpoint.test', password: PASSWORD });
    const admin = client();
    await admin.post('sign-in/email', { email: 'onlyadmin@helixpoint.test', password: PASSWORD });
    expect(await deleteOwnAccount(deps, await viewerOf(admin), admin.headers, { password: PASSWORD })).toMatchObject({
      ok: false,
      fieldErrors: { form: accountTexts.lastAdmin },
    });
  });
});

describe('invitations', () => {
  const actor = { id: null, email: 'admin@helixpoint.test' };
  const invitationDeps = () => ({
    db: db(),
    pool: backend.database.pool,
    jobs: backend.jobs,
    siteUrl: 'https://www.helixpoint.test',
    requireTwoFactor: true,
  });
  const tokenIn = async (email: string) =>
    /\/auth\/invitation\?token=([A-Za-z0-9_-]+)/.exec((await mailsTo(email))[0]?.text ?? '')?.[1] ?? null;

  it('e-mails a single-use link; accepting it sets name and password, verified, with the role; audited', async () => {
    const { id } = await inviteUser(invitationDeps(), actor, { email: 'New.Staff@Mail.test', role: 'admin' });
    const mail = (await mailsTo('new.staff@mail.test'))[0];
    expect(mail?.subject).toBe('You are invited to Helixpoint');
    expect(mail?.text).toContain('The link works once, for 7 days.');
    expect(mail?.text).toContain('invited you to the Helixpoint website as an admin');
    expect(mail?.text).toContain('You set up two-factor authentication at your first sign-in');
    const token = await tokenIn('new.staff@mail.test');
    expect(await findInvitation(db(), token)).toMatchObject({ id, email: 'new.staff@mail.test', role: 'admin' });
    expect(await listPendingInvitations(db())).toEqual([expect.objectContaining({ id, email: 'new.staff@mail.test', expired: false })]);

    expect(
      await acceptInvitation(db(), accounts.auth, token, {
        firstName: 'N3w',
        lastName: 'Staff',
        password: PASSWORD,
        confirmPassword: PASSWORD,
      }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { firstName: authMessages.nameCharacters },
    });
    expect(
      await acceptInvitation(db(), accounts.auth, token, {
        firstName: 'Nia',
        lastName: 'Staff',
        password: 'password1',
        confirmPassword: 'password1',
      }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { password: authMessages.commonPassword },
    });
    const accepted = await acceptInvitation(db(), accounts.auth, token, {
      firstName: 'Nia',
      lastName: 'Staff',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(accepted).toMatchObject({ ok: true, email: 'new.staff@mail.test', role: 'admin' });
    const [user] = await db().select().from(users).where(eq(users.email, 'new.staff@mail.test'));
    expect(user).toMatchObject({ name: 'Nia Staff', role: 'admin', emailVerified: true, twoFactorEnabled: false });
    // Single use.
    expect(
      await acceptInvitation(db(), accounts.auth, token, {
        firstName: 'Ann',
        lastName: 'Other',
        password: PASSWORD,
        confirmPassword: PASSWORD,
      }),
    ).toMatchObject({
      ok: false,
      message: invitationTexts.invalid,
    });
    expect(await listPendingInvitations(db())).toEqual([]);
    const actions = (await db().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, id))).map(
      (row) => row.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['invitation.created', 'invitation.accepted']));
    // And the password works.
    expect((await client().post('sign-in/email', { email: 'new.staff@mail.test', password: PASSWORD })).status).toBe(200);
  });

  it('resending makes a new link (the old one stops working); revoking ends it; after 7 days it has expired', async () => {
    const { id } = await inviteUser(invitationDeps(), actor, { email: 'pending@mail.test', role: 'recruiter' });
    const first = await tokenIn('pending@mail.test');
    await resendInvitation(invitationDeps(), actor, id);
    const second = await tokenIn('pending@mail.test');
    expect(second).not.toBe(first);
    expect(await findInvitation(db(), first)).toBeNull();
    expect(await findInvitation(db(), second)).toMatchObject({ id });
    const inEightDays = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
    expect(await findInvitation(db(), second, inEightDays)).toBeNull();
    expect((await listPendingInvitations(db(), inEightDays))[0]).toMatchObject({ id, expired: true });
    await revokeInvitation(db(), actor, id);
    expect(await findInvitation(db(), second)).toBeNull();
    await expect(revokeInvitation(db(), actor, id)).rejects.toThrow(AdminRuleError);
    const actions = (await db().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, id))).map(
      (row) => row.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['invitation.created', 'invitation.resent', 'invitation.revoked']));
  });

  it('needs a role chosen, says what it may do, and speaks of the second factor only when the role must set one up', async () => {
    await expect(inviteUser(invitationDeps(), actor, { email: 'no.role@mail.test' })).rejects.toThrow('Choose a role');
    await expect(inviteUser(invitationDeps(), actor, { email: 'no.role@mail.test', role: 'user' })).rejects.toThrow('Choose a role');
    await inviteUser({ ...invitationDeps(), requireTwoFactor: false }, actor, { email: 'ed.editor@mail.test', role: 'editor' });
    const mail = (await mailsTo('ed.editor@mail.test'))[0];
    expect(mail?.text).toContain('as an editor');
    expect(mail?.text).toContain('What you can do as an editor: The site’s content and blog; never candidates or contact messages.');
    expect(mail?.text).not.toContain('two-factor');
  });

  it('refuses an address that already has an account', async () => {
    await signedUp('existing');
    await expect(inviteUser(invitationDeps(), actor, { email: 'existing@mail.test', role: 'sales' })).rejects.toThrow(
      invitationTexts.alreadyUser,
    );
  });
});

describe('the users list and roles', () => {
  it('pages 50 at a time and searches name, e-mail or username, with whether each has 2FA', async () => {
    for (let i = 0; i < 55; i += 1) await addUser(db(), `pager${String(i).padStart(2, '0')}`, 'user', new Date(Date.UTC(2020, 0, 1, 0, i)));
    const first = await listUsers(db(), { q: 'pager', page: 1 });
    expect(first.total).toBe(55);
    expect(first.pages).toBe(2);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]).toMatchObject({ id: 'pager54', twoFactorEnabled: false });
    expect((await listUsers(db(), { q: 'pager', page: 2 })).rows.map((row) => row.id)).toEqual([
      'pager04',
      'pager03',
      'pager02',
      'pager01',
      'pager00',
    ]);
    expect((await listUsers(db(), { q: 'PAGER07@helixpoint', page: 1 })).rows.map((row) => row.id)).toEqual(['pager07']);
    expect((await listUsers(db(), { q: '100%_', page: 1 })).total).toBe(0);
  });

  it('an unverified account cannot be made admin', async () => {
    await db().insert(users).values({
      id: 'unverified',
      name: 'Un Verified',
      email: 'unverified@mail.test',
      username: 'unverified',
      firstName: 'Un',
      lastName: 'Verified',
      emailVerified: false,
    });
    await expect(changeUserRole(db(), { id: null, email: 'admin@helixpoint.test' }, 'unverified', 'admin')).rejects.toThrow(
      userRuleMessages.unverifiedAdmin,
    );
  });
});
