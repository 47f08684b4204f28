/**
 * Control characters: C0 (NUL, escape, ...), DEL and C1. Nobody types them; PostgreSQL refuses
 * NUL in text outright, and the others hide text in what staff read. Tab and line breaks are text.
 * No zod here: the job board's filters read search terms with this and ship to the browser.
 * WITHOUT_CONTROL_CHARACTERS is a whole text without any: the pattern the forms check (forms.ts).
 */
// Unicode's Cc category is exactly C0, DEL and C1.
export const WITHOUT_CONTROL_CHARACTERS = /^[\P{Cc}\t\n\r]*$/u;
const CONTROL_CHARACTERS = /[^\P{Cc}\t\n\r]/gu;

export const controlCharactersMessage = 'Remove the invisible control characters from this field';

/**
 * A one-line text (a name, a company): no control characters at all, line breaks and tabs
 * included. A name with a line break fakes lines where it is shown (the host's e-mail, issue 50).
 */
export const ONE_LINE = /^\P{Cc}*$/u;
export const lineBreaksMessage = 'Remove the line breaks and invisible control characters from this field';

export const hasControlCharacters = (value: string) => !WITHOUT_CONTROL_CHARACTERS.test(value);

/** For what is read rather than refused (a search term in the address): the text without its control characters. */
export const withoutControlCharacters = (value: string) => value.replace(CONTROL_CHARACTERS, '');

/** A search term from a query string: control characters dropped, trimmed, at most `max` characters; '' when absent. */
export function searchTerm(params: URLSearchParams, name: string, max: number): string {
  return withoutControlCharacters(params.get(name) ?? '')
    .trim()
    .slice(0, max);
}

/**
 * The first word of a name, to greet a person by ("Hello Cara,"): a full name's given name in most
 * of the names the site sees; a one-word name is itself.
 */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? '';
