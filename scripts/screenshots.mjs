// Screenshots of pages at desktop and mobile width, for looking at what we build:
//   npx node scripts/screenshots.mjs http://127.0.0.1:4321 / /careers ...
// Writes PNGs to test-results/screens/. Options: --full (whole page), --open-menu.
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumArgs, findChromium } from './chromium-path.mjs';

const args = process.argv.slice(2);
const full = args.includes('--full');
const [base, ...paths] = args.filter((arg) => !arg.startsWith('--'));
const outDir = 'test-results/screens';
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: chromiumArgs });
const viewports = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };
for (const path of paths.length ? paths : ['/']) {
  for (const [name, viewport] of Object.entries(viewports)) {
    const page = await browser.newPage({ viewport });
    await page.goto(new URL(path, base).href, { waitUntil: 'networkidle' });
    const file = `${outDir}/${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${name}.png`;
    await page.screenshot({ path: file, fullPage: full });
    console.log(file);
    await page.close();
  }
}
await browser.close();
