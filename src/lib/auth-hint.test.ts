import { describe, expect, it } from 'vitest';
import { AUTH_HINT_COOKIE, authHintScript, readAuthHint } from './auth-hint';

function runScript(cookie: string): string | undefined {
  const document = { cookie, documentElement: { dataset: {} as Record<string, string> } };
  new Function('document', authHintScript)(document);
  return document.documentElement.dataset.auth;
}

describe('auth hint', () => {
  it('reads user, admin or nothing from the cookie header', () => {
    expect(readAuthHint(`a=1; ${AUTH_HINT_COOKIE}=admin; b=2`)).toBe('admin');
    expect(readAuthHint(`${AUTH_HINT_COOKIE}=user`)).toBe('user');
    expect(readAuthHint(`${AUTH_HINT_COOKIE}=root`)).toBeNull();
    expect(readAuthHint('')).toBeNull();
  });

  it('the head script marks the page with the same answer before paint', () => {
    expect(runScript(`a=1; ${AUTH_HINT_COOKIE}=admin; b=2`)).toBe('admin');
    expect(runScript(`${AUTH_HINT_COOKIE}=user`)).toBe('user');
    expect(runScript(`${AUTH_HINT_COOKIE}=root`)).toBeUndefined();
    expect(runScript(`x${AUTH_HINT_COOKIE}=admin`)).toBeUndefined();
    expect(runScript(`${AUTH_HINT_COOKIE}=adminx`)).toBeUndefined();
    expect(runScript('')).toBeUndefined();
  });
});
