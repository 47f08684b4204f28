import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as turn } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { whenWritable } from './server';

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

/** One answer's two ends: the server's response (headers sent) and the client's, paused. */
async function answerPair(): Promise<{ res: ServerResponse; client: IncomingMessage }> {
  let res!: ServerResponse;
  const server = createServer((_req, response) => {
    res = response;
    response.writeHead(200);
    response.flushHeaders();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  const client = await new Promise<IncomingMessage>((resolve) => {
    request({ port: (server.address() as AddressInfo).port, host: '127.0.0.1' }, resolve).end();
  });
  client.pause();
  return { res, client };
}

describe('whenWritable', () => {
  it('waits while the client reads nothing, and resolves once it reads', async () => {
    const { res, client } = await answerPair();
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    // 32 MB, more than the kernel's buffers and the client's take: Node holds the rest.
    for (let written = 0; written < 32; written += 1) res.write(chunk);
    expect(res.socket!.writableNeedDrain).toBe(true);
    let resolved = false;
    const waiting = whenWritable(res).then(() => (resolved = true));
    await turn(50);
    expect(resolved).toBe(false);
    client.resume();
    await waiting;
    expect(resolved).toBe(true);
    res.end();
  });

  it('resolves at once when the connection has room, and when it closed', async () => {
    const { res, client } = await answerPair();
    await expect(whenWritable(res)).resolves.toBeUndefined();
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    while (!res.socket!.writableNeedDrain) res.write(chunk);
    const waiting = whenWritable(res);
    client.destroy();
    await expect(waiting).resolves.toBeUndefined();
  });
});
