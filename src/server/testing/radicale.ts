import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { freePort } from '../net.ts';
import { aptProgram } from './apt-program.ts';
import { XMLParser } from 'fast-xml-parser';

/**
 * A private Radicale CalDAV server for integration tests (calendar accounts of the scheduling
 * code). Each startRadicale() gets its own temp directory holding config, htpasswd file and
 * collections, its own port and its own password, so test files running at the same time never
 * share anything, and nothing under /etc/radicale, /var/lib/radicale or the user's home is read or written.
 */

const USER = 'booker';
const HOST = '127.0.0.1';
const START_DEADLINE_MS = 15_000;
const STOP_DEADLINE_MS = 5_000;
const REQUEST_TIMEOUT_MS = 10_000;
const PORT_ATTEMPTS = 5;
const INSTALL_HINT = 'the CalDAV tests need Radicale (Debian: apt-get install radicale)';

export interface TestCalDav {
  /** http://127.0.0.1:PORT/: the server's root, where a client starts its discovery. */
  url: string;
  user: string;
  password: string;
  /** The principal's collection, http://127.0.0.1:PORT/booker/ (it exists once startRadicale() resolves). */
  homeUrl: string;
  /** Makes a calendar of VEVENTs in the home collection (MKCALENDAR); resolves with its URL, ending in /. */
  createCalendar(slug: string, displayName: string): Promise<string>;
  /** PUTs an iCalendar object as `name` (e.g. interview.ics) in the calendar, creating or replacing it. */
  putEvent(calendarUrl: string, name: string, ics: string): Promise<void>;
  /**
   * Every resource in the calendar, by href (the path Radicale reports, e.g. /booker/work/interview.ics),
   * with the ETag and body a client's GET receives (Radicale's own serialization of what was PUT).
   */
  events(calendarUrl: string): Promise<{ href: string; etag: string | null; ics: string }[]>;
  /** Stops Radicale (waiting for it to exit) and removes its temp directory. Safe to call twice. */
  stop(): Promise<void>;
}

const radicaleProgram = aptProgram({ program: 'radicale', aptPackage: 'radicale', dirs: ['/usr/bin'], hint: INSTALL_HINT });

/** Radicale's program: found, or installed from Debian's apt when missing and we are root; undefined when it cannot be. */
export const findRadicale = () => radicaleProgram.find();

/** Why the tests that need Radicale cannot run here, in one sentence, or null when they can. */
export const radicaleUnavailableReason = () => radicaleProgram.unavailableReason();

function radicaleConfig(dir: string, port: number): string {
  return `# A test Radicale's private configuration (src/server/testing/radicale.ts).
[server]
hosts = ${HOST}:${port}

[auth]
type = htpasswd
htpasswd_filename = ${dir}/users
htpasswd_encryption = plain
# A test of a wrong password should not wait the default 0.5 to 1.5 s.
delay = 0

[rights]
# Each user reads and writes only below its own principal collection, /USER/.
type = owner_only

[storage]
filesystem_folder = ${dir}/collections

[logging]
level = warning
`;
}

const authorization = (password: string) => `Basic ${Buffer.from(`${USER}:${password}`).toString('base64')}`;

const CURRENT_USER_PRINCIPAL =
  '<?xml version="1.0" encoding="utf-8"?><propfind xmlns="DAV:"><prop><current-user-principal/></prop></propfind>';

/**
 * Resolves true once our Radicale answers an authenticated PROPFIND with 207, false otherwise. The
 * password is this server's own, so the answer proves the port is ours; the request also makes
 * Radicale create the principal collection, which it does on a user's first authenticated request.
 */
async function answers(url: string, password: string, timeoutMs: number): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'PROPFIND',
      headers: { Authorization: authorization(password), Depth: '0', 'Content-Type': 'application/xml; charset=utf-8' },
      body: CURRENT_USER_PRINCIPAL,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer();
    return response.status === 207;
  } catch {
    return false;
  }
}

/** Settles with `fallback` after `ms` unless `promise` settles first, without leaving a timer behind. */
async function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);

// Namespace prefixes dropped (Radicale writes DAV: unprefixed and CalDAV as C:), and texts kept as
// they are: hrefs and ETags are strings, never numbers.
const xml = new XMLParser({ removeNSPrefix: true, parseTagValue: false, isArray: (name) => name === 'response' || name === 'propstat' });

interface DavResponse {
  href?: string;
  propstat?: { prop?: { resourcetype?: { collection?: unknown } | string }; status?: string }[];
}

class PortTaken extends Error {}

