/**
 * Page texts (issue 34): the words of the content pages that marketing changes, edited in the
 * admin area; the pages' layouts and components stay in code (decision 049).
 *
 * A page's copy is a typed object in src/content. Every string in it is an editable text, named by
 * its path ("services.cards.2.description"), except the keys below, which are code (addresses,
 * icons, image names). The build prerenders each page with a stand-in in place of every text
 * (`[[hx|home|hero.title]]`); the server fills the stand-ins with the published texts (or the
 * defaults of the content file) when it loads the page into memory, and again when texts are
 * published: the pages stay files served from memory, at the speed of nginx.
 */

export type PageTextValues = Record<string, string>;

/** Keys whose strings are code, not copy. */
const CODE_KEYS = new Set(['href', 'icon', 'image', 'path', 'slug', 'id', 'illustration', 'tone', 'columns', 'keywords']);

const STAND_IN = /\[\[hx\|([a-z0-9/-]+)\|([A-Za-z0-9_.]+)\]\]/g;

export const standIn = (page: string, path: string) => `[[hx|${page}|${path}]]`;

export interface EditableText {
  path: string;
  /** Where it is on the page, in words: "Services › Card 3 › Description". */
  label: string;
  value: string;
  /** Long enough to be written on several lines. */
  multiline: boolean;
}

const words = (key: string) =>
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^./, (first) => first.toUpperCase())
    .replace(/\bCta\b/, 'Call to action');

/** Every editable text of a page's copy, in the order the copy lists them. */
export function editableTexts(content: unknown): EditableText[] {
  const texts: EditableText[] = [];
  const visit = (value: unknown, path: string[], label: string[]) => {
    if (typeof value === 'string') {
      texts.push({ path: path.join('.'), label: label.join(' › '), value, multiline: value.length > 90 });
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, [...path, String(index)], [...label, `${index + 1}`]));
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value))
        if (!CODE_KEYS.has(key))
          visit(child, [...path, key], [...label, path.length === 0 && key === 'description' ? 'Search engine description' : words(key)]);
    }
  };
  visit(content, [], []);
  return texts;
}

/**
 * The copy with a stand-in in place of each editable text: what the build prerenders. Outside a
 * production build (astro dev), the copy itself: the dev server renders the defaults.
 */
export function withStandIns<T>(page: string, content: T, enabled: boolean): T {
  if (!enabled) return content;
  const visit = (value: unknown, path: string[]): unknown => {
    if (typeof value === 'string') return standIn(page, path.join('.'));
    if (Array.isArray(value)) return value.map((item, index) => visit(item, [...path, String(index)]));
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value).map(([key, child]) => [key, CODE_KEYS.has(key) ? child : visit(child, [...path, key])]),
      );
    return value;
  };
  return visit(content, []) as T;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** Whether a page (its HTML) has stand-ins to fill. */
export const hasStandIns = (html: string) => html.includes('[[hx|');

/**
 * Fills a page's stand-ins: each with its published text, else its default; escaped for HTML (a
 * stand-in is only ever in text or in an attribute: the build check refuses one inside a script).
 * A stand-in no page knows (a text removed from the copy) is left as the default would: empty.
 */
export function fillStandIns(html: string, textOf: (page: string, path: string) => string | undefined): string {
  return html.replace(STAND_IN, (_, page: string, path: string) => escapeHtml(textOf(page, path) ?? ''));
}

/** The stand-ins inside a <script> or <style> (a text there could break out of it): must be none. */
export function standInsInScripts(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<(script|style)\b[^>]*>([\s\S]*?)<\/\1>/gi))
    for (const inner of match[2]!.matchAll(STAND_IN)) found.push(inner[0]);
  return found;
}

/** A text as an editor may write it: the field's rule (trimmed, not empty, at most 2,000 characters). */
export const PAGE_TEXT_MAX = 2000;
export const pageTextMessages = {
  empty: (label: string) => `${label}: write a text (empty is not allowed; reset it to the default instead).`,
  tooLong: (label: string) => `${label}: at most ${PAGE_TEXT_MAX.toLocaleString('en-US')} characters.`,
  unknown: 'This text is not on the page any more.',
  conflict:
    'Someone else saved these texts while you were editing them. Their version is shown: keep yours (saving over theirs) or take theirs.',
  gone: 'This page has no editable texts.',
} as const;
