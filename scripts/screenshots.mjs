// Screenshots of pages at desktop and mobile width, for looking at what we build:
//   npx node scripts/screenshots.mjs http://127.0.0.1:4321 / /careers ...
// Writes PNGs to test-results/screens/. Options: --full (whole page), --open-menu,
// --sign-in=EMAIL:PASSWORD (signs in first, for the admin area), --only=mobile|desktop.
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumArgs, findChromium } from './chromium-path.mjs';

const args = process.argv.slice(2);
const full = args.includes('--full');
const option = (name) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const signIn = option('sign-in');
const only = option('only');
const [base, ...paths] = args.filter((arg) => !arg.startsWith('--'));
const outDir = 'test-results/screens';
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: chromiumArgs });
const context = await browser.newContext();
if (signIn) {
  const [email, ...password] = signIn.split(':');
  const response = await context.request.post(new URL('/api/auth/sign-in/email', base).href, {
    data: { email, password: password.join(':') },
    headers: { Origin: new URL(base).origin },
  });
  if (!response.ok()) throw new Error(`Sign-in failed: ${response.status()} ${await response.text()}`);
}
const viewports = Object.entries({ desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } }).filter(
  ([name]) => !only || name === only,
);
for (const path of paths.length ? paths : ['/']) {
  for (const [name, viewport] of viewports) {
    const page = await context.newPage();
    await page.setViewportSize(viewport);
    await page.goto(new URL(path, base).href, { waitUntil: 'networkidle' });
    const file = `${outDir}/${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${name}.png`;
    await page.screenshot({ path: file, fullPage: full });
    console.log(file);
    await page.close();
  }
}
await context.close();
await browser.close();
