import { request as playwrightRequest, type Page } from '@playwright/test';
import { operations, openApiPath, type Operation } from '../../src/server/api/operations';
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
  sqlOnTestServer,
  test,
  type EnrolledAdmin,
} from './fixtures';

/*
 * The JSON API (issue 55) as its user meets it: an admin makes a read-write token on their
 * account's API tokens page (shown once), reads the OpenAPI document, and calls every operation in
 * it with the token (each answer checked against the operation's own schema); then revokes the
 * token, which stops working at once. axe on each screen at 1280 and 390 px; screenshots in
 * test-results/screens/api-*.png.
 */

const PASSWORD = 'api flow password 1';
const run = Date.now().toString(36);
const admin = { email: `ada.api.${run}@helixpoint.test`, name: `Ada Api ${run}` };
const position = `API Engineer ${run}`;
let enrolled: EnrolledAdmin;

test.beforeAll(async ({ baseURL }) => {
  adminCreate('--email', admin.email, '--password', PASSWORD, '--name', admin.name, '--role', 'admin');
  const client = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '10.254.10.1' } });
  await signInApi(client, admin.email, PASSWORD, baseURL!);
  enrolled = { email: admin.email, password: PASSWORD, ...(await enrolTotp(client, PASSWORD)) };
  await client.dispose();
});

const look = (page: Page, name: string) => lookAtBothWidths(page, `api-${name}`);

test('an admin makes a token, every operation of the OpenAPI document answers with it, and a revoked token is refused', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const context = await browser.newContext({ baseURL: base, extraHTTPHeaders: { 'X-Forwarded-For': '10.254.10.2' } });
  const page = await context.newPage();
  await signInApiWithCode(page.request, enrolled, base);

  // Something to read and change: a position with an application; a contact message.
  const created = await page.request.post('/_actions/admin.createPosition', {
    data: positionInput(position, `Reads and writes through the API in run ${run}.`),
    headers: { Origin: base },
  });
  expect(created.status(), await created.text()).toBe(200);
  const positionId = await actionData<string>(created);

  try {
    const applicant = await playwrightRequest.newContext({ baseURL: base });
    await applyThroughApi(applicant, position, `api.${run}@mail.test`, { firstName: 'Priya', lastName: 'Patel' });
    await applicant.dispose();
    const { rows } = await sqlOnTestServer('select id from applications where email = $1', [`api.${run}@mail.test`]);
    const applicationId = (rows[0] as { id: string }).id;
    const { rows: messages } = await sqlOnTestServer(
      `insert into contact_messages (first_name, last_name, email, reason, message) values ('Mia', 'Api', $1, 'general question', 'Hello from the API test.') returning id`,
      [`mia.${run}@mail.test`],
    );

    await page.goto('/account/api-tokens');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible();
    await look(page, 'tokens');
    const form = page.getByRole('form', { name: 'Make a token' });
    await form.getByRole('button', { name: 'Make the token' }).click();
    await expect(form.getByLabel('Name')).toHaveAccessibleDescription(/Name: write at least 2 characters\./);
    await form.getByLabel('Name').fill('HR sync');
    await form.getByRole('radio', { name: 'Read and write' }).check();
    await form.getByRole('radio', { name: '30 days' }).check();
    await form.getByRole('button', { name: 'Make the token' }).click();
    const shown = page.getByRole('region', { name: /shown this once/ });
    await expect(shown.getByRole('heading')).toBeFocused();
    const token = (await shown.locator('code').textContent())!.trim();
    expect(token).toMatch(/^hxp_/);
    await look(page, 'made');
    await page.getByRole('button', { name: 'I have kept it' }).click();
    await expect(page.getByText('HR sync', { exact: true })).toBeVisible();
    await expect(page.getByText(token.slice(0, 10))).toBeVisible();
    expect(await page.content()).not.toContain(token);

    // The document, then every operation in it.
    const api = await playwrightRequest.newContext({ baseURL: base, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
    const document = (await (await api.get('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: object }>>;
    };
    const ids: Record<string, string> = {
      '/api/v1/positions/{id}': positionId,
      '/api/v1/applications/{id}': applicationId,
      '/api/v1/applications/{id}/status': applicationId,
      '/api/v1/applications/{id}/notes': applicationId,
      '/api/v1/messages/{id}': (messages[0] as { id: string }).id,
    };
    const bodies: Record<string, object> = {
      changeApplicationStatus: { status: 'reviewing' },
      addApplicationNote: { body: 'Synced to the HR system.' },
      updateMessage: { read: false },
    };
    const byPath = new Map(
      (Object.values(operations) as Operation[]).map((operation) => [`${operation.method} ${openApiPath(operation.route)}`, operation]),
    );
    let answered = 0;
    for (const [path, methods] of Object.entries(document.paths))
      for (const method of Object.keys(methods)) {
        const operation = byPath.get(`${method} ${path}`)!;
        expect(operation, `${method} ${path} is one of the server's operations`).toBeDefined();
        const url = path.replace('{id}', ids[path] ?? '');
        const response = await api.fetch(url, { method, ...(operation.body ? { data: bodies[operation.id] } : {}) });
        const context = `${method.toUpperCase()} ${url}`;
        expect(response.status(), `${context}: ${await response.text()}`).toBe(operation.status ?? 200);
        expect(Object.keys(methods[method]!.responses)).toContain(String(operation.status ?? 200));
        const parsed = operation.response.safeParse(await response.json());
        expect(
          parsed.success,
          `${context} answers as its schema says: ${parsed.success ? '' : JSON.stringify(parsed.error.issues[0])}`,
        ).toBe(true);
        answered += 1;
      }
    expect(answered).toBe(Object.keys(operations).length);
    // What the writes did is what the pages show.
    const { rows: after } = await sqlOnTestServer('select status from applications where id = $1', [applicationId]);
    expect(after).toEqual([{ status: 'reviewing' }]);

    // A bad parameter is refused by name; a cookie alone opens nothing.
    const bad = await api.get('/api/v1/applications?status=nope&colour=blue');
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'invalid', field: expect.any(String) } });
    expect((await page.request.get('/api/v1/applications')).status()).toBe(401);

    // Revoked: refused at once.
    await page.reload();
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Revoke HR sync' }).click();
    await page.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(page.getByText('Revoked')).toBeVisible();
    const refused = await api.get('/api/v1/positions');
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { code: 'unauthorized' } });
    await api.dispose();
  } finally {
    // Leave the job board as the other tests expect it: only the seeded positions open.
    await page.request.post('/_actions/admin.setPositionActive', {
      data: { positionId: positionId, active: false },
      headers: { Origin: base },
    });
  }
  await context.close();
});
