import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  everyAddressReachable,
  guardedFetch,
  isPublicAddress,
  mayReach,
  nothingAllowed,
  OutboundError,
  parseAllowList,
  type GuardedRequest,
} from './guarded-fetch';

const MB = 1024 * 1024;
const loopbackAllowed = parseAllowList('127.0.0.1');

/** A calendar server on loopback: what it was asked (to show a refused request never reached it), and its answers. */
let requests: IncomingMessage[] = [];
let main: Server;
let other: Server;
let base = '';
let otherBase = '';

function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer((req, res) => {
      requests.push(req);
      handler(req, res);
    });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}
const origin = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const held: ServerResponse[] = [];

beforeAll(async () => {
  main = await listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/calendar.ics') res.end('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    else if (url.pathname === '/to') res.writeHead(302, { Location: url.searchParams.get('url') ?? '/' }).end();
    else if (url.pathname === '/loop') res.writeHead(301, { Location: '/loop' }).end();
    else if (url.pathname === '/declared-large') res.writeHead(200, { 'Content-Length': String(6 * MB) }).end(Buffer.alloc(6 * MB));
    else if (url.pathname === '/streamed-large') {
      res.writeHead(200);
      for (let index = 0; index < 6; index += 1) res.write(Buffer.alloc(MB));
      res.end();
    } else if (url.pathname === '/bomb') res.writeHead(200, { 'Content-Encoding': 'gzip' }).end(gzipSync(Buffer.alloc(64 * MB)));
    else if (url.pathname === '/gzipped') res.writeHead(200, { 'Content-Encoding': 'gzip' }).end(gzipSync('BEGIN:VCALENDAR'));
    else if (url.pathname === '/hang') held.push(res);
    else res.writeHead(404).end();
  });
  other = await listen((req, res) => res.end(JSON.stringify({ authorization: req.headers.authorization ?? null })));
  base = origin(main);
  otherBase = origin(other);
});

afterAll(async () => {
  for (const res of held) res.destroy();
  await Promise.all([main, other].map((server) => new Promise((resolve) => server.close(resolve))));
});

beforeEach(() => {
  requests = [];
});

async function refusal(url: string, request: GuardedRequest = {}): Promise<OutboundError> {
  const error = await guardedFetch(url, request).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

describe('a request to a URL a person typed', () => {
  it('is refused for this machine, by address or by name, and never reaches it', async () => {
    for (const url of [`${base}/calendar.ics`, base.replace('127.0.0.1', 'localhost') + '/calendar.ics']) {
      const error = await refusal(url);
      expect(error.reason).toBe('address');
      expect(error.message).toBe('The link points to a private or local network address, which this site does not connect to.');
    }
    expect(requests).toHaveLength(0);
  });

  it('is refused for metadata, private, link-local and reserved addresses however they are written', async () => {
    const addresses = [
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://100.100.100.200/latest/meta-data/',
      'http://10.0.0.1/calendar.ics',
      'http://172.16.5.4/',
      'http://192.168.1.1/',
      'http://0.0.0.0/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://2130706433/',
      'http://0x7f000001/',
      'http://017700000001/',
      'http://127.1/',
      'https://[fe80::1]/',
      'http://224.0.0.1/',
      'http://[2002:7f00:1::]/',
    ];
    for (const url of addresses) expect((await refusal(url, { timeoutMs: 2_000 })).reason, url).toBe('address');
  });

  it('is refused for anything but http and https, before any connection', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/calendar.ics',
      'gopher://127.0.0.1:6379/_INFO',
      'javascript:alert(1)',
      'not a link',
    ]) {
      const error = await refusal(url);
      expect(error.reason).toBe('scheme');
      expect(error.message).toBe('The link is not a web address (it must start with https:// or http://).');
    }
  });

  it('reaches a private server the allow-list names, and reads its answer, compressed or not', async () => {
    const answer = await guardedFetch(`${base}/calendar.ics`, { allow: loopbackAllowed });
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    expect((await guardedFetch(`${base}/gzipped`, { allow: loopbackAllowed })).body.toString()).toBe('BEGIN:VCALENDAR');
    // The answer's status is the caller's to judge.
    expect((await guardedFetch(`${base}/missing`, { allow: loopbackAllowed })).status).toBe(404);
  });

  it('checks every redirect: none to a private address, a few at most, and credentials kept from another server', async () => {
    const toMetadata = await refusal(`${base}/to?url=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`, {
      allow: loopbackAllowed,
    });
    expect(toMetadata.reason).toBe('address');
    const toFile = await refusal(`${base}/to?url=${encodeURIComponent('file:///etc/passwd')}`, { allow: loopbackAllowed });
    expect(toFile.reason).toBe('scheme');
    const loop = await refusal(`${base}/loop`, { allow: loopbackAllowed });
    expect(loop.reason).toBe('redirects');
    expect(loop.message).toBe('The link redirected more than 3 times.');
    expect(requests.filter((req) => req.url === '/loop')).toHaveLength(4);

    const moved = await guardedFetch(`${base}/to?url=${encodeURIComponent(otherBase + '/')}`, {
      allow: loopbackAllowed,
      headers: { Authorization: 'Basic c2VjcmV0OnNlY3JldA==' },
    });
    expect(moved.url).toBe(`${otherBase}/`);
    expect(JSON.parse(moved.body.toString())).toEqual({ authorization: null });
    // To the server it was given for, it is sent.
    const same = await guardedFetch(`${otherBase}/`, { allow: loopbackAllowed, headers: { Authorization: 'Basic c2VjcmV0OnNlY3JldA==' } });
    expect(JSON.parse(same.body.toString())).toEqual({ authorization: 'Basic c2VjcmV0OnNlY3JldA==' });
  });

  it('stops reading past its size limit, declared, streamed or decompressed', async () => {
    for (const path of ['/declared-large', '/streamed-large', '/bomb']) {
      const error = await refusal(`${base}${path}`, { allow: loopbackAllowed, maxBytes: 5 * MB });
      expect(error.reason, path).toBe('size');
      expect(error.message).toBe('The answer is larger than 5 MB.');
    }
  });

  it('gives up on a server that does not answer within its time limit', async () => {
    const started = performance.now();
    const error = await refusal(`${base}/hang`, { allow: loopbackAllowed, timeoutMs: 300 });
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe('The server did not answer within 300 ms.');
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('names a server that is not there in plain words, without the link', async () => {
    const { port } = (await new Promise<AddressInfo>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address() as AddressInfo;
        probe.close(() => resolve(address));
      });
    })) as AddressInfo;
    const error = await refusal(`http://127.0.0.1:${port}/secret-token-abc/calendar.ics`, { allow: loopbackAllowed });
    expect(error.reason).toBe('network');
    expect(error.message).toBe('The server refused the connection.');
    expect(error.message).not.toContain('secret-token-abc');
  });
});

