import { z } from 'zod/mini';

/**
 * The honeypot every public form carries: a field hidden from people that bots fill. The server
 * answers a filled one as if the form worked and does nothing.
 */
export const HONEYPOT_FIELD = 'company_website';

/** The field as a form submission schema declares it. */
export const honeypotField = { [HONEYPOT_FIELD]: z.optional(z.string().check(z.maxLength(300))) } as const;

export function isHoneypotFilled(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}
