/**
 * Where a search found an applicant (issue 33): the part of the application, and a few words
 * around the hits, the hits marked. Made by the server (src/server/applications/search-snippets.ts),
 * shown under the name in the workspace list.
 */

export const snippetFields = ['resume', 'cover-letter', 'answers', 'notes'] as const;
export type SnippetField = (typeof snippetFields)[number];

export const snippetFieldLabels: Record<SnippetField, string> = {
  resume: 'Resume',
  'cover-letter': 'Cover letter',
  answers: 'Answers',
  notes: 'Notes',
};

export interface SearchSnippet {
  field: SnippetField;
  /**
   * The words around the hits as PostgreSQL's headline writes them, each hit between HIT_START and
   * HIT_END (`snippetParts` reads them). One string, not a list of parts: an island's props carry
   * it for each of a page's 50 rows, and a part written as an object with its flag cost ten times
   * its markers there (issue 52).
   */
  headline: string;
}

export interface SnippetPart {
  text: string;
  /** Whether the search matched these words. */
  hit: boolean;
}

/** The markers PostgreSQL's ts_headline puts around a hit: control characters no stored text has. */
export const HIT_START = '\u0002';
export const HIT_END = '\u0003';

/** A headline with markers, as parts; a marker left open (text cut) closes at the end. */
export function snippetParts(headline: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  for (const [index, piece] of headline.split(new RegExp(`[${HIT_START}${HIT_END}]`)).entries()) {
    if (piece) parts.push({ text: piece, hit: index % 2 === 1 });
  }
  return parts;
}

/** How the search reads what is typed (web search syntax, src/server/applications/workspace.ts). */
export const searchHint =
  'The search finds words in names, e-mails, resumes, cover letters, screening answers and notes: all the words you type, "an exact phrase" in quotes, -word to leave one out, or to take either.';
