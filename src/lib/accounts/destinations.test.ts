import { describe, expect, it } from 'vitest';
import { destinationAfterSignIn } from './destinations';
import { describeUserAgent } from './user-agent';

describe('where a sign-in lands', () => {
  it('holds an admin who must enrol, sends admins to the admin area, others to ?next= or home', () => {
    expect(destinationAfterSignIn({ isStaff: true, mustEnrol: true }, '/admin/audit')).toBe('/account#two-factor');
    expect(destinationAfterSignIn({ isStaff: true, mustEnrol: false }, '/admin/messages?show=unread')).toBe('/admin/messages?show=unread');
    expect(destinationAfterSignIn({ isStaff: true, mustEnrol: false }, '/careers')).toBe('/admin');
    expect(destinationAfterSignIn({ isStaff: false, mustEnrol: false }, '/careers?q=cloud')).toBe('/careers?q=cloud');
    expect(destinationAfterSignIn({ isStaff: false, mustEnrol: false }, '/\t/evil.example/phish')).toBe('/');
    expect(destinationAfterSignIn({ isStaff: false, mustEnrol: false }, null)).toBe('/');
  });
});

describe('describeUserAgent', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36', 'Chrome 141 on Linux'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0', 'Firefox 140 on Windows'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari 18 on macOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36 Edg/141.0.0.0',
      'Edge 141 on Windows',
    ],
    ['curl/8.5.0', 'Unknown browser'],
    [null, 'Unknown browser'],
  ])('%s', (agent, expected) => {
    expect(describeUserAgent(agent)).toBe(expected);
  });
});
