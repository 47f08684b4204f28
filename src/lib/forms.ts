import { z } from 'zod/mini';
import type { FlashToast } from './flash.ts';
import { controlCharactersMessage, lineBreaksMessage, ONE_LINE, WITHOUT_CONTROL_CHARACTERS } from './text.ts';

/** What every form says the same way (spec sections 5 and 8). */

export const formToasts = {
  /** Spec: "Failed validation: toast Validation Error / Please check the form for errors and try again". */
  validationError: { kind: 'error', title: 'Validation Error', description: 'Please check the form for errors and try again' },
} as const satisfies Record<string, FlashToast>;

/** Spec: an admin or auth action that fails is toasted as "Error" with the server's message. */
export function errorToast(description: string): FlashToast {
  return { kind: 'error', title: 'Error', description };
}

export const tooLong = (max: number) => `Must be at most ${max} characters long`;

export const wholeAmountMessage = 'Enter a whole number, such as 120000';
export const amountRangeMessage = 'The maximum must not be below the minimum';

/** An amount's digits without the commas and spaces people write between them. */
const digitsOf = (value: string) => value.replace(/[,\s]/g, '');

/** A whole amount as people type it ("120,000", "120 000"); null when empty. */
export function wholeAmount(value: string): number | null {
  return value.trim() === '' ? null : Number(digitsOf(value));
}

/** Whether a range typed as two whole amounts is in order (either end may be empty). */
export function amountsInOrder(min: string, max: string): boolean {
  const [low, high] = [wholeAmount(min), wholeAmount(max)];
  return low === null || high === null || low <= high;
}

type StringCheck = Parameters<ReturnType<typeof z.string>['check']>[number];

/**
 * The one rule of every text a person types, on every form and in every action: a string without
 * control characters (checked first, so its message is the one shown), then the field's own checks.
 */
export const textField = (...checks: StringCheck[]) =>
  z.string().check(z.regex(WITHOUT_CONTROL_CHARACTERS, controlCharactersMessage), ...checks);

/** A text of one line (a name, a company): the same rule, line breaks and tabs refused too. */
export const lineField = (...checks: StringCheck[]) => z.string().check(z.regex(ONE_LINE, lineBreaksMessage), ...checks);

/** An optional whole amount (a salary, a pay band's end): up to nine digits, with commas or spaces between. */
export const wholeAmountField = textField(
  z.trim(),
  z.refine((value) => value === '' || /^\d{1,9}$/.test(digitsOf(value)), wholeAmountMessage),
);

export const emailMessage = 'Please enter a valid email address';

/**
 * The one e-mail rule of every form (DECISIONS.md): any real address, long top-level domains
 * included (jordan@helix.engineering), nothing else (no display names such as "<a@b>c.co", no
 * spaces); stored lowercased.
 */
export const emailField = textField(z.trim(), z.toLowerCase(), z.maxLength(254, emailMessage), z.email(emailMessage));

/** The same rule for a required address, whose empty field says what to do ("Enter your email address"). */
export const requiredEmailField = (emptyMessage: string) =>
  textField(z.trim(), z.minLength(1, emptyMessage), z.toLowerCase(), z.maxLength(254, emailMessage), z.email(emailMessage));

/**
 * "j…@mail.test", for a confirmation on screen: enough for its owner to recognise the address, not
 * enough to read it over a shoulder.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? '…' : `${email[0]}…${email.slice(at)}`;
}
