import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, waitForHydration } from './helpers';

// The spec's menu timings (section 9). Time is driven by Playwright's fake clock, so the
// assertions are exact rather than racing a real timer.
const OPEN_DELAY = 200;
const SKIP_DELAY = 300;
const CLOSE_DELAY = 150;

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const trigger = (page: Page, name: string) => mainNav(page).getByRole('button', { name });

async function openHomeWithPausedClock(page: Page) {
  await page.clock.install();
  await page.goto('/');
  await waitForHydration(page);
  await page.clock.pauseAt(Date.now() + 60_000);
}

/** Moves the mouse to an empty part of the page, away from the menu. */
async function pointerAway(page: Page) {
  await page.mouse.move(640, 700);
}

test.describe('desktop navigation', () => {
  test('lists the spec groups and links', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const nav = mainNav(page);
    await expect(nav.getByRole('button')).toHaveText(['Solutions', 'Services', 'Resources', 'Company']);
    await expect(nav.getByRole('link', { name: 'Contact', exact: true })).toHaveAttribute('href', '/contact');

    await trigger(page, 'Solutions').click();
    const solutions = nav
      .getByRole('list')
      .filter({ has: page.getByRole('link', { name: /Cloud Solutions/ }) })
      .last();
    await expect(solutions.getByRole('link')).toHaveCount(8);
    await expect(nav.getByRole('link', { name: /^Cloud Solutions/ })).toHaveAttribute('href', '/solutions/aws');
    await expectNoA11yViolations(page, 'Solutions menu open');
  });

  test('hover opens a group after 200 ms, not before', async ({ page }) => {
    await openHomeWithPausedClock(page);
    await trigger(page, 'Solutions').hover();
    await page.clock.runFor(OPEN_DELAY - 10);
    await expect(trigger(page, 'Solutions')).toHaveAttribute('aria-expanded', 'false');
    await expect(mainNav(page).getByRole('link', { name: /^Cloud Migration/ })).toBeHidden();

    await page.clock.runFor(10);
    await expect(trigger(page, 'Solutions')).toHaveAttribute('aria-expanded', 'true');
    await expect(mainNav(page).getByRole('link', { name: /^Cloud Migration/ })).toBeVisible();
  });

  test('a group closes 150 ms after the pointer leaves, and stays open if it comes back', async ({ page }) => {
    await openHomeWithPausedClock(page);
    await trigger(page, 'Services').hover();
    await page.clock.runFor(OPEN_DELAY);
    await expect(trigger(page, 'Services')).toHaveAttribute('aria-expanded', 'true');

    // Out and back in within the close delay: still open.
    await pointerAway(page);
    await page.clock.runFor(CLOSE_DELAY - 50);
    await mainNav(page)
      .getByRole('link', { name: /^Cyber Security/ })
      .hover();
    await page.clock.runFor(CLOSE_DELAY);
    await expect(trigger(page, 'Services')).toHaveAttribute('aria-expanded', 'true');

    await pointerAway(page);
    await page.clock.runFor(CLOSE_DELAY - 10);
    await expect(trigger(page, 'Services')).toHaveAttribute('aria-expanded', 'true');
    await page.clock.runFor(10);
    await expect(trigger(page, 'Services')).toHaveAttribute('aria-expanded', 'false');
  });

  test('within 300 ms of a close the next hover opens at once; later it waits again', async ({ page }) => {
    await openHomeWithPausedClock(page);
    await trigger(page, 'Solutions').hover();
    await page.clock.runFor(OPEN_DELAY);
    await expect(trigger(page, 'Solutions')).toHaveAttribute('aria-expanded', 'true');

    // Moving straight to another trigger while one is open switches at once.
    await trigger(page, 'Resources').hover();
    await expect(trigger(page, 'Resources')).toHaveAttribute('aria-expanded', 'true');
    await expect(trigger(page, 'Solutions')).toHaveAttribute('aria-expanded', 'false');

    // Closed, then hovered again inside the skip delay: no open delay.
    await pointerAway(page);
    await page.clock.runFor(CLOSE_DELAY);
    await expect(trigger(page, 'Resources')).toHaveAttribute('aria-expanded', 'false');
    await page.clock.runFor(SKIP_DELAY - 100);
    await trigger(page, 'Company').hover();
    await expect(trigger(page, 'Company')).toHaveAttribute('aria-expanded', 'true');

    // Closed, and the skip delay has run out: the 200 ms delay is back.
    await pointerAway(page);
    await page.clock.runFor(CLOSE_DELAY + SKIP_DELAY + 10);
    await expect(trigger(page, 'Company')).toHaveAttribute('aria-expanded', 'false');
    await trigger(page, 'Services').hover();
    await page.clock.runFor(OPEN_DELAY - 10);
    await expect(trigger(page, 'Services')).toHaveAttribute('aria-expanded', 'false');
    await page.clock.runFor(10);
    await expect(trigger(page, 'Services')).toHaveAttribute('aria-expanded', 'true');
  });

  test('a click opens a group at once and a second click closes it', async ({ page }) => {
    await openHomeWithPausedClock(page);
    await trigger(page, 'Company').click();
    await expect(trigger(page, 'Company')).toHaveAttribute('aria-expanded', 'true');
    await trigger(page, 'Company').click();
    await expect(trigger(page, 'Company')).toHaveAttribute('aria-expanded', 'false');
    // Still hovering the trigger that was just click-closed: it does not reopen by itself.
    await page.clock.runFor(OPEN_DELAY * 2);
    await expect(trigger(page, 'Company')).toHaveAttribute('aria-expanded', 'false');
  });

  test('clicking another trigger while a group is open opens that group', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await trigger(page, 'Solutions').click();
    await expect(trigger(page, 'Solutions')).toHaveAttribute('aria-expanded', 'true');
    // The pointer crossing onto Company switches the menu before the click lands; the click keeps it.
    await trigger(page, 'Company').click();
    await expect(trigger(page, 'Company')).toHaveAttribute('aria-expanded', 'true');
    await expect(trigger(page, 'Solutions')).toHaveAttribute('aria-expanded', 'false');
    await expect(mainNav(page).getByRole('link', { name: /^Careers/ })).toBeVisible();
  });

  test('a click outside closes an open group', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await trigger(page, 'Resources').click();
    await expect(trigger(page, 'Resources')).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('heading', { level: 1 }).click();
    await expect(trigger(page, 'Resources')).toHaveAttribute('aria-expanded', 'false');
  });

  test('works with the keyboard alone', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);

    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const solutions = trigger(page, 'Solutions');
    await expect(solutions).toBeFocused();

    // Enter opens; Tab walks into the group's links; Escape closes and returns to the trigger.
    await page.keyboard.press('Enter');
    await expect(solutions).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(mainNav(page).getByRole('link', { name: /^Cloud Solutions/ })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(solutions).toHaveAttribute('aria-expanded', 'false');
    await expect(solutions).toBeFocused();

    // Arrows move between the top-level items; ArrowDown enters a group.
    await page.keyboard.press('ArrowRight');
    const services = trigger(page, 'Services');
    await expect(services).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    await expect(mainNav(page).getByRole('link', { name: /^Cloud Intelligence/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(mainNav(page).getByRole('link', { name: /^Cyber Security/ })).toBeFocused();
    await page.keyboard.press('End');
    await expect(mainNav(page).getByRole('link', { name: /^Threat Intelligence/ })).toBeFocused();
    await expectNoA11yViolations(page, 'Services menu open by keyboard');

    // Enter on a link follows it.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/services\/threat-intelligence$/);
  });

  test('focus leaving the menu closes it', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await trigger(page, 'Company').focus();
    await page.keyboard.press('Enter');
    await expect(trigger(page, 'Company')).toHaveAttribute('aria-expanded', 'true');
    // Company's four links, then Contact, then out of the menu to Sign In.
    for (let i = 0; i < 6; i += 1) await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeFocused();
    await expect(trigger(page, 'Company')).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens behind a toggle and closes when a link is chosen', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await expect(mainNav(page)).toBeHidden();

    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await expect(mobileNav).toBeVisible();
    for (const group of ['Solutions', 'Services', 'Resources', 'Company']) {
      await expect(mobileNav.getByRole('heading', { name: group })).toBeVisible();
    }
    await expectNoA11yViolations(page, 'mobile menu open');

    // Record the toggle's state as the page unloads: the menu closes on the choice itself.
    await page.evaluate(() => {
      window.addEventListener('beforeunload', () => {
        const state = document.querySelector('[aria-controls="mobile-menu"]')?.getAttribute('aria-expanded');
        sessionStorage.setItem('menu-at-unload', String(state));
      });
    });
    await mobileNav.getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    expect(await page.evaluate(() => sessionStorage.getItem('menu-at-unload'))).toBe('false');
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('Escape closes the menu and returns focus to the toggle', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Careers' }).focus();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  });
});
