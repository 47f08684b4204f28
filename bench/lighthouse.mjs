// Lighthouse (mobile, its default) with the system Chromium on every public page, against the
// budgets: performance at least 95; accessibility, best practices and SEO 100.
//   npm run build && npx node bench/lighthouse.mjs [/path ...]
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, findChromium } from '../scripts/chromium-path.mjs';
import { publicPaths } from './js-budget.mjs';
import { serveBuild } from './serve-build.mjs';

export const REQUIRED = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

/** Scores (0-100) and the metrics behind performance for each path. */
export async function runLighthouse(baseUrl, paths) {
  const chrome = await chromeLauncher.launch({ chromePath: findChromium() ?? undefined, chromeFlags: chromiumArgs, logLevel: 'error' });
  const results = [];
  try {
    for (const path of paths) {
      const audit = async () => (await lighthouse(`${baseUrl}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' })).lhr;
      // A run that Lighthouse itself could not complete (runtimeError) is tried once more.
      let lhr = await audit();
      if (lhr.runtimeError) lhr = await audit();
      if (lhr.runtimeError) {
        results.push({ path, scores: {}, metrics: {}, failing: [{ category: 'runtime', audits: [lhr.runtimeError.code] }] });
        continue;
      }
      const scores = Object.fromEntries(Object.entries(lhr.categories).map(([id, category]) => [id, Math.round(category.score * 100)]));
      const failing = Object.entries(REQUIRED)
        .filter(([id, minimum]) => scores[id] < minimum)
        .map(([id]) => ({
          category: id,
          audits: lhr.categories[id].auditRefs
            .map((ref) => lhr.audits[ref.id])
            .filter(
              (audit) =>
                audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && ref_weight(lhr, id, audit.id) > 0,
            )
            .map((audit) => audit.id),
        }));
      const metric = (id) => lhr.audits[id].displayValue;
      results.push({
        path,
        scores,
        metrics: {
          FCP: metric('first-contentful-paint'),
          LCP: metric('largest-contentful-paint'),
          TBT: metric('total-blocking-time'),
          CLS: metric('cumulative-layout-shift'),
        },
        failing,
      });
    }
  } finally {
    chrome.kill();
  }
  return results;
}

function ref_weight(lhr, categoryId, auditId) {
  return lhr.categories[categoryId].auditRefs.find((ref) => ref.id === auditId)?.weight ?? 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await serveBuild();
  let results;
  try {
    const chosen = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
    results = await runLighthouse(
      server.url,
      chosen.length ? chosen : (await publicPaths(server.url)).filter((p) => p !== '/no-such-page'),
    );
  } finally {
    await server.stop();
  }
  console.log('Lighthouse mobile: performance / accessibility / best practices / SEO, then FCP, LCP, TBT, CLS');
  for (const r of results) {
    const s = r.scores;
    if (s.performance === undefined) {
      console.log(`  ${r.path.padEnd(36)} Lighthouse could not measure it: ${r.failing[0]?.audits.join(', ')}`);
      continue;
    }
    console.log(
      `  ${r.path.padEnd(36)} ${s.performance} / ${s.accessibility} / ${s['best-practices']} / ${s.seo}   ${r.metrics.FCP}, ${r.metrics.LCP}, ${r.metrics.TBT}, ${r.metrics.CLS}`,
    );
    for (const f of r.failing) console.log(`    ${f.category} below budget: ${f.audits.join(', ')}`);
  }
  process.exitCode = results.some((r) => r.failing.length > 0) ? 1 : 0;
}