describe('which addresses may be reached', () => {
  it('reaches public addresses, and private ones only as the allow-list says', () => {
    expect(isPublicAddress('93.184.215.14')).toBe(true);
    expect(isPublicAddress('2606:4700:4700::1111')).toBe(true);
    for (const address of ['127.0.0.1', '10.1.2.3', '169.254.169.254', '100.64.0.1', '::1', 'fd00::1', '::ffff:10.0.0.1', '64:ff9b::a00:1'])
      expect(isPublicAddress(address), address).toBe(false);
    const allow = parseAllowList(' calendar.corp.example, 10.20.0.0/16 ,192.168.1.5, fd12::/16 ');
    expect(mayReach('calendar.corp.example', '10.99.0.1', allow)).toBe(true);
    expect(mayReach('other.corp.example', '10.20.3.4', allow)).toBe(true);
    expect(mayReach('other.corp.example', '::ffff:10.20.3.4', allow)).toBe(true);
    expect(mayReach('other.corp.example', '10.21.0.1', allow)).toBe(false);
    expect(mayReach('other.corp.example', '192.168.1.5', allow)).toBe(true);
    expect(mayReach('other.corp.example', 'fd12::7', allow)).toBe(true);
    expect(mayReach('other.corp.example', '169.254.169.254', allow)).toBe(false);
    expect(mayReach('anything', '127.0.0.1', nothingAllowed)).toBe(false);
  });

  it('refuses a name when any of its addresses is private (a rebinding name answers with both)', () => {
    const both = [
      { address: '93.184.215.14', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    expect(everyAddressReachable('rebind.example', both, nothingAllowed)).toBe(false);
    expect(everyAddressReachable('public.example', [both[0]!], nothingAllowed)).toBe(true);
    expect(everyAddressReachable('nothing.example', [], nothingAllowed)).toBe(false);
  });

  it('reads the allow-list, and names an entry it cannot read', () => {
    expect(parseAllowList(undefined).hosts.size).toBe(0);
    expect(parseAllowList('').ranges).toHaveLength(0);
    expect(() => parseAllowList('10.0.0.0/99')).toThrow('"10.0.0.0/99" is not an address range such as 10.20.0.0/16');
    expect(() => parseAllowList('calendar.example:8443')).toThrow(
      '"calendar.example:8443" is not a host name, an address or an address range',
    );
  });
});
