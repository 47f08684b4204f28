// Makes sure the system Chromium is there before the end-to-end tests, and Debian's lighter
// headless shell that the tests prefer (scripts/chromium-path.mjs). As root it installs Debian's
// packages; otherwise it stops with a message naming CHROME_PATH when there is no Chromium at all.
// Never downloads a browser of its own.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium, headlessShellPath } from './chromium-path.mjs';

const hasChromium = Boolean(findChromium());
const hasShell = existsSync(headlessShellPath);
const isRoot = process.getuid?.() === 0;

if (hasChromium && (hasShell || process.env.CHROME_PATH || !isRoot)) process.exit(0);

if (process.env.CHROME_PATH) {
  console.error(`CHROME_PATH is set to ${process.env.CHROME_PATH}, but no executable is there.`);
  process.exit(1);
}

if (!isRoot) {
  console.error(
    'Chromium was not found. Install it (Debian/Ubuntu: sudo apt-get install -y chromium chromium-headless-shell) or set CHROME_PATH to a Chromium or Chrome executable.',
  );
  process.exit(1);
}

const packages = [...(hasChromium ? [] : ['chromium']), ...(hasShell ? [] : ['chromium-headless-shell'])];
console.log(`Installing Debian's ${packages.join(' and ')} with apt-get…`);
const apt = (args) => execFileSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
try {
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', ...packages]);
} catch (error) {
  // Without the shell the tests run in Chromium itself, only slower.
  if (!hasChromium) throw error;
  console.warn(`chromium-headless-shell could not be installed (${error.message}); the tests use Chromium.`);
}
if (!findChromium()) {
  console.error('apt-get finished but Chromium is still missing; set CHROME_PATH.');
  process.exit(1);
}
