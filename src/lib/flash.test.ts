import { describe, expect, it } from 'vitest';
import { clearFlashCookie, decodeFlash, encodeFlash, flashCookie, readFlashCookie, type FlashToast } from './flash';

const accessDenied: FlashToast = {
  kind: 'error',
  title: 'Access Denied',
  description: "You don't have permission to access this page.",
};

describe('flash toasts', () => {
  it('round-trip through a cookie value', () => {
    expect(decodeFlash(encodeFlash([accessDenied, { kind: 'success', title: 'Logged out successfully', duration: 5000 }]))).toEqual([
      accessDenied,
      { kind: 'success', title: 'Logged out successfully', duration: 5000 },
    ]);
  });

  it('are read from a Cookie header among other cookies', () => {
    const header = `theme=light; ${flashCookie([accessDenied]).split(';')[0]}; other=1`;
    expect(readFlashCookie(header)).toEqual([accessDenied]);
  });

  it('ignore malformed or foreign values instead of failing', () => {
    expect(decodeFlash(undefined)).toEqual([]);
    expect(decodeFlash('%E0%A4%A')).toEqual([]);
    expect(decodeFlash(encodeURIComponent('{"kind":"error"}'))).toEqual([]);
    expect(
      decodeFlash(encodeURIComponent('[{"kind":"alert","title":"x"},{"kind":"info"},null,{"kind":"info","title":"ok","description":7}]')),
    ).toEqual([{ kind: 'info', title: 'ok' }]);
  });

  it('carry up to two link buttons, to paths on this site only', () => {
    const links = [
      { label: 'View More Jobs', href: '/careers' },
      { label: 'Evil', href: 'https://evil.test/' },
      { label: 'Protocol-relative', href: '//evil.test/' },
      { label: 'Homepage', href: '/' },
      { label: 'Third', href: '/about' },
    ];
    expect(decodeFlash(encodeFlash([{ kind: 'message', title: 'Next', links }]))).toEqual([
      {
        kind: 'message',
        title: 'Next',
        links: [
          { label: 'View More Jobs', href: '/careers' },
          { label: 'Homepage', href: '/' },
        ],
      },
    ]);
  });

  it('live briefly, site-wide, and can be cleared', () => {
    expect(flashCookie([accessDenied])).toMatch(/; Path=\/; Max-Age=60; SameSite=Lax$/);
    expect(clearFlashCookie()).toBe('flash=; Path=/; Max-Age=0; SameSite=Lax');
  });
});
