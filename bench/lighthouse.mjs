// Lighthouse (mobile, the default form factor) on the built site with the system Chromium.
// Budget of issue 2: accessibility, best practices and SEO at 100 on the home shell.
//   npm run build && npx node bench/lighthouse.mjs [/path ...]
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, findChromium } from '../scripts/chromium-path.mjs';
import { serveBuild } from './serve-build.mjs';

const REQUIRED = { accessibility: 100, 'best-practices': 100, seo: 100 };
const paths = process.argv.slice(2).filter((arg) => arg.startsWith('/'));

const server = await serveBuild();
const chrome = await chromeLauncher.launch({
  chromePath: findChromium() ?? undefined,
  chromeFlags: chromiumArgs,
  logLevel: 'error',
});
let failed = false;
try {
  for (const path of paths.length ? paths : ['/']) {
    const result = await lighthouse(`${server.url}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' });
    const { categories, audits } = result.lhr;
    const scores = Object.fromEntries(Object.entries(categories).map(([id, category]) => [id, Math.round(category.score * 100)]));
    console.log(`Lighthouse mobile ${path}: ${Object.entries(scores).map(([id, score]) => `${id} ${score}`).join(', ')}`);
    console.log(
      `  FCP ${audits['first-contentful-paint'].displayValue}, LCP ${audits['largest-contentful-paint'].displayValue}, TBT ${audits['total-blocking-time'].displayValue}, CLS ${audits['cumulative-layout-shift'].displayValue}`,
    );
    for (const [id, minimum] of Object.entries(REQUIRED)) {
      if (scores[id] >= minimum) continue;
      failed = true;
      const failing = categories[id].auditRefs
        .map((ref) => audits[ref.id])
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative');
      console.log(`  ${id} ${scores[id]} < ${minimum}: ${failing.map((audit) => audit.id).join(', ')}`);
    }
  }
} finally {
  chrome.kill();
  server.stop();
}
process.exitCode = failed ? 1 : 0;
