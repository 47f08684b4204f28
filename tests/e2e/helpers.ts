import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

/** WCAG 2.2 A and AA, the level DECISIONS.md commits to. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Fails the test if the browser refused anything on the page for its Content-Security-Policy. */
export async function expectNoCspViolations(page: Page, context?: string): Promise<void> {
  const refused = (await page.consoleMessages())
    .filter((message) => message.type() === 'error' && /Content[ -]Security[ -]Policy/i.test(message.text()))
    .map((message) => message.text());
  expect(refused, `CSP violations${context ? ` (${context})` : ''} on ${page.url()}`).toEqual([]);
}

/**
 * axe-core run in the page itself, injected once per document (and into every same-origin frame,
 * so frames are checked too). @axe-core/playwright's analyze() injected axe's 550 KB anew on every
 * call and finished each run in a new page of its own: 1.7-2.9 s a check on this machine against
 * 0.2-0.4 s for the audit itself, about a third of the whole e2e suite's time (decision 037).
 */
async function runAxe(page: Page): Promise<axe.AxeResults> {
  for (const frame of page.frames()) {
    if (frame.isDetached()) continue;
    const present = await frame.evaluate(() => 'axe' in window).catch(() => true);
    if (!present) await frame.evaluate(axe.source);
  }
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    wcagTags,
  );
}

/**
 * Fails the test on any axe violation of WCAG 2.2 A/AA on the page as it is now, and on anything
 * the page's Content-Security-Policy refused (every page a test checks is checked for both).
 */
export async function expectNoA11yViolations(page: Page, context?: string): Promise<void> {
  await expectNoCspViolations(page, context);
  // Toasts come and go on their own clock (one may load, or time out, during the scan) and would be
  // checked half faded. With reduced motion they have no transitions: they are fully there, or gone.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // What still moves with reduced motion (a dialog, an accordion opening) settles first: contrast
  // is only meaningful at rest. Two frames first, so transitions started just now are running.
  // Headless Chromium can go a while without drawing a frame (no rAF, no animation timeline ticks),
  // and page.evaluate has no timeout of its own: a CI run hung in this check, after a contact form
  // was sent, for the test's whole 240 s. Each wait is bounded, and says so in the log if it ran out.
  const settled = await page.evaluate(async () => {
    const bounded = <T>(promise: Promise<T>, ms: number) =>
      Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);
    const frames = await bounded(new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))), 2_000);
    const running = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    const finished = await bounded(Promise.all(running.map((a) => a.finished.catch(() => undefined))), 5_000);
    return {
      frames,
      finished,
      running: running.map((a) => `${a.constructor.name} ${(a as CSSAnimation).animationName ?? ''} ${a.playState}`),
    };
  });
  if (!settled.frames || !settled.finished)
    console.warn(`The page drew no frame or did not settle before axe (${context ?? page.url()}):`, settled);
  // Scanned from the top of the page: scrolled, a control passing under the sticky header counts
  // as an obscured touch target (target-size), whatever its size; where the test had scrolled
  // (a reload restores it) is not the page's layout. The scroll position is put back after.
  const scrolled = await page.evaluate(() => {
    const y = window.scrollY;
    window.scrollTo({ top: 0, behavior: 'instant' });
    return y;
  });
  const results = await runAxe(page);
  await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), scrolled);
  await page.emulateMedia({ reducedMotion: null });
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n'),
  );
  expect(summary, `axe violations${context ? ` (${context})` : ''} on ${page.url()}`).toEqual([]);
}

/**
 * Resolves once the page is interactive: the shell script (header, menus, auth controls) has run,
 * and every island that loads with the page has hydrated (Astro drops `ssr` when it has).
 * client:visible islands wait to be scrolled into view: use waitForIsland() for those.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('html[data-shell="ready"]')).toHaveCount(1);
  await expect(page.locator('astro-island[ssr]:not([client="visible"])')).toHaveCount(0);
}

/**
 * Resolves once the islands of one component have hydrated, e.g. client:visible ones after
 * scrolling. Matched by its file name, or by its export name for islands a page imports from a
 * module of several (components/admin/application-islands.ts).
 */
export async function waitForIsland(page: Page, component: string): Promise<void> {
  const islands = `astro-island[component-url*="${component}"], astro-island[component-export="${component}"]`;
  await expect(page.locator(islands).first()).toBeAttached();
  await expect(page.locator(islands).and(page.locator('[ssr]'))).toHaveCount(0);
}

/**
 * Resolves once a form whose code loads on first use (components/ui/deferred.tsx) has it and works:
 * for a test that checks what the form does on focus and blur alone, before anything is typed.
 */
export async function waitForFormCode(page: Page, component: string): Promise<void> {
  await waitForIsland(page, component);
  const islands = `astro-island[component-url*="${component}"], astro-island[component-export="${component}"]`;
  await expect(page.locator(islands).locator('[data-deferred="ready"]').first()).toBeAttached();
}

/**
 * The site's script files never load (a slow network, a blocker, a page used before they arrive):
 * islands stay as their server-rendered HTML. Playwright and axe still run, unlike with JavaScript
 * turned off.
 */
export async function blockSiteScripts(page: Page): Promise<void> {
  await page.route('**/*.js', (route) => route.abort());
}

/**
 * React's hydration errors (#418, #423, #425: the server's HTML and the browser's first render
 * differ) on this page so far: reported as page errors or console errors, in production builds by
 * number. A page with none hydrated what the server drew (issue 51: the post and page-text editors).
 */
export function watchHydrationErrors(page: Page): () => string[] {
  const seen: string[] = [];
  const hydration = /Minified React error #(418|423|425)|Hydration failed|did not match|hydrat/i;
  page.on('pageerror', (error) => {
    if (hydration.test(error.message)) seen.push(error.message);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && hydration.test(message.text())) seen.push(message.text());
  });
  return () => seen;
}

/**
 * A screen as a person sees it at 1280 and 390 px: nothing wider than the screen, no axe violation,
 * and a full-page screenshot at each width (test-results/screens/<name>-<width>.png) to look at.
 */
export async function lookAtBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBeLessThanOrEqual(width);
    await expectNoA11yViolations(page, `${name} at ${width}`);
    await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
