import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { authHintScript } from '../lib/auth-hint.ts';

/**
 * The Content-Security-Policy of every page, through Astro's own CSP support (security.csp):
 * Astro hashes the scripts and styles it emits (islands, hydration, hoisted scripts); the two
 * inline pieces Astro does not produce are hashed here. No 'unsafe-inline' for scripts.
 * Prerendered pages carry it in a <meta> element, pages rendered on demand in the header.
 */

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}` as const;

/** The toast library injects its stylesheet as a <style> element: its exact text, from the installed version. */
function sonnerStyleHash(): `sha256-${string}` {
  const require = createRequire(import.meta.url);
  const source = readFileSync(require.resolve('sonner').replace(/index\.(c?js|mjs)$/, 'index.mjs'), 'utf8');
  const literal = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1];
  if (!literal) throw new Error('CSP: the toast library no longer injects its stylesheet as expected; update src/integrations/csp.ts.');
  return sha256(JSON.parse(literal) as string);
}

export const contentSecurityPolicy = {
  directives: [
    "default-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-src 'none'",
    "worker-src 'self'",
    "manifest-src 'self'",
  ],
  scriptDirective: {
    // The layout's inline script that shows the header's signed-in controls before the first paint.
    hashes: [sha256(authHintScript)],
  },
  styleDirective: {
    hashes: [sonnerStyleHash()],
    // Style attributes only (the spec's card delays, set per card): they cannot run code.
    resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' as const }],
  },
};
