import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { lookAtBothWidths, waitForHydration } from './helpers';
import {
  actionData,
  adminCreate,
  applyThroughApi,
  enrolTotp,
  expect,
  positionInput,
  signInApi,
  signInApiWithCode,
  test,
  type EnrolledAdmin,
} from './fixtures';

/*
 * An admin connects the company's HR system (issue 55): adds a webhook on the Integrations page,
 * keeps its secret (shown once), and a new application reaches the receiver signed as Standard
 * Webhooks says (verified here with the same library); the delivery log shows it, "Send again"
 * sends it again under the same id, and the integration is switched off and deleted. axe on each
 * screen at 1280 and 390 px; screenshots in test-results/screens/integrations-*.png.
 */

const PASSWORD = 'integrations flow password 1';
const run = Date.now().toString(36);
const admin = { email: `ida.hooks.${run}@helixpoint.test`, name: `Ida Hooks ${run}` };
const position = `Integrations Engineer ${run}`;
const candidate = { first: 'Ngozi', last: 'Okonkwo', email: `ngozi.${run}@mail.test` };

let enrolled: EnrolledAdmin;
let receiver: Server;
let receiverUrl: string;
/** What the receiver got for this test's position (other tests' applications may arrive too). */
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

test.beforeAll(async ({ baseURL }) => {
  adminCreate('--email', admin.email, '--password', PASSWORD, '--name', admin.name, '--role', 'admin');
  const client = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '10.254.9.1' } });
  await signInApi(client, admin.email, PASSWORD, baseURL!);
  enrolled = { email: admin.email, password: PASSWORD, ...(await enrolTotp(client, PASSWORD)) };
  await client.dispose();
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (body.includes(position)) received.push({ headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('Thanks from the HR system');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hooks/helixpoint`;
});

test.afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

const look = (page: Page, name: string) => lookAtBothWidths(page, `integrations-${name}`);

test('an admin adds a webhook, an application reaches it signed, the log shows it and sends it again', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const context = await browser.newContext({ baseURL: base, extraHTTPHeaders: { 'X-Forwarded-For': '10.254.9.2' } });
  const page = await context.newPage();
  await signInApiWithCode(page.request, enrolled, base);

  await page.goto('/admin/integrations');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Integrations' }).first()).toBeVisible();

  // A private address is refused with the field's rule.
  const form = page.getByRole('form', { name: 'Add an integration' });
  await form.getByLabel('Name').fill(`HR system ${run}`);
  await form.getByLabel('URL').fill('http://169.254.169.254/latest/meta-data');
  await form.getByRole('button', { name: 'Add' }).click();
  // At the field, and in the toast.
  await expect(form.getByLabel('URL')).toHaveAccessibleDescription(
    /URL: it points to a private, local or metadata address, which this site does not send to\./,
  );

  await form.getByLabel('URL').fill(receiverUrl);
  await expect(form.getByRole('checkbox', { name: 'Application received' })).toBeChecked();
  await form.getByRole('checkbox', { name: 'Application status changed' }).check();
  await look(page, 'add');
  await form.getByRole('button', { name: 'Add' }).click();

  // The secret, shown once.
  const shown = page.getByRole('region', { name: /shown this once/ });
  await expect(shown.getByRole('heading')).toBeFocused();
  await expect(shown).toBeVisible();
  const secret = (await shown.locator('code').textContent())!.trim();
  expect(secret).toMatch(/^whsec_/);
  await look(page, 'secret');
  await page.getByRole('button', { name: 'I have kept it' }).click();
  await expect(page.getByRole('heading', { name: `HR system ${run}`, level: 1 })).toBeVisible();
  await expect(page.getByText('Integration added.')).toBeVisible();
  await expect(page.getByText('Nothing delivered yet.')).toBeVisible();
  const integrationUrl = page.url();
  // Its URL is kept, not shown again (a chat channel's is its password).
  expect(await page.content()).not.toContain('/hooks/helixpoint');
  await expect(page.getByText(/Kept, and not shown \(to 127\.0\.0\.1:\d+\)/)).toBeVisible();

  // A new application: the receiver gets it, signed.
  const created = await page.request.post('/_actions/admin.createPosition', {
    data: positionInput(position, `Connects the hiring of run ${run} to the HR system.`),
    headers: { Origin: base },
  });
  expect(created.status(), await created.text()).toBe(200);
  const positionId = await actionData<string>(created);

  try {
    const applicant = await playwrightRequest.newContext({ baseURL: base });
    await applyThroughApi(applicant, position, candidate.email, { firstName: candidate.first, lastName: candidate.last });
    await applicant.dispose();
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
    const first = received[0]!;
    const payload = new Webhook(secret).verify(first.body, first.headers as Record<string, string>) as {
      type: string;
      data: { candidate: { name: string }; position: { title: string } };
    };
    expect(payload).toMatchObject({
      type: 'application.received',
      data: { candidate: { name: `${candidate.first} ${candidate.last}` }, position: { title: position } },
    });
    expect(first.body).not.toContain(candidate.email);

    // The log shows it, with the receiver's answer.
    await page.goto(integrationUrl);
    await waitForHydration(page);
    const entry = page
      .getByRole('listitem')
      .filter({ hasText: 'Application received' })
      .filter({ hasText: first.headers['webhook-id'] as string });
    await expect(entry.getByText('Delivered')).toBeVisible();
    await expect(entry.getByText('Thanks from the HR system')).toBeVisible();
    await look(page, 'log');

    // Sent again: the same id.
    // Its button is an island hydrated when seen.
    await entry.getByRole('button', { name: /^Send again/ }).scrollIntoViewIfNeeded();
    await expect(entry.locator('astro-island[ssr]')).toHaveCount(0);
    // The page reloads once the delivery waits again: the steps below start from that page.
    const reloaded = page.waitForEvent('load');
    await entry.getByRole('button', { name: /^Send again/ }).click();
    await reloaded;
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(2);
    expect(received[1]!.headers['webhook-id']).toBe(first.headers['webhook-id']);

    // Switched off, then deleted.
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Switch off' }).click();
    await expect(page.getByText('Integration switched off.')).toBeVisible();
    await expect(page.getByText('Switched off', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Integration deleted.')).toBeVisible();
    await expect(page.getByRole('link', { name: `HR system ${run}` })).toHaveCount(0);
  } finally {
    // Leave the job board as the other tests expect it: only the seeded positions open.
    await page.request.post('/_actions/admin.setPositionActive', {
      data: { positionId: positionId, active: false },
      headers: { Origin: base },
    });
  }
  await context.close();
});
