import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlCharactersMessage } from '../../lib/text';
import { startAuthServer, TestClient, type AuthServer } from '../testing/auth-server';
import { startTestBackend, type TestBackend } from '../testing/backend';

/**
 * The one text rule in front of Better Auth: a NUL byte in a field that reaches a query (a reset
 * token, a name) made PostgreSQL fail and the request answer 500. Now it is a 400 naming the field.
 */

let backend: TestBackend;
let accounts: AuthServer;

beforeAll(async () => {
  backend = await startTestBackend();
  accounts = await startAuthServer(backend);
}, 120_000);

afterAll(async () => {
  await accounts?.close();
  await backend?.stop();
}, 60_000);

describe('auth requests with control characters', () => {
  it.each([
    ['reset-password', { token: 'abc\u0000def', newPassword: 'correct horse battery' }, 'token'],
    ['request-password-reset', { email: 'ada\u0000@example.dev', redirectTo: '/auth/reset-password' }, 'email'],
    [
      'sign-up/email',
      { email: 'ada@example.dev', password: 'correct horse battery', name: 'x', username: 'ada', firstName: 'A\u0000da', lastName: 'L' },
      'firstName',
    ],
  ])('%s answers 400 naming the field, never 500', async (path, body, field) => {
    const reply = await new TestClient(accounts.server.url).post(path, body);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'INVALID_CHARACTERS', message: controlCharactersMessage, field });
  });

  it('leaves passwords alone: they are hashed, never stored or queried as text', async () => {
    const reply = await new TestClient(accounts.server.url).post('sign-in/email', {
      email: 'nobody@example.dev',
      password: 'pass\u0000word!',
    });
    expect(reply.status).toBe(401);
  });
});
