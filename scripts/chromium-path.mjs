// The one place that knows where the system Chromium is: CHROME_PATH, else Debian's package.
import { existsSync } from 'node:fs';

export const chromiumCandidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  return chromiumCandidates.find((path) => existsSync(path)) ?? null;
}

/** Flags for a headless Chromium on a machine with no network beyond the registries. */
export const chromiumArgs = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
  '--disable-dev-shm-usage',
];

/**
 * Debian's old headless shell (package chromium-headless-shell): the same engine without the
 * browser's own interface, which new-style headless Chromium still runs in a renderer of its own.
 * On this 2-core machine that interface took as much CPU as the pages under test.
 */
export const headlessShellPath = '/usr/bin/chromium-headless-shell';

/** The browser for the end-to-end tests: CHROME_PATH, else the headless shell when installed, else Chromium. */
export function findTestBrowser() {
  if (process.env.CHROME_PATH) return findChromium();
  return existsSync(headlessShellPath) ? headlessShellPath : findChromium();
}

/** The flags for `path`: the shell is headless by nature and takes no --headless=new. */
export function browserArgs(path) {
  return path === headlessShellPath ? chromiumArgs.filter((flag) => !flag.startsWith('--headless')) : chromiumArgs;
}
