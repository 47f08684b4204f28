import { describe, expect, it } from 'vitest';
import { siteConfig } from '../../lib/site-config.ts';
import {
  applicationLinksMail,
  applicationReceived,
  contactAcknowledgement,
  contactMessage,
  newApplication,
  resetPassword,
  verifyEmail,
  type MailContent,
} from './templates.ts';

const evil = '<script>alert(1)</script>';
const escaped = '&lt;script&gt;alert(1)&lt;/script&gt;';
const url = 'https://helixpoint.example/api/auth/verify-email?token=abc&callbackURL=%2Fcareers';
const urlInHtml = url.replace(/&/g, '&amp;');

const all: Array<[string, MailContent]> = [
  ['applicationReceived', applicationReceived({ applicantName: evil, positionTitle: evil, link: url })],
  ['newApplication', newApplication({ applicantName: evil, applicantEmail: 'ada@example.com', positionTitle: evil, adminUrl: url })],
  ['contactMessage', contactMessage({ name: evil, email: 'ada@example.com', reason: evil, message: evil })],
  ['verifyEmail', verifyEmail({ name: evil, url })],
  ['resetPassword', resetPassword({ name: evil, url })],
  ['applicationLinksMail', applicationLinksMail({ links: [{ positionTitle: evil, url }] })],
];

describe.each(all)('%s', (_name, mail) => {
  it('has a subject, an HTML part and a text part', () => {
    expect(mail.subject.length).toBeGreaterThan(5);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).toMatch(/^<!doctype html><html lang="en"/);
    expect(mail.text.length).toBeGreaterThan(50);
  });

  it('escapes user input in HTML and keeps it verbatim in text', () => {
    expect(mail.html).not.toContain('<script');
    if (_name !== 'verifyEmail' && _name !== 'resetPassword') {
      expect(mail.html).toContain(escaped);
      expect(mail.text).toContain(evil);
    } else {
      // The name is in the greeting.
      expect(mail.html).toContain(`Hello ${escaped},`);
      expect(mail.text).toContain(`Hello ${evil},`);
    }
  });

  it('has the layout: brand, company, legal footer and the reason', () => {
    expect(mail.html).toContain('#1849c6');
    expect(mail.html).toContain(siteConfig.name);
    expect(mail.html).toContain(siteConfig.legalName.replace(/&/g, '&amp;'));
    expect(mail.text).toContain(siteConfig.legalName);
    expect(mail.html).toMatch(/You received this e-mail because/);
    expect(mail.text).toMatch(/You received this e-mail because/);
    expect(mail.html.replace('<!doctype html>', '')).not.toContain('!');
    expect(mail.text).not.toMatch(/!\s/);
  });
});

describe('links', () => {
  it.each([
    ['newApplication', all[1]![1]],
    ['verifyEmail', all[3]![1]],
    ['resetPassword', all[4]![1]],
  ])('%s has its link in both parts', (_name, mail) => {
    expect(mail.html).toContain(`href="${urlInHtml}"`);
    expect(mail.text).toContain(url);
  });

  it('refuses links that are not absolute http(s) URLs', () => {
    expect(() => verifyEmail({ name: 'Ada', url: 'javascript:alert(1)' })).toThrow(/http/);
    expect(() => resetPassword({ name: 'Ada', url: '/relative' })).toThrow(/absolute/);
  });
});

describe('details', () => {
  it('applicationReceived names the position and says what happens next', () => {
    const link = 'https://helixpoint.example/applications/abc';
    const mail = applicationReceived({ applicantName: 'Ada Lovelace', positionTitle: 'Cloud Engineer', link });
    expect(mail.subject).toBe('We received your application for Cloud Engineer');
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.text).toContain('What happens next');
    expect(mail.text).toContain(`Follow your application: ${link}`);
    expect(mail.html).toContain(`href="${link}"`);
  });

  it('applicationLinksMail lists one link per application', () => {
    const mail = applicationLinksMail({
      links: [
        { positionTitle: 'Cloud Engineer', url: 'https://helixpoint.example/applications/one' },
        { positionTitle: 'Data Engineer', url: 'https://helixpoint.example/applications/two' },
      ],
    });
    expect(mail.text).toContain('Your application for Cloud Engineer: https://helixpoint.example/applications/one');
    expect(mail.text).toContain('Your application for Data Engineer: https://helixpoint.example/applications/two');
  });

  it('newApplication and contactMessage reply to the person who wrote', () => {
    expect(newApplication({ applicantName: 'Ada', applicantEmail: 'ada@example.com', positionTitle: 'SRE', adminUrl: url }).replyTo).toBe(
      'ada@example.com',
    );
    expect(contactMessage({ name: 'Ada', email: 'ada@example.com', reason: 'Sales', message: 'Hi' }).replyTo).toBe('ada@example.com');
  });

  it('contactMessage keeps line breaks as <br> and subjects on one line', () => {
    const mail = contactMessage({
      name: 'Ada\r\nBcc: x@evil.example',
      email: 'ada@example.com',
      reason: 'Sales',
      message: 'line one\nline <two>\r\nline three',
    });
    expect(mail.html).toContain('line one<br/>line &lt;two&gt;<br/>line three');
    expect(mail.text).toContain('line one\nline <two>\r\nline three');
    expect(mail.subject).toBe('Contact form: Sales from Ada Bcc: x@evil.example');
  });

  it('contactAcknowledgement takes nothing from the form: no name, no text, no link, no reply-to', () => {
    const mail = contactAcknowledgement();
    expect(contactAcknowledgement.length).toBe(0);
    expect(mail.subject).toBe(`We received your message to ${siteConfig.name}`);
    expect(mail.text).toContain('Hello,\n');
    expect(mail.text).toContain('within 24 hours on business days');
    expect(mail.text).toContain(siteConfig.phone.display);
    expect(mail.text).toContain('does not repeat what was written');
    expect(mail.html).not.toMatch(/<a\s/);
    expect(mail.text).not.toMatch(/https?:\/\//);
    expect(mail.replyTo).toBeUndefined();
    expect(mail.html).toMatch(/^<!doctype html><html lang="en"/);
  });
});
