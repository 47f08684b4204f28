/**
 * Control characters: C0 (NUL, escape, ...), DEL and C1. Nobody types them; PostgreSQL refuses
 * NUL in text outright, and the others hide text in what staff read. Tab and line breaks are text.
 * No zod here: the job board's filters read search terms with this and ship to the browser.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this matches
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- as above, every occurrence
const ALL_CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

export const controlCharactersMessage = 'Remove the invisible control characters (such as NUL) from this field';

export const hasControlCharacters = (value: string) => CONTROL_CHARACTERS.test(value);

/** For what is read rather than refused (a search term in the address): the text without its control characters. */
export const withoutControlCharacters = (value: string) => value.replace(ALL_CONTROL_CHARACTERS, '');

/** A search term from a query string: control characters dropped, trimmed, at most `max` characters; '' when absent. */
export function searchTerm(params: URLSearchParams, name: string, max: number): string {
  return withoutControlCharacters(params.get(name) ?? '')
    .trim()
    .slice(0, max);
}
