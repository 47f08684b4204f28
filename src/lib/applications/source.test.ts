import { describe, expect, it } from 'vitest';
import { DIRECT, isOwnPageAddress, referrerHost, sourceFromForm, sourceParams, visitSource } from './source';

describe('a visit’s source', () => {
  const own = ['careers.helixpoint.test', '127.0.0.1:4321'];
  const params = (query: string) => new URLSearchParams(query);

  it('prefers UTM, then ref, then the referring host, then direct', () => {
    expect(visitSource(params('utm_source=Indeed&utm_medium=CPC'), 'https://linkedin.com/', own)).toEqual({
      source: 'indeed',
      medium: 'cpc',
      campaign: null,
    });
    expect(visitSource(params('ref=reddit.com'), 'https://linkedin.com/', own).source).toBe('reddit.com');
    expect(visitSource(params(''), 'https://www.linkedin.com/jobs/view/1', own).source).toBe('linkedin.com');
    expect(visitSource(params('utm_medium=email'), null, own)).toEqual(DIRECT);
  });

  it('is never one of our own addresses, nor something that is not a web address', () => {
    expect(referrerHost('https://careers.helixpoint.test/careers', own)).toBeNull();
    expect(referrerHost('http://127.0.0.1:4321/', own)).toBeNull();
    expect(referrerHost('android-app://com.google.android.gm/', own)).toBeNull();
    expect(referrerHost('not a url', own)).toBeNull();
  });

  it('knows a page of ours without parsing it, and only a page of ours: not a longer host, a port or a user before ours', () => {
    const hosts = ['www.helixpoint.test'];
    expect(isOwnPageAddress('https://www.helixpoint.test/about', hosts)).toBe(true);
    expect(isOwnPageAddress('http://www.helixpoint.test', hosts)).toBe(true);
    expect(isOwnPageAddress('https://www.helixpoint.test.evil.example/', hosts)).toBe(false);
    expect(isOwnPageAddress('https://www.helixpoint.test@evil.example/', hosts)).toBe(false);
    expect(isOwnPageAddress('https://www.helixpoint.test:8443/', hosts)).toBe(false);
    expect(referrerHost('https://www.helixpoint.test.evil.example/', hosts)).toBe('helixpoint.test.evil.example');
    expect(referrerHost('https://www.helixpoint.test@evil.example/', hosts)).toBe('evil.example');
  });

  it('is carried on as ref, or as the UTM parameters when it has a medium or campaign', () => {
    expect(sourceParams(DIRECT)).toEqual([]);
    expect(sourceParams({ source: 'reddit.com', medium: null, campaign: null })).toEqual([['ref', 'reddit.com']]);
    expect(sourceParams({ source: 'newsletter', medium: 'email', campaign: 'nov' })).toEqual([
      ['utm_source', 'newsletter'],
      ['utm_medium', 'email'],
      ['utm_campaign', 'nov'],
    ]);
  });

  it('is cleaned again when posted: short, lower case, no markup, direct when empty', () => {
    expect(sourceFromForm({ source: '  <b>HN</b> ', source_medium: '', source_campaign: 'x'.repeat(200) })).toEqual({
      source: 'bhn/b',
      medium: null,
      campaign: 'x'.repeat(100),
    });
    expect(sourceFromForm({})).toEqual(DIRECT);
  });
});
