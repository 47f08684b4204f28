import { describe, expect, it, vi } from 'vitest';

// Astro's virtual module, as the build provides it: an error class with a code and a status.
vi.mock('astro:actions', () => ({
  ActionError: class ActionError extends Error {
    code: string;
    constructor({ code, message }: { code: string; message: string }) {
      super(message);
      this.code = code;
    }
  },
}));

const logged: { level: string; data: Record<string, unknown>; message: string }[] = [];
vi.mock('@/server/runtime', () => ({
  getRuntime: () => ({
    logger: {
      error: (data: Record<string, unknown>, message: string) => logged.push({ level: 'error', data, message }),
      warn: (data: Record<string, unknown>, message: string) => logged.push({ level: 'warn', data, message }),
    },
  }),
}));

const { ActionError } = await import('astro:actions');
const { reportingFaults } = await import('./faults');

const context = (requestId?: string) =>
  ({
    locals: { requestId },
    request: new Request('http://site.test/_actions/contact', { method: 'POST' }),
    url: new URL('http://site.test/_actions/contact'),
  }) as never;

describe('an action’s faults', () => {
  it('answer a generic message with the request id, and the log keeps the detail without the submitted values', async () => {
    const fault = Object.assign(
      new Error('Failed query: insert into "contact_messages" ("email") values ($1)\nparams: secret@example.dev'),
      {
        query: 'insert into "contact_messages" ("email") values ($1)',
        params: ['secret@example.dev'],
        cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }),
      },
    );
    const handler = reportingFaults(async () => {
      throw fault;
    });
    const refusal = await handler({}, context('req-abcdef12')).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ActionError);
    expect(refusal).toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
    expect((refusal as Error).message).toContain('req-abcdef12');
    expect((refusal as Error).message).not.toMatch(/insert|contact_messages|secret/);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 'error',
      message: 'request failed',
      data: { reqId: 'req-abcdef12', path: '/_actions/contact' },
    });
    expect(JSON.stringify(logged[0])).toContain('22021');
    expect(JSON.stringify(logged[0])).not.toContain('secret@example.dev');
  });

  it('pass an ActionError (the handler’s own refusal) unchanged, and a result through', async () => {
    const refusal = new ActionError({ code: 'FORBIDDEN', message: 'Admins only' });
    await expect(reportingFaults(async () => Promise.reject(refusal))({}, context())).rejects.toBe(refusal);
    await expect(reportingFaults(async (input: { n: number }) => input.n + 1)({ n: 1 }, context())).resolves.toBe(2);
  });

  it('say "try again shortly" (503) while the database is away', async () => {
    const away = Object.assign(new Error('Connection terminated unexpectedly'), {});
    const refusal = await reportingFaults(async () => Promise.reject(away))({}, context('req-away0001')).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect((refusal as Error).message).toBe('This page is briefly unavailable while our systems restart. Please try again in a minute.');
    expect(logged.at(-1)).toMatchObject({ level: 'warn', data: { reqId: 'req-away0001' } });
  });
});
