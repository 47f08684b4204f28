import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, users } from './db/schema';
import { describeError, failureMessages, loggableMessage, reportFailure } from './failures';
import { startTestDatabase, type TestDatabase } from './testing/database';

/**
 * Faults as PostgreSQL really raises them, through Drizzle: the visitor's answer and the log keep
 * nothing that was submitted (the finding: a NUL byte in the contact form answered 500 with the
 * failing SQL and every submitted value).
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await startTestDatabase();
}, 120_000);

afterAll(async () => {
  await database?.destroy();
});

const SECRET_VALUE = 'jordan.private@example.dev';

async function failingInsert(): Promise<unknown> {
  try {
    await database.db.insert(contactMessages).values({
      firstName: 'Jordan',
      lastName: 'Nul\u0000Byte',
      email: SECRET_VALUE,
      reason: 'support',
      message: 'Please call me back about my private matter.',
    });
  } catch (error) {
    return error;
  }
  throw new Error('The insert did not fail.');
}

function logRecorder() {
  const lines: { level: 'error' | 'warn'; data: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    error: (data: object, message: string) => lines.push({ level: 'error', data: data as Record<string, unknown>, message }),
    warn: (data: object, message: string) => lines.push({ level: 'warn', data: data as Record<string, unknown>, message }),
  };
}

describe('a fault', () => {
  it('is logged with what finds it (code, table, the SQL with placeholders) and none of the submitted values', async () => {
    const error = await failingInsert();
    // What Drizzle would have shown the visitor.
    expect(String((error as Error).message)).toContain(SECRET_VALUE);

    const log = logRecorder();
    const failure = reportFailure(log, error, { reference: 'req-12345678', method: 'POST', path: '/_actions/contact' });
    expect(failure).toEqual({ reference: 'req-12345678', unavailable: false, status: 500, message: failureMessages.fault('req-12345678') });
    expect(failure.message).not.toMatch(/insert|contact_messages|select|params/i);

    expect(log.lines).toHaveLength(1);
    const [line] = log.lines;
    expect(line?.level).toBe('error');
    expect(line?.message).toBe('request failed');
    expect(line?.data).toMatchObject({ reqId: 'req-12345678', method: 'POST', path: '/_actions/contact' });
    const logged = JSON.stringify(line?.data);
    expect(logged).toContain('insert into \\"contact_messages\\"');
    expect(logged).toContain('$1');
    expect(logged).toContain('22021'); // invalid byte sequence: the NUL
    for (const value of [SECRET_VALUE, 'Jordan', 'private matter', 'Nul']) expect(logged).not.toContain(value);
  });

  it('keeps a unique violation’s constraint but not the key it quotes', async () => {
    await database.db.insert(users).values({
      id: 'u1',
      name: 'Ada Lovelace',
      email: SECRET_VALUE,
      username: 'ada',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    let error: unknown;
    try {
      await database.db
        .insert(users)
        .values({ id: 'u2', name: 'Ada Two', email: SECRET_VALUE, username: 'ada2', firstName: 'Ada', lastName: 'Two' });
    } catch (caught) {
      error = caught;
    }
    const description = JSON.stringify(describeError(error));
    expect(description).toContain('23505');
    expect(description).not.toContain(SECRET_VALUE);
  });

  it('while the database is away is a 503 to try again, logged as a warning', () => {
    const log = logRecorder();
    const away = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const failure = reportFailure(log, away, {});
    expect(failure.status).toBe(503);
    expect(failure.unavailable).toBe(true);
    expect(failure.reference).toMatch(/^[0-9a-f-]{36}$/);
    expect(failure.message).toBe(failureMessages.unavailable());
    expect(log.lines[0]?.level).toBe('warn');
  });
});

describe('messages fit for the log', () => {
  it('drop the values PostgreSQL and V8 quote', () => {
    expect(loggableMessage({ message: 'invalid input syntax for type uuid: "my secret text"' })).toBe(
      'invalid input syntax for type uuid: "[redacted]"',
    );
    expect(loggableMessage({ message: 'Key (email)=(a@b.c) already exists.' })).toBe('Key (email)=([redacted]) already exists.');
    expect(loggableMessage({ name: 'SyntaxError', message: 'Unexpected token \'s\', "secret" is not valid JSON' })).not.toContain('secret');
    expect(loggableMessage({ message: 'Failed query: select 1\nparams: secret' })).toBe('Failed query: select 1');
  });

  it('keep stack frames, never the first line that repeats the message', () => {
    const error = new Error(`Failed query: insert\nparams: ${SECRET_VALUE}`);
    const description = describeError(error);
    expect(description['frames']).toEqual(expect.arrayContaining([expect.stringMatching(/^at /)]));
    expect(JSON.stringify(description)).not.toContain(SECRET_VALUE);
  });
});
