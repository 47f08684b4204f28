import { PASSWORD_MIN } from '../../lib/accounts/schema.ts';

/**
 * The most common passwords (zxcvbn-ts's list of about 49,000, shipped with the package: no
 * network), those long enough to pass our length rule. Compared case-insensitively, so
 * "Password123" counts as "password123". Server only: the list is too big for a page. Loaded on
 * the first password set, not at start: the package holds about 3 MB that a process serving
 * pages never needs (decision 026).
 */
let common: Promise<Set<string>> | undefined;

const commonPasswords = () =>
  (common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].filter((password) => password.length >= PASSWORD_MIN)),
  ));

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}
