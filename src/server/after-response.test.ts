import { mkdtempSync, rmSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterResponse, settled } from './after-response';
import { closeGracefully, createAppServer } from './http/server';

/*
 * Work left for after the answer (issue 25): with our HTTP server it starts only once the response
 * is out, so what it costs is never part of the answer's time; without it, on the next turn.
 */

describe('work after the response', () => {
  let dir: string;
  let server: Server;
  const events: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'after-response-'));
    server = createAppServer({
      clientDir: dir,
      astroHandler: (_req, res, _next, locals) => {
        afterResponse(
          async () => void events.push(`work (response ${res.writableFinished ? 'sent' : 'not sent'})`),
          () => events.push('failed'),
          locals,
        );
        events.push('answering');
        // The page goes on rendering for a while after the command returned: the work must wait.
        setTimeout(() => {
          events.push('answered');
          res.end('ok');
        }, 50);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await closeGracefully(server);
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts once the response has been sent, and settled() waits for it', async () => {
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) =>
      request({ host: '127.0.0.1', port, path: '/page' }, (res) => res.resume().on('end', resolve))
        .on('error', reject)
        .end(),
    );
    await settled();
    expect(events).toEqual(['answering', 'answered', 'work (response sent)']);
  });

  it('without a server of ours, starts on the next turn; a failure is reported, not thrown', async () => {
    const seen: string[] = [];
    afterResponse(
      async () => {
        seen.push('work');
        throw new Error('no database');
      },
      (error) => seen.push(`logged: ${(error as Error).message}`),
    );
    seen.push('answered');
    await settled();
    expect(seen).toEqual(['answered', 'work', 'logged: no database']);
  });
});
