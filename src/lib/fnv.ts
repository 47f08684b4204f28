/**
 * FNV-1a, 32 bits: a cheap, even spread of strings into buckets (the analytics' sampling of
 * visitors). Not a secret and never stored: nothing may rely on it being hard to collide.
 */
export const FNV_OFFSET = 0x811c9dc5;

/** `hash` continued over `text` and a NUL after it ("ab" + "c" is not "a" + "bc"). */
export function fnv(hash: number, text: string): number {
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return Math.imul(hash, 0x01000193);
}
