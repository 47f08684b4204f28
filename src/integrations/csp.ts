import { createHash } from 'node:crypto';
import type { AstroUserConfig } from 'astro';
import { cachedViewScript } from '../lib/analytics/beacon.ts';
import { authHintScript } from '../lib/auth-hint.ts';
import { currentYearScript } from '../lib/footer-year.ts';
import { scriptedMarkScript } from '../lib/workspace-nav.ts';

/**
 * The Content-Security-Policy of every page, through Astro's own CSP support (security.csp):
 * Astro hashes the scripts it emits (islands, hydration, hoisted scripts); the inline scripts
 * of ours are hashed here. No 'unsafe-inline' for scripts: an injected <script> or event handler
 * does not run. Styles allow inline (docs/decisions/019-content-security-policy.md): Radix's scroll
 * lock and the toast library write <style> elements at run time whose text varies, and CSS cannot
 * run code. Prerendered pages carry the policy in a <meta> element, pages rendered on demand in
 * the Content-Security-Policy header.
 */

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}` as const;

/** Inline scripts the pages carry that Astro did not write: each must be listed here, or it is blocked. */
export const inlineScripts = [authHintScript, currentYearScript, scriptedMarkScript, cachedViewScript];

type AstroCsp = Exclude<NonNullable<NonNullable<AstroUserConfig['security']>['csp']>, boolean>;

export const contentSecurityPolicy: AstroCsp = {
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
  scriptDirective: { hashes: inlineScripts.map(sha256) },
  styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
};
