/**
 * E-mail templates. Each template describes its content once, as a list of blocks, and the
 * layout renders both parts from it: HTML through React (which escapes every value) and plain
 * text with links written out. No JSX and no dangerouslySetInnerHTML: this file also runs
 * directly under Node (type stripping).
 */
import { createElement as h, type CSSProperties, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { siteConfig } from '../../lib/site-config.ts';
import { formatDate } from '../../lib/format.ts';
import { firstNameOf } from '../../lib/text.ts';
import { withArticle, yourRoleDescriptions, type Role } from '../../lib/accounts/roles.ts';

export interface MailContent {
  subject: string;
  html: string;
  text: string;
  /** Where a reply should go, when that is not the sender (e.g. the person who wrote in). */
  replyTo?: string;
}

const brand = '#1849c6';
const ink = '#1f2937';
const muted = '#4b5563';

export type Block =
  | { kind: 'paragraph'; text: string }
  /** A call to action: a button in HTML, `label: url` in text. */
  | { kind: 'button'; label: string; href: string }
  /** Label/value pairs, e.g. the applicant's name and e-mail. */
  | { kind: 'details'; rows: ReadonlyArray<readonly [string, string]> }
  /** User-written text kept as written, line breaks included. */
  | { kind: 'quote'; label: string; text: string };

export interface Email {
  subject: string;
  /** Short summary shown by mail clients next to the subject. */
  preheader: string;
  heading: string;
  blocks: Block[];
  /** Why the recipient got this e-mail, shown in the footer. */
  reason: string;
}

/** Only absolute http(s) links go into e-mails; anything else is a programming error. */
export function safeUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`E-mail link is not an absolute URL: ${url}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`E-mail link must be http(s): ${url}`);
  }
  return url;
}

/** Header values are one line: user input must not add lines or huge subjects. */
export function oneLine(value: string, max = 120): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** "Hello Cara," (by the first name, issue 51), or "Hello," without one. */
export function greeting(name: string): string {
  const first = oneLine(firstNameOf(name), 80);
  return first ? `Hello ${first},` : 'Hello,';
}

function lines(text: string): ReactNode[] {
  return text.split(/\r\n|\r|\n/).flatMap((line, index) => (index === 0 ? [line] : [h('br', { key: `br${index}` }), line]));
}

const styles = {
  body: { margin: 0, padding: 0, backgroundColor: '#f3f4f6' },
  wrapper: {
    maxWidth: '600px',
    margin: '0 auto',
    padding: '24px 16px',
    fontFamily: 'Arial, Helvetica, sans-serif',
    fontSize: '16px',
    lineHeight: 1.5,
    color: ink,
  },
  brand: { margin: '0 0 16px', fontSize: '20px', fontWeight: 700, color: brand },
  card: { backgroundColor: '#ffffff', borderTop: `4px solid ${brand}`, borderRadius: '6px', padding: '24px' },
  heading: { margin: '0 0 16px', fontSize: '22px', lineHeight: 1.3, color: ink },
  paragraph: { margin: '0 0 16px' },
  button: {
    display: 'inline-block',
    padding: '12px 20px',
    backgroundColor: brand,
    color: '#ffffff',
    borderRadius: '6px',
    fontWeight: 700,
    textDecoration: 'none',
  },
  fallback: { margin: '0 0 16px', fontSize: '14px', color: muted, wordBreak: 'break-all' },
  link: { color: brand },
  dl: { margin: '0 0 16px' },
  dt: { fontWeight: 700, margin: 0 },
  dd: { margin: '0 0 8px' },
  quoteLabel: { margin: '0 0 4px', fontWeight: 700 },
  quote: { margin: '0 0 16px', padding: '12px 16px', borderLeft: `4px solid ${brand}`, backgroundColor: '#f3f4f6', whiteSpace: 'pre-wrap' },
  footer: { margin: '16px 0 0', fontSize: '13px', color: muted },
} satisfies Record<string, CSSProperties>;

function renderBlock(block: Block, index: number): ReactNode {
  switch (block.kind) {
    case 'paragraph':
      return h('p', { key: index, style: styles.paragraph }, lines(block.text));
    case 'button':
      return h(
        'div',
        { key: index },
        h('p', { style: styles.paragraph }, h('a', { href: block.href, style: styles.button }, block.label)),
        h(
          'p',
          { style: styles.fallback },
          'If the button does not work, copy this address into your browser: ',
          h('a', { href: block.href, style: styles.link }, block.href),
        ),
      );
    case 'details':
      return h(
        'dl',
        { key: index, style: styles.dl },
        block.rows.flatMap(([label, value], row) => [
          h('dt', { key: `t${row}`, style: styles.dt }, label),
          h('dd', { key: `d${row}`, style: styles.dd }, value),
        ]),
      );
    case 'quote':
      return h(
        'div',
        { key: index },
        h('p', { style: styles.quoteLabel }, block.label),
        h('blockquote', { style: styles.quote }, lines(block.text)),
      );
  }
}

const postalAddress = (() => {
  const office = siteConfig.offices[0];
  return `${office.streetAddress}, ${office.city}, ${office.region} ${office.postalCode}`;
})();

function renderHtml(email: Email): string {
  const document = h(
    'html',
    { lang: 'en', dir: 'ltr' },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('meta', { name: 'color-scheme', content: 'light' }),
      h('title', null, email.subject),
    ),
    h(
      'body',
      { style: styles.body },
      // Preview text for the inbox list, hidden in the message itself.
      h('div', { style: { display: 'none', maxHeight: 0, overflow: 'hidden', opacity: 0 }, 'aria-hidden': true }, email.preheader),
      h(
        'div',
        { role: 'article', 'aria-roledescription': 'email', 'aria-label': email.subject, lang: 'en', style: styles.wrapper },
        h('p', { style: styles.brand }, siteConfig.name),
        h('div', { style: styles.card }, h('h1', { style: styles.heading }, email.heading), email.blocks.map(renderBlock)),
        h(
          'div',
          { style: styles.footer },
          h('p', { style: { margin: '0 0 8px' } }, email.reason),
          h('p', { style: { margin: 0 } }, `${siteConfig.legalName} · ${postalAddress}`),
        ),
      ),
    ),
  );
  return `<!doctype html>${renderToStaticMarkup(document)}`;
}

function renderText(email: Email): string {
  const parts: string[] = [email.heading];
  for (const block of email.blocks) {
    switch (block.kind) {
      case 'paragraph':
        parts.push(block.text);
        break;
      case 'button':
        parts.push(`${block.label}: ${block.href}`);
        break;
      case 'details':
        parts.push(block.rows.map(([label, value]) => `${label}: ${value}`).join('\n'));
        break;
      case 'quote':
        parts.push(`${block.label}\n${block.text}`);
        break;
    }
  }
  parts.push(`-- \n${email.reason}\n${siteConfig.legalName} · ${postalAddress}`);
  return `${parts.join('\n\n')}\n`;
}

export function render(email: Email): MailContent {
  return { subject: email.subject, html: renderHtml(email), text: renderText(email) };
}

/** To the applicant, right after they applied. */
export function applicationReceived(input: { applicantName: string; positionTitle: string; link: string }): MailContent {
  const position = oneLine(input.positionTitle);
  const link = safeUrl(input.link);
  return render({
    subject: `We received your application for ${position}`,
    preheader: `Thank you for applying to ${siteConfig.name}. Here is what happens next.`,
    heading: 'Your application was received',
    blocks: [
      { kind: 'paragraph', text: greeting(input.applicantName) },
      {
        kind: 'paragraph',
        text: `Thank you for applying for the ${input.positionTitle} position at ${siteConfig.name}. Your application and resume reached our hiring team.`,
      },
      {
        kind: 'paragraph',
        text: 'What happens next: a member of the team reviews every application. If your experience matches the role, we will contact you at this address to arrange a first conversation.',
      },
      {
        kind: 'paragraph',
        text: 'Your personal link shows where your application stands, and lets you withdraw it or have your data deleted. Keep it to yourself: anyone with the link can do the same.',
      },
      { kind: 'button', label: 'Follow your application', href: link },
      {
        kind: 'paragraph',
        text: `If you have a question in the meantime, write to ${siteConfig.careersEmail}.`,
      },
      { kind: 'paragraph', text: `The ${siteConfig.name} hiring team` },
    ],
    reason: `You received this e-mail because you applied for a position on the ${siteConfig.name} website.`,
  });
}

/** To an applicant who asked for their links again: one new link per application (older ones stop working once it is opened). */
export function applicationLinksMail(input: { links: ReadonlyArray<{ positionTitle: string; url: string }> }): MailContent {
  return render({
    subject: `Your application links at ${siteConfig.name}`,
    preheader: 'The new personal links you asked for.',
    heading: 'Your application links',
    blocks: [
      { kind: 'paragraph', text: 'Hello,' },
      {
        kind: 'paragraph',
        text: 'You asked for new links to your applications. Each one shows where that application stands, for 90 days. Once you open one, the links sent to you before for that application stop working.',
      },
      ...input.links.map((item): Block => ({
        kind: 'button',
        label: `Your application for ${oneLine(item.positionTitle)}`,
        href: safeUrl(item.url),
      })),
      { kind: 'paragraph', text: `If you did not ask for this, you can ignore this e-mail. Questions: ${siteConfig.careersEmail}.` },
    ],
    reason: `You received this e-mail because someone asked for the application links of this address on the ${siteConfig.name} website.`,
  });
}

/**
 * To an address that applied for a position again (issue 25): the form answered as for a new
 * application, so that nobody learns who applied where; the real answer comes here, to the mailbox.
 */
export function alreadyApplied(input: { positionTitle: string; link: string }): MailContent {
  const position = oneLine(input.positionTitle);
  return render({
    subject: `You have already applied for ${position}`,
    preheader: 'Your earlier application is the one we keep. Here is its link.',
    heading: 'You have already applied',
    blocks: [
      { kind: 'paragraph', text: 'Hello,' },
      {
        kind: 'paragraph',
        text: `An application for the ${input.positionTitle} position was just sent again from this address. We keep one application per address and position: your earlier one, which our hiring team has, stays as it was.`,
      },
      {
        kind: 'paragraph',
        text: 'Here is a new personal link to it: see where it stands, withdraw it or have your data deleted. It works for 90 days; once you open it, older links to this application stop working.',
      },
      { kind: 'button', label: 'Follow your application', href: safeUrl(input.link) },
      {
        kind: 'paragraph',
        text: `If you did not send this, someone typed your address; you can ignore this e-mail. Questions: ${siteConfig.careersEmail}.`,
      },
    ],
    reason: `You received this e-mail because an application was sent with this address on the ${siteConfig.name} website.`,
  });
}

/** To an applicant who asked, from their personal link, for their data to be deleted: the confirmation. */
export function erasureRequest(input: { url: string; hours: number }): MailContent {
  return render({
    subject: `Confirm deleting your data at ${siteConfig.name}`,
    preheader: 'Nothing is deleted until you confirm.',
    heading: 'Confirm deleting your data',
    blocks: [
      { kind: 'paragraph', text: 'Hello,' },
      {
        kind: 'paragraph',
        text: `You asked us, from the link to your application, to delete everything ${siteConfig.name} holds about this e-mail address: your applications, resumes and messages. Nothing is deleted until you confirm on the page this link opens.`,
      },
      { kind: 'button', label: 'Confirm deleting my data', href: safeUrl(input.url) },
      { kind: 'paragraph', text: `The link works once, for ${input.hours} hours.` },
      { kind: 'paragraph', text: 'If you did not ask for this, you can ignore this e-mail: nothing changes.' },
    ],
    reason: `You received this e-mail because someone asked to delete the data of this address on the ${siteConfig.name} website.`,
  });
}

/** To the hiring team, when someone applies. */
export function newApplication(input: {
  applicantName: string;
  applicantEmail: string;
  positionTitle: string;
  adminUrl: string;
}): MailContent {
  const adminUrl = safeUrl(input.adminUrl);
  return {
    ...render({
      subject: `New application for ${oneLine(input.positionTitle)} from ${oneLine(input.applicantName, 80)}`,
      preheader: `${oneLine(input.applicantName, 80)} applied for ${oneLine(input.positionTitle)}.`,
      heading: 'New job application',
      blocks: [
        { kind: 'paragraph', text: 'A new application arrived through the careers page.' },
        {
          kind: 'details',
          rows: [
            ['Position', input.positionTitle],
            ['Applicant', input.applicantName],
            ['E-mail', input.applicantEmail],
          ],
        },
        { kind: 'button', label: 'Review the application', href: adminUrl },
        {
          kind: 'paragraph',
          text: 'The resume is not attached to this e-mail: open it in the admin area, where only signed-in staff can see it.',
        },
      ],
      reason: `You received this e-mail because your address receives new job applications for ${siteConfig.name}.`,
    }),
    replyTo: input.applicantEmail,
  };
}

/** To the company, when someone uses the contact form. */
export function contactMessage(input: {
  name: string;
  email: string;
  reason: string;
  message: string;
  phone?: string | null;
  attachmentName?: string | null;
  adminUrl?: string;
}): MailContent {
  const rows: Array<readonly [string, string]> = [
    ['Name', input.name],
    ['E-mail', input.email],
    ...(input.phone ? [['Phone', input.phone] as const] : []),
    ['Reason', input.reason],
    ...(input.attachmentName ? [['Attachment', input.attachmentName] as const] : []),
  ];
  return {
    ...render({
      subject: `Contact form: ${oneLine(input.reason, 60)} from ${oneLine(input.name, 80)}`,
      preheader: `${oneLine(input.name, 80)} wrote through the contact form.`,
      heading: 'New message from the contact form',
      blocks: [
        { kind: 'details', rows },
        { kind: 'quote', label: 'Message', text: input.message },
        ...(input.adminUrl ? [{ kind: 'button' as const, label: 'Open in the admin area', href: safeUrl(input.adminUrl) }] : []),
        {
          kind: 'paragraph',
          text: `Reply to this e-mail to answer ${oneLine(input.name, 80)} directly.${input.attachmentName ? ' The attachment is in the admin area, not in this e-mail.' : ''}`,
        },
      ],
      reason: `You received this e-mail because your address receives messages sent through the contact form on the ${siteConfig.name} website.`,
    }),
    replyTo: input.email,
  };
}

/**
 * To whoever sent a contact message (issue 27): it arrived, and when we answer. It takes nothing from
 * the form, not even the name: anyone can type anyone's address into the form, and what it sends
 * must not carry their text or links to that address.
 */
export function contactAcknowledgement(): MailContent {
  return render({
    subject: `We received your message to ${siteConfig.name}`,
    preheader: 'Your message reached us. We answer within 24 hours on business days.',
    heading: 'We received your message',
    blocks: [
      { kind: 'paragraph', text: 'Hello,' },
      {
        kind: 'paragraph',
        text: `Thank you for writing to ${siteConfig.name} through the contact form on our website. Your message reached our team, and we will get back to you within 24 hours on business days.`,
      },
      {
        kind: 'paragraph',
        text: `If it is urgent, call us at ${siteConfig.phone.display} (${siteConfig.businessHours}).`,
      },
      {
        kind: 'paragraph',
        text: 'This e-mail does not repeat what was written. If you did not write to us, someone else typed your address into the form: you can ignore this e-mail.',
      },
    ],
    reason: `You received this e-mail because this address was given in the contact form on the ${siteConfig.name} website.`,
  });
}

/** To a new user: confirm the address they signed up with. */
export function verifyEmail(input: { name: string; url: string }): MailContent {
  const url = safeUrl(input.url);
  return render({
    subject: `Confirm your e-mail address for ${siteConfig.name}`,
    preheader: 'One step left: confirm your e-mail address to finish creating your account.',
    heading: 'Confirm your e-mail address',
    blocks: [
      { kind: 'paragraph', text: greeting(input.name) },
      {
        kind: 'paragraph',
        text: `Thank you for creating an account on the ${siteConfig.name} website. Confirm that this address is yours, and choose your password, to finish signing up.`,
      },
      { kind: 'button', label: 'Confirm my e-mail address', href: url },
      {
        kind: 'paragraph',
        text: 'The link works for 24 hours. If it has expired, sign up again with the same address to get a new one.',
      },
      { kind: 'paragraph', text: 'If you did not create an account, you can ignore this e-mail.' },
    ],
    reason: `You received this e-mail because someone signed up on the ${siteConfig.name} website with this address.`,
  });
}

/** To a user who asked to reset their password. */
export function resetPassword(input: { name: string; url: string }): MailContent {
  const url = safeUrl(input.url);
  return render({
    subject: `Reset your ${siteConfig.name} password`,
    preheader: 'Use the link inside to choose a new password.',
    heading: 'Reset your password',
    blocks: [
      { kind: 'paragraph', text: greeting(input.name) },
      {
        kind: 'paragraph',
        text: 'We received a request to reset the password of your account. Choose a new password with the link below.',
      },
      { kind: 'button', label: 'Choose a new password', href: url },
      { kind: 'paragraph', text: 'The link expires after a short time and works once.' },
      {
        kind: 'paragraph',
        text: 'If you did not ask for this, you can ignore this e-mail: your password stays the same.',
      },
    ],
    reason: `You received this e-mail because a password reset was requested for your account on the ${siteConfig.name} website.`,
  });
}

/**
 * To a person whose data was erased at their request. It names nobody: it is queued sealed, and
 * its text must not hold what was just erased.
 */
export function erasureConfirmation(input: { keptOnHold: number }): MailContent {
  const kept =
    input.keptOnHold > 0
      ? `${input.keptOnHold === 1 ? 'One application is' : `${input.keptOnHold} applications are`} under a legal hold and must be kept until the hold ends; we erase ${input.keptOnHold === 1 ? 'it' : 'them'} then.`
      : 'Nothing about you is left in our systems.';
  return render({
    subject: `Your data at ${siteConfig.name} has been erased`,
    preheader: 'We have erased the personal data we held about you, as you asked.',
    heading: 'Your data has been erased',
    blocks: [
      { kind: 'paragraph', text: 'Hello,' },
      {
        kind: 'paragraph',
        text: `As you asked, we have erased the personal data ${siteConfig.name} held about this e-mail address: applications, messages, files and your account, if you had any.`,
      },
      { kind: 'paragraph', text: kept },
      { kind: 'paragraph', text: `Questions: ${siteConfig.email}.` },
    ],
    reason: `You received this e-mail because you asked ${siteConfig.name} to erase your personal data.`,
  });
}

/**
 * An e-mail an admin writes to a candidate (from a template, placeholders already filled): its
 * paragraphs as written, every value escaped by the layout; the caller addresses it (issue 35).
 */
export function candidateMessage(input: { subject: string; body: string; reason?: string }): MailContent {
  const paragraphs = input.body
    .split(/(?:\r?\n){2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return {
    ...render({
      subject: oneLine(input.subject, 200),
      preheader: oneLine(paragraphs[0] ?? '', 140),
      heading: oneLine(input.subject, 200),
      blocks: paragraphs.map((text) => ({ kind: 'paragraph' as const, text })),
      reason: input.reason ?? `You received this e-mail because you applied for a position at ${siteConfig.name}.`,
    }),
  };
}

/** To an account's owner: it was signed in to from a browser it had not used before. */
export function newSignIn(input: { name: string; time: string; browser: string; ip: string; accountUrl: string }): MailContent {
  return render({
    subject: `New sign-in to your ${siteConfig.name} account`,
    preheader: `Your account was signed in to from ${oneLine(input.browser, 60)}.`,
    heading: 'New sign-in to your account',
    blocks: [
      { kind: 'paragraph', text: greeting(input.name) },
      { kind: 'paragraph', text: 'Your account was just signed in to from a browser it had not used before.' },
      {
        kind: 'details',
        rows: [
          ['Time', input.time],
          ['Browser', input.browser],
          ['IP address', input.ip],
        ],
      },
      { kind: 'paragraph', text: 'If this was you, there is nothing to do.' },
      {
        kind: 'paragraph',
        text: 'If it was not you, change your password now and sign out every other session on your account page; then turn on two-factor authentication.',
      },
      { kind: 'button', label: 'Open my account page', href: safeUrl(input.accountUrl) },
    ],
    reason: `You received this e-mail because your ${siteConfig.name} account was signed in to from a new browser.`,
  });
}

/** To an account's owner: too many wrong passwords, so sign-in is paused for a while. */
export function accountLocked(input: { name: string; minutes: number; resetUrl: string }): MailContent {
  return render({
    subject: `Sign-in to your ${siteConfig.name} account is paused`,
    preheader: `Too many wrong passwords: sign-in is paused for ${input.minutes} minutes.`,
    heading: 'Sign-in to your account is paused',
    blocks: [
      { kind: 'paragraph', text: greeting(input.name) },
      {
        kind: 'paragraph',
        text: `Someone entered a wrong password for your account too many times, so signing in is paused for ${input.minutes} minutes. Nobody has signed in.`,
      },
      {
        kind: 'paragraph',
        text: 'If it was you, wait and try again, or reset your password now: a reset unlocks the account at once. If it was not you, a reset is a good idea too.',
      },
      { kind: 'button', label: 'Reset my password', href: safeUrl(input.resetUrl) },
    ],
    reason: `You received this e-mail because of failed sign-ins to your ${siteConfig.name} account.`,
  });
}

/** To someone an admin invited: a link to set a name and a password. */
export function invitation(input: {
  inviterName: string;
  role: Role;
  /** Whether this role must set up a second factor (staff, under ADMIN_REQUIRE_2FA). */
  mustSetUpFactor: boolean;
  url: string;
  expiresDays: number;
}): MailContent {
  const url = safeUrl(input.url);
  const as = withArticle(input.role);
  return render({
    subject: `You are invited to ${siteConfig.name}`,
    preheader: `${oneLine(input.inviterName, 80)} invited you to join ${siteConfig.name} as ${as}.`,
    heading: `Join ${siteConfig.name}`,
    blocks: [
      { kind: 'paragraph', text: 'Hello,' },
      {
        kind: 'paragraph',
        text: `${input.inviterName} invited you to the ${siteConfig.name} website as ${as}. Set your name and a password to create your account.`,
      },
      { kind: 'paragraph', text: `What you can do as ${as}: ${yourRoleDescriptions[input.role]}` },
      { kind: 'button', label: 'Accept the invitation', href: url },
      {
        kind: 'paragraph',
        text: `The link works once, for ${input.expiresDays} days.${input.mustSetUpFactor ? ' You set up two-factor authentication at your first sign-in: have an authenticator app ready.' : ''}`,
      },
      { kind: 'paragraph', text: 'If you were not expecting this, you can ignore this e-mail.' },
    ],
    reason: `You received this e-mail because an admin of the ${siteConfig.name} website invited this address.`,
  });
}

/** To a candidate of the talent pool, a month before their consent ends: stay, with one click, or leave. */
export function talentPoolRenewal(input: { name: string; until: Date; url: string }): MailContent {
  const until = formatDate(input.until);
  return render({
    subject: `Stay in the ${siteConfig.name} talent pool?`,
    preheader: `We keep your application for future openings until ${until}.`,
    heading: 'Stay in our talent pool?',
    blocks: [
      { kind: 'paragraph', text: greeting(input.name) },
      {
        kind: 'paragraph',
        text: `When you applied to ${siteConfig.name}, you agreed that we could keep your application to offer you future openings. That consent ends on ${until}.`,
      },
      {
        kind: 'paragraph',
        text: 'If you would like us to keep considering you, renew it with one click. If not, there is nothing to do: you leave the pool then.',
      },
      { kind: 'button', label: 'Stay in the talent pool', href: safeUrl(input.url) },
      { kind: 'paragraph', text: `The ${siteConfig.name} hiring team` },
    ],
    reason: `You received this e-mail because you agreed to be kept in the ${siteConfig.name} talent pool when you applied.`,
  });
}
