import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN } from '../../lib/accounts/schema.ts';

/**
 * The most common passwords (zxcvbn-ts's list of about 49,000, shipped with the package: no
 * network), those long enough to pass our length rule. Compared case-insensitively, so
 * "Password123" counts as "password123". Server only: the list is too big for a page.
 */
const common = new Set(dictionary['passwords-common'].filter((password) => password.length >= PASSWORD_MIN));

export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}
