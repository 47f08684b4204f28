// The previous release's code, from git history, ready to run: for the test that runs it against
// the new schema (tests/compat/previous-release.mjs) and the upgrade drill (bench/upgrade.mjs).
//
// Which release: PREVIOUS_RELEASE (any git revision) when set; else the newest tag v* that is an
// ancestor of HEAD (and not HEAD itself); else the code just before the newest migration was
// added (the parent of the commit that first listed it in the journal). So every migration is
// checked against the code that runs beside it during a rolling upgrade, in the CI run that adds it.
//
// Ready to run: `git archive` of that revision into a cache directory, node_modules linked from
// ours (hard links, so no copy; `npm install` fills in the packages that differ when its lock file
// does), then its own `npm run build`. Kept in the system's temporary directory
// (helixpoint-releases/<commit>, or PREVIOUS_RELEASE_CACHE), outside this work tree: built in a
// git-ignored directory of a repository (it was .cache/releases), the build took 65 s instead of
// 22 (Tailwind's source scan, finding the parent repository, walked all of node_modules).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const JOURNAL = 'src/server/db/migrations/meta/_journal.json';

const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The migration tags of a journal (JSON text). */
export const migrationTags = (journal) => JSON.parse(journal).entries.map((entry) => entry.tag);

/** HEAD's migrations as they are in the working tree (a new one may not be committed yet). */
export const currentMigrations = () => migrationTags(readFileSync(join(root, JOURNAL), 'utf8'));

/** History is missing (a shallow clone whose origin is out of reach): nothing to compare with. */
export class ShallowCloneError extends Error {}

/**
 * { commit, label, why, migrationsSince } of the previous release, or throws with what is missing
 * (no git, a shallow clone).
 */
export function findPreviousRelease() {
  try {
    git('rev-parse', '--git-dir');
  } catch {
    throw new Error('The previous release is taken from git history, and this directory is not a git checkout.');
  }
  if (git('rev-parse', '--is-shallow-repository') === 'true' && !process.env.PREVIOUS_RELEASE) {
    // A shallow clone of a repository that is at hand (a local path, as CI's fresh clone may be)
    // can fetch its history; one of a host out of reach cannot, and says what to do.
    try {
      git('fetch', '--quiet', '--unshallow');
    } catch {
      throw new ShallowCloneError(
        'This clone is shallow: the previous release is taken from git history. Clone without --depth (or `git fetch --unshallow`), or set PREVIOUS_RELEASE to a revision you have.',
      );
    }
  }
  let commit;
  let why;
  if (process.env.PREVIOUS_RELEASE) {
    commit = git('rev-parse', '--verify', `${process.env.PREVIOUS_RELEASE}^{commit}`);
    why = `PREVIOUS_RELEASE=${process.env.PREVIOUS_RELEASE}`;
  } else {
    const head = git('rev-parse', 'HEAD');
    const tag = git('tag', '--merged', 'HEAD', '--sort=-creatordate', '--list', 'v[0-9]*')
      .split('\n')
      .filter(Boolean)
      .find((name) => git('rev-parse', `${name}^{commit}`) !== head);
    if (tag) {
      commit = git('rev-parse', `${tag}^{commit}`);
      why = `the newest release tag before HEAD (${tag})`;
    } else {
      const newest = currentMigrations().at(-1);
      // Along the first parents, merges included (-m): a migration often reaches main in a merge
      // (and is renumbered there), whose own diff plain `git log -S` does not look at.
      const added = git('log', '--format=%H', '--reverse', '-m', '--first-parent', `-S"tag": "${newest}"`, '--', JOURNAL)
        .split('\n')
        .find(Boolean);
      // Not committed yet: the code before it is HEAD's.
      commit = added ? git('rev-parse', `${added}^`) : head;
      why = added
        ? `the code before migration ${newest} was added (${added.slice(0, 9)}), no release tag v* found`
        : `HEAD (migration ${newest} is not committed yet)`;
    }
  }
  const before = migrationTags(git('show', `${commit}:${JOURNAL}`));
  const migrationsSince = currentMigrations().filter((tag) => !before.includes(tag));
  return { commit, label: git('log', '-1', '--format=%h %s', commit).slice(0, 100), why, migrationsSince, migrationsThen: before };
}

/**
 * Hard links of our node_modules (not its dot directories: caches a build may rewrite in place);
 * copies when the cache is on another file system, where hard links cannot reach.
 */
function linkNodeModules(target, log) {
  const source = join(root, 'node_modules');
  mkdirSync(target, { recursive: true });
  let link = true;
  for (const name of readdirSync(source)) {
    if (name.startsWith('.') && name !== '.bin') continue;
    if (link && name !== '.bin') {
      try {
        execFileSync('cp', ['-al', join(source, name), target], { stdio: ['ignore', 'ignore', 'pipe'] });
        continue;
      } catch {
        link = false;
        log('previous release: its cache is on another file system; node_modules is copied, not linked');
        rmSync(join(target, name), { recursive: true, force: true });
      }
    }
    execFileSync('cp', ['-a', join(source, name), target]);
  }
}

/** Where prepared releases are kept: outside any git work tree (see the head of this file). */
export const releaseCacheDir = () => process.env.PREVIOUS_RELEASE_CACHE ?? join(tmpdir(), 'helixpoint-releases');

/**
 * The previous release checked out, its dependencies installed and built, in a directory of its
 * own (reused when already there). `log` gets a line per step.
 */
export function preparePreviousRelease(release, { log = console.log } = {}) {
  // Not under node_modules: Node strips TypeScript types only outside it.
  const dir = join(releaseCacheDir(), release.commit);
  const done = join(dir, '.prepared');
  if (existsSync(done)) {
    log(`previous release ${release.commit.slice(0, 9)}: prepared earlier in ${dir}`);
    return dir;
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  execFileSync('sh', ['-c', `git archive ${release.commit} | tar -x -C "${dir}"`], { cwd: root });
  linkNodeModules(join(dir, 'node_modules'), log);
  const sameLock = readFileSync(join(dir, 'package-lock.json'), 'utf8') === readFileSync(join(root, 'package-lock.json'), 'utf8');
  if (!sameLock) {
    log('previous release: its lock file differs from ours; npm install fills in the packages that differ');
    const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
    });
    if (install.status !== 0)
      throw new Error(`npm install for the previous release failed:\n${`${install.stdout}\n${install.stderr}`.slice(-3000)}`);
  }
  log(`previous release: building ${release.commit.slice(0, 9)}…`);
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: dir,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`The previous release's build failed:\n${`${build.stdout}\n${build.stderr}`.slice(-3000)}`);
  writeFileSync(done, new Date().toISOString());
  log(`previous release: ready in ${((Date.now() - started) / 1000).toFixed(0)} s (${dir})`);
  return dir;
}
