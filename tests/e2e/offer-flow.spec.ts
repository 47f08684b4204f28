import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request as playwrightRequest, type Browser, type Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { aptProgram } from '../../src/server/testing/apt-program';
import { expectNoA11yViolations, waitForHydration } from './helpers';
import {
  actionData,
  adminCreate,
  applyThroughApi,
  enrolTotp,
  expect,
  latestMailTo,
  linkIn,
  positionInput,
  signInApi,
  signInApiWithCode,
  sqlOnTestServer,
  test,
  type EnrolledAdmin,
} from './fixtures';

/*
 * An offer from draft to signature (issue 54), as its people do it: a recruiter drafts an offer above
 * the position's pay band from the application's page, the hiring manager and an admin approve it
 * in order, the recruiter sends it; the candidate opens it from the e-mail on a phone, reads the PDF
 * and accepts by typing their name (a name that is not theirs refused first) and the code e-mailed
 * to them (a wrong one refused first). The sealed PDF's
 * SHA-256 is the one stored, the database refuses any change to the signed offer, and the
 * application is Hired. axe on each new screen at 1280 and 390 px; screenshots in
 * test-results/screens/offer-*.png, the PDF's pages drawn by pdftoppm (poppler-utils, from apt).
 */

const PASSWORD = 'offer flow password 1';
const run = Date.now().toString(36);
const staff = {
  recruiter: { email: `rae.flow.${run}@helixpoint.test`, name: `Rae Flow ${run}`, role: 'recruiter' },
  manager: { email: `hank.flow.${run}@helixpoint.test`, name: `Hank Flow ${run}`, role: 'hiring_manager' },
  admin: { email: `ada.flow.${run}@helixpoint.test`, name: `Ada Flow ${run}`, role: 'admin' },
} as const;
const position = `Offer Flow Engineer ${run}`;
const candidate = { first: 'Zoë', last: 'Łukasiewicz', email: `zoe.flow.${run}@mail.test` };
const fullName = `${candidate.first} ${candidate.last}`;
const SCREENS = 'test-results/screens';

const pdftoppm = aptProgram({
  program: 'pdftoppm',
  aptPackage: 'poppler-utils',
  dirs: ['/usr/bin'],
  hint: 'drawing the offer letter to PNG needs pdftoppm (Debian: apt-get install poppler-utils)',
});

const enrolled: Partial<Record<keyof typeof staff, EnrolledAdmin>> = {};

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  for (const [key, person] of Object.entries(staff) as [keyof typeof staff, (typeof staff)[keyof typeof staff]][]) {
    adminCreate('--email', person.email, '--password', PASSWORD, '--name', person.name, '--role', person.role);
    const client = await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { 'X-Forwarded-For': `10.254.7.${Object.keys(enrolled).length + 1}` },
    });
    await signInApi(client, person.email, PASSWORD, baseURL!);
    enrolled[key] = { email: person.email, password: PASSWORD, ...(await enrolTotp(client, PASSWORD)) };
    await client.dispose();
  }
});

/** A browser of its own for one person, signed in through the code step. */
async function signedIn(browser: Browser, baseURL: string, who: keyof typeof staff, ip: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': ip } });
  const page = await context.newPage();
  await signInApiWithCode(page.request, enrolled[who]!, baseURL);
  return page;
}

