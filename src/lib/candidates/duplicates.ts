/**
 * When two candidates may be one person (issue 33): the same phone (stored in E.164), the same
 * LinkedIn profile (stored in one normal form), or a near-identical name in the same city. Only
 * ever suggested: a recruiter decides, and can undo a merge.
 */

export const duplicateReasons = ['phone', 'linkedin', 'name-and-city'] as const;
export type DuplicateReason = (typeof duplicateReasons)[number];

export const duplicateReasonLabels: Record<DuplicateReason, string> = {
  phone: 'Same phone number',
  linkedin: 'Same LinkedIn profile',
  'name-and-city': 'Near-identical name in the same city',
};

/** A name's letters, without accents, case or punctuation, its words in order: "Zoë O'Neil" → "neil o zoe" sorted. */
export function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .sort()
    .join(' ');
}

/** The number of single-letter edits between two strings (Levenshtein), stopping early past `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, current[j]!);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * Near-identical: the same words in any order, accents and case aside ("José García" and "Garcia,
 * Jose"), or one or two typing slips in a long name ("Katherine Jonson" for "Katharine Johnson").
 */
export function nearIdenticalNames(a: string, b: string): boolean {
  const [x, y] = [nameKey(a), nameKey(b)];
  if (!x || !y) return false;
  if (x === y) return true;
  const allowed = Math.min(x.length, y.length) >= 12 ? 2 : Math.min(x.length, y.length) >= 8 ? 1 : 0;
  return editDistance(x, y, allowed) <= allowed;
}

/**
 * The places an address names, for "the same city": its parts after the street (split at commas
 * and line breaks), without numbers (postcodes), of three letters or more (not a state code).
 * "100 Congress Ave, Austin, TX 78701" → ["austin"].
 */
export function placesOf(address: string): string[] {
  const parts = address.split(/[,\n]/).slice(1);
  return parts
    .map((part) => part.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[\d]/g, '').replace(/\s+/g, ' ').trim())
    .filter((part) => part.replace(/[^\p{L}]/gu, '').length >= 3);
}

export function sameCity(a: string, b: string): boolean {
  const places = new Set(placesOf(a));
  return placesOf(b).some((place) => places.has(place));
}
