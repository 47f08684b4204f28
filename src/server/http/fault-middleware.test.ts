import { afterEach, describe, expect, it } from 'vitest';
import { setRuntime } from '../runtime-registry';
import type { Runtime } from '../runtime';
import { answerFaults, ReportedFault, reportedFailureOf } from './fault-middleware';

const logged: { data: Record<string, unknown>; message: string }[] = [];
const logger = {
  error: (data: Record<string, unknown>, message: string) => logged.push({ data, message }),
  warn: (data: Record<string, unknown>, message: string) => logged.push({ data, message }),
};

const context = (path: string) =>
  ({
    isPrerendered: false,
    locals: { requestId: 'req-fault123' },
    request: new Request(`http://site.test${path}`),
    url: new URL(`http://site.test${path}`),
  }) as never;

const fault = Object.assign(new Error('Failed query: select * from positions where title ilike $1\nparams: %\u0000%'), { code: '22021' });

afterEach(() => {
  setRuntime(undefined);
  logged.length = 0;
});

describe('faults of pages and endpoints', () => {
  it('answer an endpoint with a generic JSON error and its reference, logged without the values', async () => {
    setRuntime({ logger } as unknown as Runtime);
    const response = (await answerFaults(context('/api/positions'), () => Promise.reject(fault))) as Response;
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      error: 'Something went wrong on our side. Please try again; if it keeps happening, contact us and quote reference req-fault123.',
      reference: 'req-fault123',
    });
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged)).not.toContain('%\\u0000%');
    expect(logged[0]?.data).toMatchObject({ reqId: 'req-fault123', path: '/api/positions' });
  });

  it('go on to the 500 page as a fault already reported, whose message and stack carry only the reference', async () => {
    setRuntime({ logger } as unknown as Runtime);
    const thrown = await Promise.resolve(answerFaults(context('/careers'), () => Promise.reject(fault))).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(ReportedFault);
    expect(reportedFailureOf(thrown)).toMatchObject({ reference: 'req-fault123', status: 500 });
    expect(String((thrown as Error).stack)).not.toMatch(/select|params|positions/);
    expect(logged).toHaveLength(1);
  });

  it('pass answers through untouched', async () => {
    setRuntime({ logger } as unknown as Runtime);
    const ok = new Response('fine');
    expect(await answerFaults(context('/careers'), async () => ok)).toBe(ok);
    expect(logged).toEqual([]);
  });
});
