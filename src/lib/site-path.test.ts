import { describe, expect, it } from 'vitest';
import { sitePath } from './site-path';

describe('sitePath: the one check for a place on this site', () => {
  it('keeps plain paths, with their query and fragment, normalised', () => {
    expect(sitePath('/')).toBe('/');
    expect(sitePath('/careers?q=cloud#list')).toBe('/careers?q=cloud#list');
    expect(sitePath('/admin/messages/abc')).toBe('/admin/messages/abc');
    expect(sitePath('/blog/../careers')).toBe('/careers');
  });

  it.each([
    ['protocol-relative', '//evil.example/phish'],
    ['a dot segment that resolves to //', '/..//evil.example/phish'],
    ['a tab browsers drop (/\\t/ is //)', '/\t/evil.example/phish'],
    ['a newline browsers drop', '/\n/evil.example/phish'],
    ['a backslash read as a slash', '/\\evil.example/phish'],
    ['an absolute URL', 'https://evil.example/phish'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'evil.example'],
    ['an empty value', ''],
  ])('refuses %s', (_what, value) => {
    expect(sitePath(value)).toBeNull();
  });

  it("refuses the review's ?next= value once the query string is decoded", () => {
    expect(sitePath(new URLSearchParams('next=/%09/evil.example/phish').get('next'))).toBeNull();
  });

  it('refuses anything that is not a string', () => {
    expect(sitePath(undefined)).toBeNull();
    expect(sitePath(['/'])).toBeNull();
  });
});