/** axe and a screenshot at both widths, nothing wider than the screen. */
async function look(page: Page, name: string, heading?: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBeLessThanOrEqual(width);
    await expectNoA11yViolations(page, `${name} at ${width}`);
    if (heading) await page.getByRole('heading', { name: heading }).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/offer-${name}-${width}.png`, fullPage: width === 390 });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The PDF's text, page by page, as pdf.js reads it. */
async function pdfPages(pdf: Buffer): Promise<string[]> {
  const task = getDocument({ data: new Uint8Array(pdf), disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  try {
    const document = await task.promise;
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

/** The PDF kept beside the screenshots, and its pages drawn to PNG when pdftoppm is here (said in the report when not). */
function keepPdf(pdf: Buffer, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  const file = `${SCREENS}/offer-${name}.pdf`;
  writeFileSync(file, pdf);
  const program = pdftoppm.find();
  if (program) execFileSync(program, ['-png', '-r', '60', file, `${SCREENS}/offer-${name}`]);
  else test.info().annotations.push({ type: 'pdftoppm', description: pdftoppm.unavailableReason() ?? 'not found' });
}

test('an offer above the band: drafted, approved in order, sent, read on a phone, signed and sealed; the application is Hired', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const base = baseURL!;
  const recruiter = await signedIn(browser, base, 'recruiter', '10.254.8.1');
  const origin = { headers: { Origin: base } };

  // The position, its pay band (EUR 150,000–180,000 a year), its hiring manager; an applicant.
  // A description of its own: the job board's pages each have their own (seo.spec.ts).
  const created = await recruiter.request.post('/_actions/admin.createPosition', {
    data: positionInput(position, `Runs the offers of run ${run} end to end.`),
    ...origin,
  });
  expect(created.status(), await created.text()).toBe(200);
  const positionId = await actionData<string>(created);
  const band = await recruiter.request.post('/_actions/admin.setOfferBand', {
    data: { positionId, band: { min: '150000', max: '180000', currency: 'EUR', period: 'year' } },
    ...origin,
  });
  expect(band.status(), await band.text()).toBe(200);
  const { rows: managerRows } = await sqlOnTestServer('select id from users where email = $1', [staff.manager.email]);
  const teamed = await recruiter.request.post('/_actions/admin.addTeamMember', {
    data: { positionId, userId: (managerRows[0] as { id: string }).id },
    ...origin,
  });
  expect(teamed.status(), await teamed.text()).toBe(200);
  const applicant = await playwrightRequest.newContext({ baseURL: base });
  await applyThroughApi(applicant, position, candidate.email, { firstName: candidate.first, lastName: candidate.last });
  await applicant.dispose();
  const { rows: applicationRows } = await sqlOnTestServer('select id from applications where email = $1', [candidate.email]);
  const applicationId = (applicationRows[0] as { id: string }).id;

  // The recruiter drafts it from the application's page, with the standard letter.
  await recruiter.goto(`/admin/applications/${positionId}/${applicationId}`);
  await waitForHydration(recruiter);
  const offers = recruiter.getByRole('region', { name: 'Offers' });
  await expect(offers).toContainText('No offer yet.');
  // Other tests keep templates of their own on this server: the standard letter, chosen by name.
  await offers.getByRole('combobox', { name: 'Letter template' }).selectOption({ label: 'Standard offer letter' });
  await offers.getByRole('button', { name: 'Draft an offer' }).click();
  await expect(recruiter).toHaveURL(/\/admin\/offers\/[0-9a-f-]{36}$/);
  const offerId = /\/admin\/offers\/([0-9a-f-]{36})/.exec(recruiter.url())![1]!;
  await waitForHydration(recruiter);
  await expect(recruiter.getByRole('heading', { level: 1 })).toHaveText(`Offer to ${fullName}: ${position}`);

  // A mistake is refused on its field, and what was typed stays; then 190,000, above the band.
  const terms = recruiter.getByRole('form', { name: 'Terms and letter' });
  await terms.getByRole('textbox', { name: 'Salary' }).fill('190k');
  await terms.getByRole('button', { name: 'Save offer' }).click();
  await expect(terms.getByText('Enter a whole number, such as 120000')).toBeVisible();
  await look(recruiter, 'draft-refused', 'Terms and letter');
  await terms.getByRole('textbox', { name: 'Salary' }).fill('190,000');
  await terms.getByRole('textbox', { name: 'Bonus' }).fill('10% yearly target');
  await terms.getByRole('button', { name: 'Save offer' }).click();
  await expect(recruiter.getByRole('status').filter({ hasText: 'Offer saved.' })).toBeVisible();
  const preview = recruiter.getByRole('article');
  await expect(preview).toContainText(`Dear ${candidate.first},`);
  await expect(preview).toContainText('Salary: EUR 190,000 a year');
  await expect(preview).toContainText('Bonus: 10% yearly target');
  await recruiter.getByRole('button', { name: 'Ask for approvals' }).click();
  await expect(recruiter.getByRole('status').filter({ hasText: 'Approvals asked.' })).toBeVisible();
  await expect(recruiter.getByRole('region', { name: 'Approvals' })).toContainText(`1. ${staff.manager.name} (Hiring manager)`);
  await expect(recruiter.getByRole('region', { name: 'Approvals' })).toContainText('2. An admin (the pay is outside the band)');
  await look(recruiter, 'waiting', 'Approvals');

  // The hiring manager finds it waiting for them, and approves first.
  const manager = await signedIn(browser, base, 'manager', '10.254.8.2');
  await manager.goto('/admin/offers');
  const row = manager.getByRole('row', { name: new RegExp(fullName) });
  await expect(row).toContainText('Your approval');
  await expect(row).toContainText('EUR 190,000 a year');
  await look(manager, 'list', 'Offers');
  await row.getByRole('link', { name: fullName }).click();
  await waitForHydration(manager);
  await look(manager, 'approve', 'Your decision');
  await manager.getByRole('textbox', { name: 'Comment' }).fill('A strong hire for the team.');
  await manager.getByRole('button', { name: 'Approve' }).click();
  await expect(manager.getByRole('status').filter({ hasText: 'Your approval was recorded.' })).toBeVisible();
  await expect(manager.getByRole('region', { name: 'Approvals' })).toContainText(`Approved by ${staff.manager.name} (Hiring manager)`);

  // Then the admin: the last approval makes it ready to send.
  const admin = await signedIn(browser, base, 'admin', '10.254.8.3');
  await admin.goto(`/admin/offers/${offerId}`);
  await waitForHydration(admin);
  await admin.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Your approval was recorded.' })).toBeVisible();
  await expect(admin.getByText('Approved, not sent')).toBeVisible();
  // The letter templates, kept by admins.
  await admin.goto('/admin/offers/templates');
  await waitForHydration(admin);
  await look(admin, 'templates', 'Placeholders');

  // The recruiter sends it; the candidate has an e-mail with their link.
  await recruiter.reload();
  await waitForHydration(recruiter);
  await recruiter.getByRole('button', { name: 'Send to the candidate' }).click();
  await expect(recruiter.getByRole('status').filter({ hasText: 'Offer sent' })).toBeVisible();
  const mail = await latestMailTo(candidate.email, /Your offer from Helixpoint/);
  expect(mail).not.toContain('190,000');
  const link = linkIn(mail, '/applications/');

  // On a phone: the offer, its letter and its PDF.
  const phone = await browser.newContext({
    baseURL: base,
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { 'X-Forwarded-For': '10.254.8.4' },
  });
  const mobile = await phone.newPage();
  await mobile.goto(link);
  const offer = mobile.getByRole('region', { name: 'Your offer' });
  await expect(offer).toContainText(/It is open until the end of \w+ \d+, \d{4}, Central Time \(America\/Chicago\)\./);
  await expect(offer.getByRole('article', { name: 'Offer letter' })).toContainText('Salary: EUR 190,000 a year');
  await expect(mobile.getByTestId('candidate-stage')).toHaveText('Offer');
  await look(mobile, 'candidate', 'Your offer');
  const path = new URL(link).pathname;
  const letter = await mobile.request.get(`${path}/offer.pdf`);
  expect(letter.headers()).toMatchObject({ 'content-type': 'application/pdf', 'cache-control': 'private, no-store' });
  const letterPages = await pdfPages(await letter.body());
  expect(letterPages.join(' ')).toContain('EUR 190,000 a year');
  keepPdf(await letter.body(), 'letter');

  // A name that is not theirs is refused, saying which; theirs signs.
  await offer.getByRole('textbox', { name: 'Your full name' }).fill('Zoe Lukasiewicz');
  await offer.getByRole('button', { name: 'Accept and sign' }).click();
  await expect(mobile.getByText(`Type your full name exactly as the offer gives it: ${fullName}`)).toBeVisible();
  await expect(mobile.getByRole('textbox', { name: 'Your full name' })).toHaveValue('Zoe Lukasiewicz');
  await expect(mobile.getByRole('textbox', { name: 'Your full name' })).toHaveAttribute('aria-invalid', 'true');
  await look(mobile, 'candidate-refused', 'Accept the offer');
  await mobile.getByRole('textbox', { name: 'Your full name' }).fill(fullName);
  await mobile.getByRole('button', { name: 'Accept and sign' }).click();
  // The link alone does not sign (decision 071): a code goes to the address they applied with.
  await expect(mobile.getByRole('status').filter({ hasText: 'We e-mailed a 6-digit code to z…@mail.test' })).toBeVisible();
  await look(mobile, 'candidate-code', 'Accept the offer');
  const code = /Your code to sign your offer: (\d{6})/.exec(await latestMailTo(candidate.email, /Your code to sign your offer/))![1]!;
  await mobile.getByRole('textbox', { name: 'Code from the e-mail' }).fill(code === '000000' ? '111111' : '000000');
  await mobile.getByRole('button', { name: 'Sign the offer' }).click();
  await expect(mobile.getByText('That is not the code we sent: check the e-mail, or ask for a new code')).toBeVisible();
  await expect(mobile.getByRole('textbox', { name: 'Code from the e-mail' })).toHaveAttribute('aria-invalid', 'true');
  await mobile.getByRole('textbox', { name: 'Code from the e-mail' }).fill(code);
  await mobile.getByRole('button', { name: 'Sign the offer' }).click();
  await expect(mobile.getByText(/You accepted this offer on/)).toBeVisible();
  await expect(mobile.getByTestId('candidate-stage')).toHaveText('Decision made');
  await look(mobile, 'candidate-signed', 'Your offer');

  // The sealed PDF: its SHA-256 is the one stored, its last page the certificate with their name.
  const sealed = await (await mobile.request.get(`${path}/offer.pdf`)).body();
  const { rows: sealedRows } = await sqlOnTestServer(
    'select sealed_sha256, signature_name, status, letter_text from offers where id = $1',
    [offerId],
  );
  const stored = sealedRows[0] as { sealed_sha256: string; signature_name: string; status: string; letter_text: string };
  expect(createHash('sha256').update(sealed).digest('hex')).toBe(stored.sealed_sha256);
  expect(stored).toMatchObject({ signature_name: fullName, status: 'accepted' });
  const sealedPages = await pdfPages(sealed);
  expect(sealedPages).toHaveLength(letterPages.length + 1);
  expect(sealedPages.at(-1)).toContain('Certificate of acceptance');
  expect(sealedPages.at(-1)).toContain(fullName);
  // The letter signed is the letter sent: its SHA-256 on the certificate is that of the text kept.
  expect(sealedPages.at(-1)?.replace(/\s+/g, '')).toContain(createHash('sha256').update(stored.letter_text, 'utf8').digest('hex'));
  keepPdf(sealed, 'signed');
  // The staff's download is the same file.
  const staffCopy = await (await recruiter.request.get(`/api/admin/offers/${offerId}.pdf`)).body();
  expect(Buffer.compare(staffCopy, sealed)).toBe(0);

  // Nothing about it can change: the database refuses, and the page offers nothing to change.
  await expect(sqlOnTestServer('update offers set salary = 1 where id = $1', [offerId])).rejects.toThrow(/signed and sealed/);
  await recruiter.reload();
  await waitForHydration(recruiter);
  await expect(recruiter.getByRole('region', { name: 'Signed and sealed' })).toContainText(stored.sealed_sha256);
  await expect(recruiter.getByRole('form', { name: 'Terms and letter' })).toHaveCount(0);
  await expect(recruiter.getByRole('button', { name: 'Make a new version' })).toHaveCount(0);
  await look(recruiter, 'sealed', 'Signed and sealed');
  const { rows: hiredRows } = await sqlOnTestServer('select status from applications where id = $1', [applicationId]);
  expect((hiredRows[0] as { status: string }).status).toBe('hired');
  await recruiter.goto(`/admin/applications/${positionId}/${applicationId}`);
  await expect(recruiter.getByRole('region', { name: 'Offers' })).toContainText('Version 1: Accepted');
  // Every step on the application's timeline, with who took it and in what role.
  const timeline = recruiter.getByRole('list', { name: 'Timeline, oldest first' });
  await expect(timeline).toContainText(`${staff.manager.name} (Hiring manager) approved offer version 1: “A strong hire for the team.”`);
  await expect(timeline).toContainText(`${staff.admin.name} (Admin) approved offer version 1`);
  await expect(timeline).toContainText(`${fullName} accepted and signed offer version 1 from their personal link`);
  await phone.close();
});
