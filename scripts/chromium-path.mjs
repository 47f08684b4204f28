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
