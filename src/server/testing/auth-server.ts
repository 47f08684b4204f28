import { Secret, TOTP } from 'otpauth';
import { createAuth, type Auth } from '../accounts/auth.ts';
import { handleAuthRequest, type AuthHandlerDeps } from '../accounts/auth-handler.ts';
import { clientIp } from '../rate-limit.ts';
import type { TestBackend } from './backend.ts';
import { serveForTest, type TestServer } from './http.ts';

/**
 * Accounts for integration tests: Better Auth on the test database behind our real handler, on a
 * real HTTP server, and browser-like clients that keep their cookies and their own IP address.
 */

export const TEST_SITE = 'https://www.helixpoint.test';
export const TEST_SECRET = 'test-secret-test-secret-test-secret-1234';

export interface AuthServer {
  auth: Auth;
  deps: AuthHandlerDeps;
  server: TestServer;
  close(): Promise<void>;
}

export async function startAuthServer(
  backend: TestBackend,
  options: { requireEmailVerification?: boolean; adminEmails?: string[] } = {},
): Promise<AuthServer> {
  const db = backend.database.db;
  const auth = createAuth({
    db,
    jobs: backend.jobs,
    rateLimits: backend.rateLimits,
    siteUrl: TEST_SITE,
    secret: TEST_SECRET,
    secureCookies: false,
    requireEmailVerification: options.requireEmailVerification ?? false,
    adminEmails: options.adminEmails ?? [],
    log: () => {},
  });
  const deps: AuthHandlerDeps = {
    auth,
    db,
    jobs: backend.jobs,
    rateLimits: backend.rateLimits,
    siteUrl: TEST_SITE,
    secureCookies: false,
    log: () => {},
  };
  const server = await serveForTest((request, socket) => handleAuthRequest(deps, request, clientIp(request.headers, socket, true)));
  return { auth, deps, server, close: () => server.close() };
}

let clients = 0;

/** A browser: its cookies, its IP address (X-Forwarded-For, as behind our proxy). */
export class TestClient {
  readonly ip = `198.51.100.${(clients += 1) % 250}`;
  readonly cookies = new Map<string, string>();
  userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36';

  private readonly base: string;

  constructor(base: string) {
    this.base = base;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get headers(): Headers {
    return new Headers({ cookie: this.cookieHeader, 'user-agent': this.userAgent, 'x-forwarded-for': this.ip });
  }

  keep(setCookies: readonly string[]): void {
    for (const header of setCookies) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (/Max-Age=0/i.test(header) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(method: string, path: string, body?: Record<string, unknown>) {
    const response = await fetch(`${this.base}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(body ? { 'Content-Type': 'application/json' } : {}),
        Origin: this.base,
        cookie: this.cookieHeader,
        'user-agent': this.userAgent,
        'X-Forwarded-For': this.ip,
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    this.keep(response.headers.getSetCookie());
    return {
      status: response.status,
      location: response.headers.get('location'),
      setCookies: response.headers.getSetCookie(),
      body: (await response.json().catch(() => ({}))) as Record<string, unknown>,
    };
  }

  post(path: string, body: Record<string, unknown>) {
    return this.request('POST', `/api/auth/${path}`, body);
  }

  get(path: string) {
    return this.request('GET', path);
  }

  /** Whether the client holds a session cookie. */
  get hasSession(): boolean {
    return [...this.cookies.keys()].some((name) => name.endsWith('session_token'));
  }
}

/** The code an authenticator with this key shows (the key as the site shows it: base32, spaced). */
export function totpNow(manualKey: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(manualKey.replace(/\s+/g, '')), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

/** A code that is certainly wrong now (not the current one, nor its neighbours). */
export function wrongCode(manualKey: string): string {
  const valid = new Set([-1, 0, 1].map((offset) => totpNow(manualKey, offset)));
  for (let n = 0; ; n += 1) {
    const candidate = String(n).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}
