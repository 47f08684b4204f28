import type { NoTextReason } from '../../lib/resumes/extraction.ts';

/** The resume types the reader takes (an upload's detected type). */
export type ResumeType = 'pdf' | 'docx' | 'doc';

/** What the server sends the reader's process: one file. */
export interface ReadRequest {
  id: number;
  type: ResumeType;
  bytes: Uint8Array;
}

/** What the reader's process answers about a file. */
export type ReadAnswer = { ok: true; text: string; pages: number | null } | { ok: false; reason: NoTextReason };

export type ReadResult = { id: number } & ReadAnswer;
