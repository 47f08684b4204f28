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
  /** The words in order; `hit` marks those the search matched. */
  parts: { text: string; hit: boolean }[];
}

/** The markers PostgreSQL's ts_headline puts around a hit: control characters no stored text has. */
export const HIT_START = '\u0002';
export const HIT_END = '\u0003';

/** A headline with markers, as parts; a marker left open (text cut) closes at the end. */
export function snippetParts(headline: string): SearchSnippet['parts'] {
  const parts: SearchSnippet['parts'] = [];
  for (const [index, piece] of headline.split(new RegExp(`[${HIT_START}${HIT_END}]`)).entries()) {
    if (piece) parts.push({ text: piece, hit: index % 2 === 1 });
  }
  return parts;
}

/** How the search reads what is typed (web search syntax, src/server/applications/workspace.ts). */
export const searchHint =
  'The search finds words in names, e-mails, resumes, cover letters, screening answers and notes: all the words you type, "an exact phrase" in quotes, -word to leave one out, or to take either.';