async function startOnce(binary: string): Promise<TestCalDav> {
  const dir = await mkdtemp(join(tmpdir(), 'helixpoint-radicale-'));
  // Random per server: the readiness check's 207 then proves the port is ours, not another test's Radicale.
  const password = randomBytes(12).toString('hex');
  try {
    await mkdir(join(dir, 'collections'));
    // htpasswd's plain "user:password" lines, as htpasswd_encryption = plain reads them.
    await writeFile(join(dir, 'users'), `${USER}:${password}\n`, { mode: 0o600 });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const port = await freePort();
  const configPath = join(dir, 'radicale.conf');
  await writeFile(configPath, radicaleConfig(dir, port));

  // A clean environment: --config replaces Radicale's default paths (/etc/radicale/config and
  // ~/.config/radicale/config) rather than adding to them, RADICALE_CONFIG is not passed on, and
  // HOME and PYTHONNOUSERSITE keep Python from loading packages from the user's ~/.local.
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: dir,
    PYTHONNOUSERSITE: '1',
    PYTHONDONTWRITEBYTECODE: '1',
  };
  if (process.env.TZ) env.TZ = process.env.TZ;
  // As whoever we are, root included: Radicale does not refuse root, and everything it touches is in dir.
  const child = spawn(binary, ['--config', configPath], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exitNote: string | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exitNote = signal ? `killed by ${signal}` : `exit code ${code}`;
      resolve();
    });
    child.once('error', (error) => {
      exitNote = error.message;
      resolve();
    });
  });
  // A test process that ends without stop() must not leave a Radicale behind on the machine.
  const killOnExit = () => {
    child.kill('SIGTERM');
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // Radicale may still be writing into it as it dies.
    }
  };
  process.once('exit', killOnExit);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      process.off('exit', killOnExit);
      if (exitNote === undefined) {
        // SIGTERM lets Radicale finish the requests it is serving before it exits (within 0.1 s).
        child.kill('SIGTERM');
        const ending = exited.then(() => true);
        if (!(await within(ending, STOP_DEADLINE_MS, false))) {
          child.kill('SIGKILL');
          await exited;
        }
      }
      await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    })());

  const url = `http://${HOST}:${port}/`;
  const deadline = Date.now() + START_DEADLINE_MS;
  while (!(await answers(url, password, Math.max(1, Math.min(1000, deadline - Date.now()))))) {
    if (exitNote !== undefined || Date.now() >= deadline) {
      const why = exitNote === undefined ? `no answer on port ${port} within ${START_DEADLINE_MS} ms` : `it ended: ${exitNote}`;
      await stop();
      const details = output.trim().split('\n').slice(-20).join('\n');
      const message = `Radicale did not start (${why}). Its output:\n${details}`;
      throw /Address already in use/.test(details) ? new PortTaken(message) : new Error(message);
    }
    await delay(25);
  }

  const request = async (method: string, target: string, headers: Record<string, string> = {}, body?: string) =>
    fetch(target, {
      method,
      headers: { Authorization: authorization(password), ...headers },
      ...(body === undefined ? {} : { body }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  /** Fails with what Radicale answered, which says why (its log is at warning level and goes unread). */
  const expectStatus = async (response: Response, what: string, ...statuses: number[]) => {
    if (!statuses.includes(response.status)) {
      throw new Error(`${what}: Radicale answered ${response.status} ${response.statusText}: ${(await response.text()).slice(0, 500)}`);
    }
  };
  // A collection's members resolve against it only when it ends in /: without, the last segment would be replaced.
  const asCollection = (collectionUrl: string) => (collectionUrl.endsWith('/') ? collectionUrl : `${collectionUrl}/`);

  const homeUrl = `${url}${USER}/`;
  return {
    url,
    user: USER,
    password,
    homeUrl,
    async createCalendar(slug, displayName) {
      const calendarUrl = `${homeUrl}${encodeURIComponent(slug)}/`;
      const body = `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:set><D:prop>
    <D:displayname>${escapeXml(displayName)}</D:displayname>
    <C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>
  </D:prop></D:set>
</C:mkcalendar>`;
      const response = await request('MKCALENDAR', calendarUrl, { 'Content-Type': 'application/xml; charset=utf-8' }, body);
      await expectStatus(response, `MKCALENDAR ${calendarUrl}`, 201);
      return calendarUrl;
    },
    async putEvent(calendarUrl, name, ics) {
      const target = new URL(encodeURIComponent(name), asCollection(calendarUrl)).href;
      const response = await request('PUT', target, { 'Content-Type': 'text/calendar; charset=utf-8' }, ics);
      // Radicale answers 201 to a replacement too, but a standard server would say 204.
      await expectStatus(response, `PUT ${target}`, 201, 204);
    },
    async events(calendarUrl) {
      const collection = asCollection(calendarUrl);
      const body = '<?xml version="1.0" encoding="utf-8"?><propfind xmlns="DAV:"><prop><resourcetype/><getetag/></prop></propfind>';
      const listing = await request('PROPFIND', collection, { Depth: '1', 'Content-Type': 'application/xml; charset=utf-8' }, body);
      await expectStatus(listing, `PROPFIND ${collection}`, 207);
      const parsed = xml.parse(await listing.text()) as { multistatus?: { response?: DavResponse[] } };
      const hrefs = (parsed.multistatus?.response ?? [])
        .filter((entry) => {
          const found = entry.propstat?.find((propstat) => propstat.status?.includes(' 200 '));
          const type = found?.prop?.resourcetype;
          // The collection itself is in a Depth 1 answer too; its members are the ones that are no collection.
          return entry.href !== undefined && !(typeof type === 'object' && 'collection' in type);
        })
        .map((entry) => entry.href!)
        .sort();
      // Read with GET rather than from a REPORT's calendar-data: an XML parser turns the CRLFs iCalendar
      // requires into LFs, and a GET is what a client stores; the ETag is then that of this very body.
      return Promise.all(
        hrefs.map(async (href) => {
          const target = new URL(href, collection).href;
          const response = await request('GET', target);
          await expectStatus(response, `GET ${target}`, 200);
          return { href, etag: response.headers.get('etag'), ics: await response.text() };
        }),
      );
    },
    stop,
  };
}

/**
 * Starts a private Radicale on 127.0.0.1 at a free port, with one user (booker, with a random
 * password) whose principal collection (homeUrl) exists and is empty. Plain HTTP with Basic auth;
 * each user may touch only its own collections. Call stop() when done.
 */
export async function startRadicale(): Promise<TestCalDav> {
  const binary = findRadicale();
  if (!binary) throw new Error(`Cannot start Radicale: ${radicaleUnavailableReason()}`);
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(binary);
    } catch (error) {
      // Another process may take the free port between our probe and Radicale's bind: pick another.
      if (!(error instanceof PortTaken) || attempt >= PORT_ATTEMPTS) throw error;
    }
  }
}
