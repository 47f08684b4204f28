/**
 * "Chrome 141 on Linux" from a User-Agent header: enough for a person to recognise their own
 * browser in a list of sessions or a new-sign-in e-mail. Unknown agents say so.
 */

const browsers: ReadonlyArray<readonly [string, RegExp]> = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /OPR\/(\d+)/],
  ['Samsung Internet', /SamsungBrowser\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)[^]*Safari\//],
];

const systems: ReadonlyArray<readonly [string, RegExp]> = [
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X|Macintosh/],
  ['ChromeOS', /CrOS/],
  ['Linux', /Linux/],
];

export function describeUserAgent(userAgent: string | null | undefined, unknown = 'Unknown browser'): string {
  if (!userAgent) return unknown;
  const browser = browsers.find(([, pattern]) => pattern.test(userAgent));
  const system = systems.find(([, pattern]) => pattern.test(userAgent))?.[0];
  const name = browser ? `${browser[0]} ${browser[1].exec(userAgent)?.[1] ?? ''}`.trim() : unknown;
  return system ? `${name} on ${system}` : name;
}
