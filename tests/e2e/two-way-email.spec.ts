import { readFileSync } from 'node:fs';
import { expectNoA11yViolations, waitForHydration } from './helpers';
import {
  applyThroughApi,
  createEnrolledAdmin,
  expect,
  latestMailTo,
  linkIn,
  replyToOf,
  sendToReceiver,
  signInApiWithCode,
  sqlOnTestServer,
  test,
  verifiedByRelay,
  type EnrolledAdmin,
} from './fixtures';

/*
 * Two-way e-mail (issue 35): a recruiter writes from the application's page, the candidate's reply
 * (sent by the test to the site's SMTP receiver, as the company's mail server forwards it) is on
 * the timeline at once, and the recruiter answers from there; the same for a contact message.
 */

const ADMIN = { email: 'tess.thread@helixpoint.test', password: 'admin password 123', name: 'Tess Thread' };
test.describe.configure({ timeout: 90_000 });

let admin: EnrolledAdmin;

test.beforeAll(async ({ baseURL }) => {
  admin = await createEnrolledAdmin(baseURL!, ADMIN.email, ADMIN.password, ADMIN.name);
});

test('a recruiter e-mails a candidate, the reply lands on the timeline with its file, and the recruiter answers from there', async ({
  page,
  request,
  baseURL,
}) => {
  const email = 'rhea.reply@mail.test';
  const positionId = await applyThroughApi(request, 'Data Engineer', email, { firstName: 'Rhea', lastName: 'Reply' });
  const { rows } = await sqlOnTestServer('select id from applications where email = $1', [email]);
  const applicationId = (rows[0] as { id: string }).id;
  await signInApiWithCode(page.request, admin, baseURL!);

  await page.goto(`/admin/applications/${positionId}/${applicationId}`);
  await waitForHydration(page);
  const composer = page.getByRole('region', { name: 'E-mail the candidate' });
  await expect(composer).toContainText('the candidate’s reply comes back to it');
  await composer.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'No template: your own words' });
  await composer.getByRole('textbox', { name: 'Subject' }).fill('Your start date');
  await composer.getByRole('textbox', { name: 'E-mail' }).fill('When could you start?');
  await composer.getByRole('button', { name: 'Send to the candidate' }).click();
  await expect(page.getByText('E-mail sent to the candidate')).toBeVisible();
  const sent = await latestMailTo(email, /Subject: Your start date/);
  const replyTo = replyToOf(sent);

  await sendToReceiver({
    from: `Rhea Reply <${email}>`,
    to: replyTo,
    headers: verifiedByRelay(email),
    subject: 'Re: Your start date',
    text: 'I could start on March 1.\n\n-- \nRhea\n\nOn Fri, Tess Thread wrote:\n> When could you start?\n',
    attachments: [{ filename: 'notice.txt', content: 'Notice period: four weeks.' }],
  });
  // Stored when the receiver said 250: the page shows it on the next load.
  await page.reload();
  const reply = page.getByRole('listitem').filter({ hasText: 'replied by e-mail' });
  await expect(reply).toContainText('Rhea Reply replied by e-mail: “Re: Your start date”');
  await expect(reply).toContainText('I could start on March 1.');
  await expect(reply.getByText('On Fri, Tess Thread wrote:')).toBeHidden();
  await reply.getByText('Show the whole e-mail').click();
  await expect(reply.getByText(/On Fri, Tess Thread wrote:/)).toBeVisible();
  const download = page.waitForEvent('download');
  await reply.getByRole('link', { name: 'notice.txt' }).click();
  expect(readFileSync(await (await download).path(), 'utf8')).toBe('Notice period: four weeks.');
  await expectNoA11yViolations(page, 'an application with a reply on its timeline');
  await reply.screenshot({ path: test.info().outputPath('reply-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await reply.screenshot({ path: test.info().outputPath('reply-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  await reply.getByRole('link', { name: 'Answer' }).click();
  await expect(page).toHaveURL(/\?answer=[0-9a-f-]{36}#email-heading$/);
  await waitForHydration(page);
  await expect(composer.getByRole('textbox', { name: 'Subject' })).toHaveValue('Re: Your start date');
  await composer.getByRole('textbox', { name: 'E-mail' }).fill('March 1 works for us.');
  await composer.getByRole('button', { name: 'Send to the candidate' }).click();
  await expect(page.getByText('E-mail sent to the candidate')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'e-mailed the candidate: “Re: Your start date”' })).toContainText(
    'March 1 works for us.',
  );
  const answer = await latestMailTo(email, /Subject: Re: Your start date/);
  expect(answer).toContain('March 1 works for us.');
  expect(replyToOf(answer)).not.toBe(replyTo);

  // A reply the relay did not vouch for, with the candidate's name in From: (issue 50): shown by its
  // address, marked, never as the candidate's (its notice waits for the thread's 15-minute window:
  // the unit tests read it, src/server/replies/smtp-receiver.test.ts).
  await sendToReceiver({
    from: `Rhea Reply <${email}>`,
    to: replyTo,
    subject: 'Re: Your start date',
    text: 'Please pay my signing bonus to a new account.',
  });
  await page.reload();
  const forged = page.getByRole('listitem').filter({ hasText: 'Please pay my signing bonus' });
  await expect(forged).toContainText(`${email} replied by e-mail (not verified: this e-mail may not come from that address)`);
  await expect(forged).toContainText('Sender not verified.');
  await expect(forged).not.toContainText('Rhea Reply replied');
  await expectNoA11yViolations(page, 'an application with an unverified reply');
  await forged.screenshot({ path: test.info().outputPath('unverified-reply-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoA11yViolations(page, 'an application with an unverified reply, 390 px');
  await forged.screenshot({ path: test.info().outputPath('unverified-reply-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The candidate's own page shows none of the conversation.
  const confirmation = await latestMailTo(email, /Subject: We received your application/);
  await page.goto(linkIn(confirmation, '/applications/'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const words of ['March 1', 'When could you start?', 'notice.txt']) await expect(page.getByText(words)).toHaveCount(0);
});

test('someone who wrote through the contact form replies, and staff answer from the message', async ({ page, request, baseURL }) => {
  const email = 'paula.prospect@mail.test';
  const contacted = await request.post('/_actions/contact', {
    data: {
      first_name: 'Paula',
      last_name: 'Prospect',
      email,
      phone: '',
      reason: 'support',
      message: 'Our cloud bill doubled.',
      attachment_upload_id: '',
      company_website: '',
    },
  });
  expect(contacted.status()).toBe(200);
  const acknowledgement = await latestMailTo(email, /Subject: We received your message/);
  await sendToReceiver({
    from: `Paula Prospect <${email}>`,
    to: replyToOf(acknowledgement),
    headers: verifiedByRelay(email),
    subject: 'Re: We received your message to Helixpoint',
    html: '<p>We also need a <b>security review</b>.</p><img src="https://tracker.example/p.gif" alt="">',
  });
  const { rows } = await sqlOnTestServer('select id from contact_messages where email = $1', [email]);
  const messageId = (rows[0] as { id: string }).id;

  await signInApiWithCode(page.request, admin, baseURL!);
  await page.goto(`/admin/messages/${messageId}`);
  await waitForHydration(page);
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await expect(conversation).toContainText('Paula Prospect replied by e-mail');
  await expect(conversation).toContainText('We also need a security review.');
  await expectNoA11yViolations(page, 'a contact message with a reply');

  const answer = page.getByRole('region', { name: 'Answer Paula' });
  await expect(answer.getByRole('textbox', { name: 'Subject' })).toHaveValue('Re: We received your message to Helixpoint');
  await answer.getByRole('button', { name: 'Send the answer' }).click();
  await expect(answer.getByText('Write the e-mail (at most 10,000 characters)')).toBeVisible();
  await answer.getByRole('textbox', { name: 'Your answer' }).fill('We review security too: shall we talk on Monday?');
  await answer.getByRole('button', { name: 'Send the answer' }).click();
  await expect(page.getByText('Answer sent')).toBeVisible();
  await expect(conversation).toContainText(`${ADMIN.name} answered: “Re: We received your message to Helixpoint”`);
  const sent = await latestMailTo(email, /Subject: Re: We received your message/);
  expect(sent).toContain('shall we talk on Monday?');

  // Their answer to ours comes back to the same conversation.
  await sendToReceiver({
    from: email,
    to: replyToOf(sent),
    headers: verifiedByRelay(email),
    subject: 'Re: Re: We received your message to Helixpoint',
    text: 'Monday at 10 works.',
  });
  await page.reload();
  await expect(conversation).toContainText('Monday at 10 works.');
  await page.screenshot({ path: test.info().outputPath('conversation-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('conversation-390.png'), fullPage: true });
});
