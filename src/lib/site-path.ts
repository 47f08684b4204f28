/**
 * The one check for "a place on this site" (return addresses after sign-in, e-mail callbacks,
 * links carried by the flash cookie). A value is parsed the way a browser would parse it as a
 * link on our pages, and accepted only when it stays on our origin and its normalised path
 * cannot be read as another host: browsers drop tabs and newlines (`/\t/evil` is `//evil`),
 * treat `\` as `/`, and resolve `/..//evil` to the path `//evil`, which a Location header
 * sends off-site.
 */

const BASE = 'https://site.invalid';

/** The normalised path (with query and fragment) when `value` is a plain path on this site, else null. */
export function sitePath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 2000) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path.startsWith('//') || path.startsWith('/\\')) return null;
  return path;
}

export function isSitePath(value: unknown): value is string {
  return sitePath(value) !== null;
}
