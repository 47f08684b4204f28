import { fileURLToPath } from 'node:url';
import type { Page, Route } from '@playwright/test';
import { createVerifiedUser, expect, test } from './fixtures';
import { expectNoA11yViolations, waitForIsland } from './helpers';

/*
 * Issue 36: a form's code (react-hook-form, the schema, the texts) loads when the form is first used,
 * not with the page (components/ui/deferred.tsx, decision 051). Until it has loaded, the form is the
 * server's HTML: what is typed stays typed, and a press on its submit button is held and made again
 * once the code works, never posted natively behind the island's back.
 */

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

/** Holds back the responses for script files whose names match `pattern` until `release()`. */
async function holdScripts(page: Page, pattern: RegExp) {
  const held: Route[] = [];
  let released = false;
  await page.route(
    (url) => url.pathname.startsWith('/_astro/') && pattern.test(url.pathname),
    async (route) => {
      if (released) await route.continue();
      else held.push(route);
    },
  );
  return {
    requested: () => held.length,
    async release() {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

/** Errors the page's scripts threw (React's, when a part could not be hydrated). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The script files the page asked for so far. */
function scriptsRequested(page: Page): () => string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/_astro/') && path.endsWith('.js')) names.push(path.slice('/_astro/'.length));
  });
  return () => names;
}

test('the sign-in form loads its code when first used, keeps what was typed and sends the held press', async ({ page, request }) => {
  await createVerifiedUser(request, { email: 'deferred.form@mail.test', username: 'deferredform' });
  const errors = pageErrors(page);
  const scripts = scriptsRequested(page);
  const part = await holdScripts(page, /\/AuthPanel\.[\w-]+\.js$/);
  await page.goto('/auth');
  await waitForIsland(page, 'AuthPanel');
  // The page works without the form's code: react-hook-form and zod are in the `forms` file.
  expect(scripts().filter((name) => /^(forms|AuthPanel|accounts)\./.test(name))).toEqual([]);

  // Typed while the code is held back: the first focus asks for it.
  await page.getByRole('textbox', { name: 'Email' }).fill('deferred.form@mail.test');
  await page.getByLabel('Password').fill('not the password');
  await expect.poll(part.requested).toBe(1);
  // Pressed before the code is there: nothing is posted (the address stays, the page is the same).
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);

  await part.release();
  // The held press is made once the form works: the server's answer, with what was typed kept.
  const alert = page.getByRole('main').getByRole('alert').filter({ hasText: 'Invalid email or password' });
  await expect(alert).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('deferred.form@mail.test');
  await expect(page.getByLabel('Password')).toHaveValue('not the password');
  expect(scripts().some((name) => name.startsWith('forms.'))).toBe(true);
  await expectNoA11yViolations(page, 'sign-in answered after the form loaded');
  expect(errors).toEqual([]);
});

test('the apply form: typed and a resume chosen before its code arrives, checked by it afterwards', async ({ page }) => {
  await page.goto('/careers');
  const apply = page.getByRole('link', { name: /^Apply/ }).first();
  const href = await apply.getAttribute('href');
  const errors = pageErrors(page);
  const scripts = scriptsRequested(page);
  const part = await holdScripts(page, /\/ApplicationForm\.[\w-]+\.js$/);
  await page.goto(href!);
  await waitForIsland(page, 'ApplicationForm');
  expect(scripts().filter((name) => /^(forms|ApplicationForm)\./.test(name))).toEqual([]);

  await page.getByRole('textbox', { name: /^First name/ }).fill('Ada');
  await page.getByRole('textbox', { name: /^Email/ }).fill('not an address');
  await expect.poll(part.requested).toBe(1);
  // A resume chosen meanwhile is given to the form once it works: uploaded, not missing.
  await page.getByLabel('Resume').setInputFiles(fixture('resume.pdf'));
  await page.getByRole('button', { name: 'Submit Application' }).click();
  const url = page.url();
  await part.release();

  // The held press reaches the form's own check: a summary of what is missing, nothing posted.
  const summary = page.getByRole('group', { name: /fields need your attention$/ });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link', { name: /^Last name: / })).toBeVisible();
  await expect(summary.getByRole('link', { name: /^Email: / })).toBeVisible();
  await expect(summary.getByRole('link', { name: /^First name: / })).toHaveCount(0);
  await expect(summary.getByRole('link', { name: /^Resume/ })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: /^First name/ })).toHaveValue('Ada');
  await expect(page.getByRole('textbox', { name: /^Email/ })).toHaveValue('not an address');
  expect(page.url()).toBe(url);
  // The 245 countries are the server's (decision 032): hydrated over, never rendered again.
  await expect(page.locator('#country_code option')).toHaveCount(245);
  await expectNoA11yViolations(page, 'apply form refused after its code loaded');
  expect(errors).toEqual([]);
});

test('a switch pressed before the code arrives is made once it has, and the address typed meanwhile goes along', async ({ page }) => {
  const part = await holdScripts(page, /\/AuthPanel\.[\w-]+\.js$/);
  await page.goto('/auth');
  await waitForIsland(page, 'AuthPanel');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill('forgetful.typist@mail.test');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await expect.poll(part.requested).toBe(1);
  await part.release();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('forgetful.typist@mail.test');
  // And back: the address stays.
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('forgetful.typist@mail.test');
  await expectNoA11yViolations(page, 'sign-in after a switch made before the code loaded');
});
