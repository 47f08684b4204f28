// Publishing reaches every instance within a second (issue 34): two instances of the build on one
// database (the second with DATABASE_URL, as a fleet runs), an editor publishes on the first, and
// the drill measures how long until the second serves it: a content page's text (filled into the
// page held in memory) and a blog post (the blog, the post and the feed, from the page cache). Both
// instances have the pages in memory before each publication. Fails when any takes a second or more.
//   npx node bench/publish.mjs [--rounds 5] [--json]
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parse as parseDevalue } from 'devalue';
import pg from 'pg';
import { freePort } from '../src/server/net.ts';
import { startSite } from './lib/site.mjs';
import { cookiesOf } from './lib/cookies.mjs';

const { values: options } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, json: { type: 'boolean', default: false } } });
const rounds = Number(options.rounds);
const LIMIT_MS = 1000;

const dirA = mkdtempSync(join(tmpdir(), 'helixpoint-publish-a-'));
const dirB = mkdtempSync(join(tmpdir(), 'helixpoint-publish-b-'));
for (const dir of [dirA, dirB]) chmodSync(dir, 0o755);
const [portA, portB] = [await freePort(), await freePort()];
const siteUrl = `http://127.0.0.1:${portA}`;
const common = { SITE_URL: siteUrl, ADMIN_REQUIRE_2FA: 'false', LOG_LEVEL: 'warn', TRUST_PROXY: '1' };
let a;
let b;
try {
  a = await startSite({ port: portA, env: { ...common, DATA_DIR: dirA }, name: 'first' });
  const pgPort = readFileSync(join(dirA, 'postgres.port'), 'utf8').trim();
  const password = readFileSync(join(dirA, 'postgres-password'), 'utf8').trim();
  symlinkSync(join(dirA, 'uploads'), join(dirB, 'uploads'));
  b = await startSite({
    port: portB,
    name: 'second',
    env: {
      ...common,
      DATA_DIR: dirB,
      DATABASE_URL: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/helixpoint`,
      AUTH_SECRET: readFileSync(join(dirA, 'auth-secret'), 'utf8').trim(),
    },
  });

  execFileSync(
    process.execPath,
    ['scripts/admin-create.mjs', '--email', 'drill@helixpoint.test', '--password', 'Drill-pass-2026!x', '--role', 'editor'],
    {
      env: { ...process.env, DATA_DIR: dirA, LOG_LEVEL: 'silent' },
      stdio: 'pipe',
    },
  );
  const signIn = await fetch(`${a.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: siteUrl },
    body: JSON.stringify({ email: 'drill@helixpoint.test', password: 'Drill-pass-2026!x' }),
  });
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status}`);
  const cookie = cookiesOf(signIn);
  const action = async (name, input) => {
    const response = await fetch(`${a.url}/_actions/admin.${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: siteUrl, Cookie: cookie },
      body: JSON.stringify(input),
    });
    if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
    return parseDevalue(await response.text());
  };
  const page = async (url) => (await fetch(url)).text();

  /** Publishes with `publish` (which resolves when the first instance answered) and times until `seen` holds on each instance. */
  const time = async (publish, seen) => {
    const started = performance.now();
    await publish();
    const answered = performance.now();
    const times = {};
    await Promise.all(
      [
        ['first', a.url],
        ['second', b.url],
      ].map(async ([name, url]) => {
        for (;;) {
          if (await seen(url)) return void (times[name] = performance.now() - answered);
          if (performance.now() - answered > 10_000) throw new Error(`${name} did not show it within 10 s`);
        }
      }),
    );
    return { publishMs: answered - started, ...times };
  };

  const results = { pageText: [], post: [] };
  let pageVersion = 1;
  // The post as the editor opens it (its working copy and version), read from the database.
  const db = new pg.Client({ host: '127.0.0.1', port: Number(pgPort), user: 'postgres', password, database: 'helixpoint' });
  await db.connect();
  const postNow = async () => (await db.query('select version, content from posts where id = 1')).rows[0];
  for (let round = 1; round <= rounds; round += 1) {
    // Both instances have the pages in memory.
    for (const url of [a.url, b.url]) await Promise.all(['/', '/blog', '/blog/1', '/rss.xml'].map((path) => page(url + path)));

    const title = `Drill round ${round}: intelligent solutions`;
    results.pageText.push(
      await time(
        async () => {
          const saved = await action('savePageTexts', { page: 'home', version: pageVersion, texts: { 'hero.title': title } });
          pageVersion = saved.version;
          await action('publishPageTexts', { page: 'home', version: pageVersion });
        },
        async (url) => (await page(`${url}/`)).includes(`>${title}</h1>`),
      ),
    );

    const postTitle = `Future of Cloud Computing, round ${round}`;
    results.post.push(
      await time(
        async () => {
          const current = await postNow();
          const saved = await action('savePost', {
            postId: 1,
            version: current.version,
            content: { ...current.content, title: postTitle },
            autosave: false,
          });
          await action('publishPost', { postId: 1, version: saved.version });
        },
        async (url) => {
          const [blog, post, feed] = await Promise.all(['/blog', '/blog/1', '/rss.xml'].map((path) => page(url + path)));
          return blog.includes(postTitle) && post.includes(postTitle) && feed.includes(postTitle);
        },
      ),
    );
  }

  await db.end();
  const summary = (list, key) => {
    const values = list.map((entry) => entry[key]).sort((x, y) => x - y);
    return { median: Math.round(values[Math.floor(values.length / 2)]), max: Math.round(values.at(-1)) };
  };
  const report = Object.fromEntries(
    Object.entries(results).map(([kind, list]) => [
      kind,
      { publish: summary(list, 'publishMs'), first: summary(list, 'first'), second: summary(list, 'second') },
    ]),
  );
  if (options.json) console.log(JSON.stringify(report));
  else {
    console.log(`Publishing on one instance, seen by both (${rounds} rounds; ms after the publication was answered, median / max):`);
    for (const [kind, r] of Object.entries(report))
      console.log(
        `  ${kind.padEnd(9)} publish ${r.publish.median} / ${r.publish.max}   first instance ${r.first.median} / ${r.first.max}   second instance ${r.second.median} / ${r.second.max}`,
      );
  }
  const worst = Math.max(...Object.values(report).flatMap((r) => [r.first.max, r.second.max]));
  if (worst >= LIMIT_MS) {
    console.error(`FAIL: an instance took ${worst} ms to serve a publication (the limit is ${LIMIT_MS} ms).`);
    process.exitCode = 1;
  } else console.log(`OK: every instance served every publication within ${worst} ms.`);
} finally {
  await b?.stop();
  await a?.stop();
  rmSync(dirA, { recursive: true, force: true });
  rmSync(dirB, { recursive: true, force: true });
}
