/**
 * Profile addresses as people write them (issue 27): with or without "https://" and "www.",
 * LinkedIn's country subdomains (br.linkedin.com), a trailing slash, tracking parameters. Each is
 * stored in one normal form, so the same profile is always the same text; anything that is not a
 * web address at all is refused (null).
 */

function webAddress(value: string): URL | null {
  const text = value.trim();
  if (text === '' || /\s/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  const fine =
    /^https?:$/.test(url.protocol) && !url.username && !url.password && !url.port && /^[a-z\d-]+(\.[a-z\d-]+)+$/.test(url.hostname);
  return fine ? url : null;
}

const withoutTrailingSlash = (path: string) => path.replace(/\/+$/, '');

/**
 * "https://www.linkedin.com/in/ada" for "linkedin.com/in/ada/", "http://br.linkedin.com/in/ada?trk=x"
 * and the like: a page under linkedin.com or a country or www subdomain of it.
 */
export function normalizeLinkedInUrl(value: string): string | null {
  const url = webAddress(value);
  if (!url || !/^((www|[a-z]{2,3})\.)?linkedin\.com$/.test(url.hostname)) return null;
  const path = withoutTrailingSlash(url.pathname);
  return path ? `https://www.linkedin.com${path}` : null;
}

/**
 * "https://github.com/ada" for "github.com/ada/" or "www.github.com/ada": any web address, https
 * unless written otherwise, "www." dropped where the site has none (GitHub, Vercel), no trailing
 * slash, no fragment.
 */
export function normalizeProfileUrl(value: string): string | null {
  const url = webAddress(value);
  if (!url) return null;
  const host = url.hostname.replace(/^www\.(github\.com|vercel\.com)$/, '$1');
  return `${url.protocol}//${host}${withoutTrailingSlash(url.pathname)}${url.search}`;
}
