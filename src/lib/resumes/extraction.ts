/**
 * Reading a resume's text (issue 33): the limits the reader runs under and why a resume can end
 * with no text, as recruiters read it on the application. Shared by the server, which stores the
 * reason's code, and the pages that say it.
 */

/** A reader that runs longer is stopped: a resume is read in well under a second. */
export const EXTRACTION_TIME_LIMIT_MS = 10_000;
/** The reader's process is stopped beyond this much memory (its heap and its resident size). */
export const EXTRACTION_MEMORY_LIMIT_MB = 256;
/** More pages than any resume: a PDF beyond it is not read (5,000 pages would take minutes). */
export const EXTRACTION_MAX_PAGES = 100;
/** What a DOCX may expand to: its text is a few hundred KB; a zip bomb expands to gigabytes. */
export const EXTRACTION_MAX_EXPANDED_MB = 50;
/** Text kept per resume: more than any resume has; the rest of a longer one is not searched. */
export const EXTRACTION_MAX_CHARACTERS = 200_000;
/**
 * The reader's version: raised when it reads better, and every resume read by an older version is
 * read again by the background job (src/server/resumes/module.ts).
 */
export const EXTRACTOR_VERSION = 1;

export const noTextReasons = [
  'timeout',
  'memory',
  'no-text-layer',
  'password',
  'too-many-pages',
  'archive-too-large',
  'empty',
  'unreadable',
  'crashed',
  'missing-file',
] as const;
export type NoTextReason = (typeof noTextReasons)[number];

export const isNoTextReason = (value: unknown): value is NoTextReason => (noTextReasons as readonly unknown[]).includes(value);

/** The reason as the application shows it, after "No text: ". */
export const noTextMessages: Record<NoTextReason, string> = {
  timeout: `reading it took longer than ${EXTRACTION_TIME_LIMIT_MS / 1000} seconds.`,
  memory: `reading it needed more than ${EXTRACTION_MEMORY_LIMIT_MB} MB of memory.`,
  'no-text-layer': 'the PDF has no text layer (a scanned image?). Open the resume to read it.',
  password: 'the PDF is protected by a password.',
  'too-many-pages': `the PDF has more than ${EXTRACTION_MAX_PAGES} pages.`,
  'archive-too-large': `the document would expand to more than ${EXTRACTION_MAX_EXPANDED_MB} MB.`,
  empty: 'the document has no text.',
  unreadable: 'the file could not be read as a PDF, DOC or DOCX document.',
  crashed: 'the reader stopped unexpectedly.',
  'missing-file': 'the file is no longer stored.',
};

export const resumeTextMessages = {
  heading: 'Resume text',
  pending: 'The resume is being read; its text will be searchable in a moment.',
  noText: (reason: NoTextReason) => `No text: ${noTextMessages[reason]}`,
  read: (pages: number | null) =>
    pages ? `Searchable: the text of ${pages} ${pages === 1 ? 'page' : 'pages'} was read.` : 'Searchable: its text was read.',
} as const;

/** What became of an application's resume: waiting to be read, read (searchable), or no text and why. */
export type ResumeTextState =
  { state: 'pending' } | { state: 'text'; pages: number | null; characters: number } | { state: 'no-text'; reason: NoTextReason };

/** The line under the resume on an application. */
export function resumeTextLine(text: ResumeTextState): string {
  if (text.state === 'pending') return resumeTextMessages.pending;
  if (text.state === 'no-text') return resumeTextMessages.noText(text.reason);
  return resumeTextMessages.read(text.pages);
}
