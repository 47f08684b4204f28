/**
 * Better Auth answers with Set-Cookie headers (a new session token after a password change or a
 * second factor). An Astro action sets cookies through context.cookies: these are the same
 * cookies, name, value (kept as Better Auth encoded it) and attributes.
 */

export interface CookieJar {
  set(
    name: string,
    value: string,
    options: {
      path?: string;
      maxAge?: number;
      expires?: Date;
      httpOnly?: boolean;
      secure?: boolean;
      sameSite?: 'lax' | 'strict' | 'none';
      encode?: (value: string) => string;
    },
  ): void;
}

export function forwardSetCookies(setCookies: readonly string[], jar: CookieJar): void {
  for (const header of setCookies) {
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const options: Parameters<CookieJar['set']>[2] = { encode: (value) => value };
    for (const attribute of attributes) {
      const [key = '', raw = ''] = attribute.split('=');
      const name = key.toLowerCase();
      if (name === 'path') options.path = raw;
      else if (name === 'max-age') options.maxAge = Number(raw);
      else if (name === 'expires') options.expires = new Date(raw);
      else if (name === 'httponly') options.httpOnly = true;
      else if (name === 'secure') options.secure = true;
      else if (name === 'samesite') options.sameSite = raw.toLowerCase() as 'lax' | 'strict' | 'none';
    }
    jar.set(pair.slice(0, at), pair.slice(at + 1), options);
  }
}

/** The session token a response sets (a sign-in, a code step), from its Set-Cookie headers; null if none. */
export function sessionTokenIn(setCookies: readonly string[]): string | null {
  for (const cookie of setCookies) {
    const match = /^(?:__Secure-)?helixpoint\.session_token=([^;]+)/.exec(cookie);
    // The cookie's value is the token, a dot, and its signature.
    if (match?.[1] && !/Max-Age=0/i.test(cookie)) return decodeURIComponent(match[1]).split('.')[0] ?? null;
  }
  return null;
}
