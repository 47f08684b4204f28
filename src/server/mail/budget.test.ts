import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertDeps, subscribeToAlerts } from '../alerts/alerts';
import { connect } from '../db/client';
import { getMetrics } from '../metrics';
import { createRateLimiters, rateLimitPolicies } from '../rate-limit';
import { startAuthServer, TestClient, type AuthServer } from '../testing/auth-server';
import { startTestBackend, type TestBackend } from '../testing/backend';
import { recipientKey, spendMailBudget } from './budget';
import { settled } from '../after-response.ts';

/**
 * One budget of unsolicited e-mail per recipient, on the real limiters in PostgreSQL and the real
 * senders: however many clients ask, and through whichever forms, one address gets at most 5 an
 * hour and 20 a day; a sign-in to an unverified account re-sends the link only when none went in
 * the last minutes.
 */

let backend: TestBackend;
let accounts: AuthServer;

beforeAll(async () => {
  backend = await startTestBackend();
  accounts = await startAuthServer(backend, { requireEmailVerification: true });
}, 120_000);

afterAll(async () => {
  await accounts?.close();
  await backend?.stop();
}, 60_000);

async function mailsTo(address: string): Promise<{ subject: string }[]> {
  const result = await backend.database.pool.query(
    `select data from pgboss.job where name = 'send-email' and data->>'to' = $1 order by created_on`,
    [address],
  );
  return result.rows.map((row: { data: { subject: string } }) => row.data);
}

const withheld = async () => (await getMetrics().emails.get()).values.find((value) => value.labels.outcome === 'withheld')?.value ?? 0;

describe('the budget of one recipient', () => {
  it('is 5 e-mails an hour, whoever asks, counted across instances and without the address', async () => {
    const other = connect(backend.database.url);
    try {
      const instances = [backend.rateLimits, createRateLimiters(other.pool)];
      const spent = [];
      for (let index = 0; index < 7; index += 1)
        spent.push(await spendMailBudget(instances[index % 2]!, 'Target@Example.dev', 'password-reset'));
      expect(spent).toEqual([true, true, true, true, true, false, false]);
      const { rows } = await backend.database.pool.query<{ key: string }>('select key from rate_limits');
      expect(rows.map((row) => row.key).join(' ')).not.toMatch(/target|example/i);
      expect(rows.map((row) => row.key)).toContain(`mailRecipientHour:${recipientKey('target@example.dev')}`);
    } finally {
      await other.close();
    }
  });

  it('is 20 a day: the hours after the first do not give more', async () => {
    const address = 'daily@example.dev';
    let sent = 0;
    for (let hour = 0; hour < 6; hour += 1) {
      // A new hour: its counter starts again (as when the hour's window has passed).
      await backend.rateLimits.reset('mailRecipientHour', recipientKey(address));
      for (let index = 0; index < rateLimitPolicies.mailRecipientHour.points; index += 1) {
        if (await spendMailBudget(backend.rateLimits, address, 'alert-confirmation')) sent += 1;
      }
    }
    expect(sent).toBe(rateLimitPolicies.mailRecipientDay.points);
  });
});

describe('the senders', () => {
  it('share one budget: job alert confirmations and reset e-mails from many clients reach an address 5 times an hour', async () => {
    const target = 'victim@example.dev';
    const client = new TestClient(accounts.server.url);
    // An account with the address: its verification e-mail is the first of the hour.
    const signUp = await client.post('sign-up/email', {
      email: target,
      password: 'correct horse battery',
      name: 'x',
      username: 'victim',
      firstName: 'Vic',
      lastName: 'Tim',
    });
    expect(signUp.status).toBe(200);
    const before = await withheld();
    // Job alerts for the address, each from another client and with another filter.
    const deps = alertDeps(backend.runtime);
    for (let index = 0; index < 6; index += 1) {
      const result = await subscribeToAlerts(deps, { email: target, location: `City ${index}` }, `198.51.100.${100 + index}`);
      expect(result).toEqual({ kind: 'sent' });
    }
    // Password resets, each from another client: answered the same, sent only within the budget.
    for (let index = 0; index < 3; index += 1) {
      const reset = await new TestClient(accounts.server.url).post('request-password-reset', {
        email: target,
        redirectTo: '/auth/reset-password',
      });
      expect(reset.status).toBe(200);
    }
    // The reset answers before it looks the address up (issue 25): wait for that work.
    await settled();
    const mails = await mailsTo(target);
    expect(mails).toHaveLength(rateLimitPolicies.mailRecipientHour.points);
    expect(mails.filter((mail) => /verify|confirm your e-mail/i.test(mail.subject))).toHaveLength(1);
    expect(await withheld()).toBe(before + 5);
  }, 30_000);

  it('re-send the verification link on sign-in to an unverified account only when none went in the last 10 minutes', async () => {
    const address = 'unverified@example.dev';
    const client = new TestClient(accounts.server.url);
    await client.post('sign-up/email', {
      email: address,
      password: 'correct horse battery',
      name: 'x',
      username: 'unverified',
      firstName: 'Una',
      lastName: 'Verified',
    });
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const signIn = await new TestClient(accounts.server.url).post('sign-in/email', { email: address, password: 'correct horse battery' });
      expect(signIn.body['code']).toBe('EMAIL_NOT_VERIFIED');
    }
    expect(await mailsTo(address)).toHaveLength(1);
    // Ten minutes later (the counter expired): the next sign-in sends a fresh link, once.
    await backend.rateLimits.reset('verificationResend', recipientKey(address));
    await new TestClient(accounts.server.url).post('sign-in/email', { email: address, password: 'correct horse battery' });
    await new TestClient(accounts.server.url).post('sign-in/email', { email: address, password: 'correct horse battery' });
    expect(await mailsTo(address)).toHaveLength(2);
  }, 30_000);
});
