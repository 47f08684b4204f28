// Makes sure the system Chromium is there before the end-to-end tests. As root it installs
// Debian's package; otherwise it stops with a message naming CHROME_PATH. Never downloads a
// browser of its own.
import { execFileSync } from 'node:child_process';
import { findChromium } from './chromium-path.mjs';

if (findChromium()) process.exit(0);

if (process.env.CHROME_PATH) {
  console.error(`CHROME_PATH is set to ${process.env.CHROME_PATH}, but no executable is there.`);
  process.exit(1);
}

if (process.getuid?.() !== 0) {
  console.error(
    'Chromium was not found. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROME_PATH to a Chromium or Chrome executable.',
  );
  process.exit(1);
}

console.log('Chromium not found; installing Debian package "chromium" with apt-get…');
const apt = (args) => execFileSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
apt(['update', '-qq']);
apt(['install', '-y', '-qq', 'chromium']);
if (!findChromium()) {
  console.error('apt-get finished but Chromium is still missing; set CHROME_PATH.');
  process.exit(1);
}
