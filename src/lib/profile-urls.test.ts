import { describe, expect, it } from 'vitest';
import { normalizeLinkedInUrl, normalizeProfileUrl } from './profile-urls';

describe('LinkedIn addresses as people write them', () => {
  it.each([
    'https://www.linkedin.com/in/ada',
    'https://linkedin.com/in/ada',
    'linkedin.com/in/ada',
    'www.linkedin.com/in/ada/',
    'http://www.linkedin.com/in/ada',
    'https://br.linkedin.com/in/ada',
    'uk.linkedin.com/in/ada/',
    'HTTPS://WWW.LinkedIn.com/in/ada',
    'https://www.linkedin.com/in/ada?utm_source=share&utm_medium=member_ios',
    ' https://www.linkedin.com/in/ada#about ',
  ])('%s is https://www.linkedin.com/in/ada', (value) => {
    expect(normalizeLinkedInUrl(value)).toBe('https://www.linkedin.com/in/ada');
  });

  it.each([
    '',
    'ada',
    'linkedin.com',
    'https://www.linkedin.com/',
    'https://linkedin.evil.com/in/ada',
    'https://evil-linkedin.com/in/ada',
    'https://www.linkedin.com.evil.com/in/ada',
    'https://abcd.linkedin.com/in/ada',
    'ftp://www.linkedin.com/in/ada',
    'javascript://www.linkedin.com/in/ada',
    'https://user@www.linkedin.com/in/ada',
    'https://www.linkedin.com:8443/in/ada',
    'https://www.linkedin.com/in/ada lovelace',
  ])('%s is refused', (value) => {
    expect(normalizeLinkedInUrl(value)).toBeNull();
  });
});

describe('other profile addresses', () => {
  it.each([
    ['github.com/ada', 'https://github.com/ada'],
    ['www.github.com/ada/', 'https://github.com/ada'],
    ['https://GitHub.com/ada', 'https://github.com/ada'],
    ['vercel.com/ada', 'https://vercel.com/ada'],
    ['https://ada-portfolio.vercel.app/', 'https://ada-portfolio.vercel.app'],
    ['http://ada.dev/work/', 'http://ada.dev/work'],
    ['https://www.ada.dev', 'https://www.ada.dev'],
    ['gitlab.com/ada?tab=projects#top', 'https://gitlab.com/ada?tab=projects'],
  ])('%s is %s', (value, normal) => {
    expect(normalizeProfileUrl(value)).toBe(normal);
    expect(normalizeProfileUrl(normal)).toBe(normal);
  });

  it.each([
    '',
    'ada',
    'github',
    'mailto:ada@example.dev',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'https://ada dev',
    'https://localhost/x',
  ])('%s is refused', (value) => {
    expect(normalizeProfileUrl(value)).toBeNull();
  });
});
