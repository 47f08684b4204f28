import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { adminCreate, enrolTotp, expect, signInApi, test } from './fixtures';
import { expectNoA11yViolations, waitForHydration, watchHydrationErrors } from './helpers';
import { startSecondInstance, type SecondInstance } from './second-instance';

/*
 * Issue 34: an editor writes a post with an image, previews it, schedules it; at its time it is on
 * the blog, in the feed and the sitemap of this instance and of a second one (each had the old
 * pages in its cache); an older revision is restored; a recruiter cannot reach the editor. axe on
 * the list, the editor, the preview and the published post; screenshots at 1280 and 390.
 */

const PASSWORD = 'Editor-pass-2026!x';
const TITLE = 'Quarkfield: cutting a cloud bill by a third';

let second: SecondInstance | undefined;
test.afterAll(async () => {
  await second?.stop();
});

// An editor who is not in the server's zone (UTC): what the editor shows in the browser's zone must hydrate cleanly.
test.use({ timezoneId: 'Europe/Berlin' });

async function photograph(page: import('@playwright/test').Page, name: string) {
  for (const [label, width] of [
    ['desktop', 1280],
    ['mobile', 390],
  ] as const) {
    await page.setViewportSize({ width, height: label === 'desktop' ? 800 : 844 });
    await page.screenshot({ path: `test-results/screens/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an editor writes, previews and schedules a post; at its time every instance shows it; a revision is restored', async ({
  page,
  baseURL,
  browser,
}) => {
  test.setTimeout(150_000);
  const site = baseURL!;
  second = await startSecondInstance(site);

  adminCreate('--email', 'eda.blog@helixpoint.test', '--password', PASSWORD, '--name', 'Eda Writer', '--role', 'editor');
  await signInApi(page.request, 'eda.blog@helixpoint.test', PASSWORD, site);
  await enrolTotp(page.request, PASSWORD);

  // Both instances have the blog in their page cache before anything is published.
  for (const origin of [site, second.url]) {
    expect(await (await page.request.get(`${origin}/blog`)).text()).not.toContain(TITLE);
    expect(await (await page.request.get(`${origin}/rss.xml`)).text()).not.toContain(TITLE);
  }

  const hydrationErrors = watchHydrationErrors(page);
  await page.goto('/admin/posts');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog posts' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Future of Cloud Computing in Enterprise' })).toBeVisible();
  await expectNoA11yViolations(page, 'post list');
  // A published post's editor names its times in the editor's zone: drawn after hydration, so it
  // hydrates what the server drew (issue 51: React #418 in any zone but the server's).
  await page.getByRole('link', { name: 'Future of Cloud Computing in Enterprise' }).click();
  await waitForHydration(page);
  await expect(page.getByRole('complementary').getByText(/^Published .+ (AM|PM)\. Changes you save/)).toBeVisible();
  expect(hydrationErrors()).toEqual([]);
  await page.goto('/admin/posts');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'New post' }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/\d+$/);
  await waitForHydration(page);
  // The editor hydrates what the server drew (no React #418, issue 51), also when opened again by its address.
  await page.reload();
  await waitForHydration(page);
  expect(hydrationErrors()).toEqual([]);
  const postId = Number(/\/admin\/posts\/(\d+)$/.exec(page.url())![1]);
  await waitForHydration(page);

  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(TITLE);
  await page.getByRole('button', { name: 'From title' }).click();
  await expect(page.getByRole('textbox', { name: 'Address' })).toHaveValue('quarkfield-cutting-a-cloud-bill-by-a-third');
  await page.getByRole('textbox', { name: 'Category' }).fill('Cloud Computing');
  await page.getByRole('textbox', { name: 'Excerpt' }).fill('How one retailer found the idle third of its cloud spend in a week.');
  await page.getByRole('textbox', { name: 'Tags' }).fill('FinOps, Quarkfield');
  const body = page.getByRole('textbox', { name: 'Body' });
  await body.fill(
    '## Where the money went\n\nA third of the spend was idle.\n\n- Oversized nodes\n- Forgotten volumes\n\n<script>alert(1)</script>',
  );
  // The live preview is the server's rendering: the heading shown, the script gone.
  const preview = page.getByRole('region', { name: 'Preview of the body' });
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(preview.getByRole('heading', { name: 'Where the money went' })).toBeVisible();
  await expect(preview.getByRole('listitem')).toHaveText(['Oversized nodes', 'Forgotten volumes']);
  await expect(preview.locator('script')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Write' }).click();

  // A cover image, uploaded from the editor with its alt text; then the same image in the text.
  const dir = mkdtempSync(join(tmpdir(), 'blog-image-'));
  const imagePath = join(dir, 'savings-chart.png');
  writeFileSync(
    imagePath,
    await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer(),
  );
  await page.getByRole('button', { name: 'Choose cover image' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a cover image' });
  await picker.getByText('Upload a new image').click();
  await picker.getByLabel('Image').setInputFiles(imagePath);
  await picker.getByRole('textbox', { name: 'Alt text' }).fill('A bar chart of monthly cloud spend falling by a third');
  await expectNoA11yViolations(page, 'media picker');
  await picker.getByRole('button', { name: 'Upload image' }).click();
  await expect(picker).toBeHidden({ timeout: 20_000 });
  await expect(page.getByRole('textbox', { name: 'Cover image alt text' })).toHaveValue(
    'A bar chart of monthly cloud spend falling by a third',
  );
  await body.press('End');
  await page.getByRole('button', { name: 'Image', exact: true }).click();
  const inText = page.getByRole('dialog', { name: 'Choose an image for the text' });
  await inText.getByRole('button', { name: /A bar chart of monthly cloud spend/ }).click();
  await expect(body).toHaveValue(/!\[A bar chart of monthly cloud spend falling by a third\]\(\/media\/[0-9a-f-]{36}\)/);

  // Autosaved.
  await expect(page.getByRole('status').filter({ hasText: /^Saved at / })).toBeVisible({ timeout: 15_000 });

  // The image is in the media library, which says where it is used.
  const library = await browser.newPage({ storageState: await page.context().storageState() });
  await library.goto(`${site}/admin/media`);
  await expect(library.getByRole('heading', { level: 1, name: 'Media library' })).toBeVisible();
  await expect(library.getByText('A bar chart of monthly cloud spend falling by a third').first()).toBeVisible();
  await expectNoA11yViolations(library, 'media library');
  await photograph(library, 'media-library');
  await waitForHydration(library);
  await library
    .getByRole('listitem')
    .filter({ hasText: 'A bar chart of monthly cloud spend' })
    .getByRole('button', { name: 'Delete' })
    .click();
  const refusal = library.getByRole('dialog', { name: 'This image cannot be deleted' });
  await expect(refusal).toContainText(TITLE);
  await expectNoA11yViolations(library, 'media in use');
  await library.close();
  await expectNoA11yViolations(page, 'post editor');
  await photograph(page, 'blog-editor');

  // A preview link, opened by someone without an account.
  await page.getByRole('button', { name: 'Get preview link' }).click();
  const previewUrl = await page.getByRole('textbox', { name: 'Preview link' }).inputValue();
  expect(previewUrl).toMatch(new RegExp(`^${site}/blog/preview/${postId}-g\\d+\\.`));
  const visitor = await browser.newContext();
  const previewPage = await visitor.newPage();
  const previewed = await previewPage.goto(previewUrl);
  expect(previewed?.headers()['cache-control']).toBe('no-store');
  await expect(previewPage.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(previewPage.getByText('this post is not published')).toBeVisible();
  await expectNoA11yViolations(previewPage, 'post preview');
  expect((await previewPage.goto(previewUrl.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))))?.status()).toBe(404);
  // A newer link ends it (issue 50): shared with the wrong person, the editor gets another.
  await page.getByRole('button', { name: 'Get preview link' }).click();
  await expect(page.getByRole('textbox', { name: 'Preview link' })).not.toHaveValue(previewUrl);
  expect((await previewPage.goto(previewUrl))?.status()).toBe(404);
  await expect(previewPage.getByRole('heading', { level: 1, name: 'This preview link no longer works' })).toBeVisible();
  // Not public yet.
  expect((await previewPage.goto(`/blog/${postId}`.replace(/^/, site)))?.status()).toBe(404);

  // Scheduled a few seconds ahead (the field takes seconds).
  // A whole second: the field takes seconds, not their fractions.
  const at = new Date(Math.ceil((Date.now() + 8_000) / 1000) * 1000);
  // In the browser's zone (Berlin), as the field reads it: "2026-11-28T22:43:52".
  const local = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
    .format(at)
    .replace(' ', 'T');
  await page.getByLabel('Publish at', { exact: true }).fill(local);
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('Schedule saved')).toBeVisible();
  await expect(page.getByRole('complementary').getByText('Scheduled', { exact: true })).toBeVisible();
  for (const origin of [site, second.url]) expect(await (await page.request.get(`${origin}/blog`)).text()).not.toContain(TITLE);

  // At its time: the blog, the feed and the sitemap of both instances.
  const path = '/blog/quarkfield-cutting-a-cloud-bill-by-a-third';
  for (const origin of [site, second.url]) {
    await expect
      .poll(async () => (await page.request.get(`${origin}/blog`)).text(), { timeout: 30_000, intervals: [500] })
      .toContain(TITLE);
    expect(await (await page.request.get(`${origin}/rss.xml`)).text()).toContain(TITLE);
    expect(await (await page.request.get(`${origin}/sitemap.xml`)).text()).toContain(`${site}${path}<`);
  }
  expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
  // Its number redirects to its address.
  const byNumber = await page.request.get(`${site}/blog/${postId}`, { maxRedirects: 0 });
  expect(byNumber.status()).toBe(301);
  expect(byNumber.headers().location).toBe(path);

  const published = await visitor.newPage();
  await published.goto(`${site}${path}`);
  await expect(published.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(published.getByRole('heading', { level: 2, name: 'Where the money went' })).toBeVisible();
  await expect(published.getByRole('img', { name: 'A bar chart of monthly cloud spend falling by a third' })).toHaveCount(2);
  await expect(published.locator('article picture source[type="image/avif"]').first()).toHaveAttribute(
    'srcset',
    /\/media\/[0-9a-f-]{36}\/480\.avif 480w/,
  );
  await expect(published.locator('article script')).toHaveCount(0);
  expect(await published.locator('head script[type="application/ld+json"]').textContent()).toContain('"@type":"BlogPosting"');
  await expectNoA11yViolations(published, 'published post');
  await photograph(published, 'blog-published-post');
  await visitor.close();

  // The editor changes the title, then restores the first revision.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('complementary').getByText('Published', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('A title nobody liked');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();
  const revisions = page.getByRole('region', { name: 'Revisions' });
  // The version published at its time (by the schedule), restored over the change.
  const publishedRevision = revisions.getByRole('listitem').filter({ hasText: 'Published' }).first();
  const number = /^(\d+)\./.exec((await publishedRevision.textContent()) ?? '')![1];
  await publishedRevision.getByRole('button', { name: /Compare/ }).click();
  await expect(revisions.getByText(`Restoring revision ${number} would change`)).toBeVisible();
  await expect(revisions.getByRole('deletion').filter({ hasText: 'nobody' })).toHaveCount(1);
  await revisions.getByRole('button', { name: `Restore revision ${number}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText(`Revision ${number} restored`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(TITLE);
  await expectNoA11yViolations(page, 'post editor after a restore');

  // A recruiter cannot reach the editor, its list or its actions.
  adminCreate('--email', 'rory.blog@helixpoint.test', '--password', PASSWORD, '--name', 'Rory Recruiter', '--role', 'recruiter');
  const recruiter = await browser.newContext({ baseURL: site });
  await signInApi(recruiter.request, 'rory.blog@helixpoint.test', PASSWORD, site);
  await enrolTotp(recruiter.request, PASSWORD);
  expect((await recruiter.request.get('/admin/posts')).status()).toBe(403);
  expect((await recruiter.request.get(`/admin/posts/${postId}`)).status()).toBe(403);
  expect((await recruiter.request.post('/_actions/admin.unpublishPost', { data: { postId } })).status()).toBe(403);
  await recruiter.close();
  expect(await (await page.request.get(`${site}${path}`)).text()).toContain(TITLE);

  // Unpublished: off the blog of both instances at once (and the other tests see the spec's six again).
  expect((await page.request.post('/_actions/admin.unpublishPost', { data: { postId } })).status()).toBe(200);
  for (const origin of [site, second.url])
    await expect
      .poll(async () => (await page.request.get(`${origin}/blog`)).text(), { timeout: 5_000, intervals: [100] })
      .not.toContain(TITLE);
  expect((await page.request.get(`${site}${path}`)).status()).toBe(404);
});
