import { performance } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { EXTRACTION_MAX_CHARACTERS } from '@/lib/resumes/extraction';
import {
  docWithText,
  docxWithText,
  docxZipBomb,
  emptyDoc,
  manyPagesPdf,
  passwordProtectedPdf,
  pdfWithText,
  scannedPdf,
} from '../testing/documents';
import { cleanText, declaredExpandedBytes } from './extract';
import { createResumeReader } from './reader';

/*
 * The resume reader (issue 33) in its own process, with real files the tests write: text from
 * PDF, DOCX and DOC; each hostile or awkward file ends as "no text" with its reason, and the
 * server's own process stays responsive while they are read.
 */

const reader = createResumeReader();
afterAll(() => reader.close());

const bytes = (buffer: Buffer) => new Uint8Array(buffer);

// Processes started, files of up to a gigabyte expanded: seconds each on a busy machine.
describe('reading a resume', { timeout: 30_000 }, () => {
  it('reads the text of a PDF, page by page', async () => {
    const pdf = pdfWithText([
      ['Jane Doe', 'Site reliability engineer: Kubernetes, Terraform'],
      ['Page two', 'Ten years of on-call'],
    ]);
    const outcome = await reader.read('pdf', bytes(pdf));
    expect(outcome).toEqual({ ok: true, pages: 2, text: expect.stringContaining('Kubernetes, Terraform') });
    expect(outcome.ok && outcome.text).toContain('Ten years of on-call');
  });

  it('reads a DOCX and a DOC', async () => {
    expect(await reader.read('docx', bytes(await docxWithText(['Ada Lovelace', 'Analytical engines, since 1843'])))).toEqual({
      ok: true,
      pages: null,
      text: 'Ada Lovelace\n\nAnalytical engines, since 1843',
    });
    expect(await reader.read('doc', bytes(docWithText('Grace Hopper\nCOBOL and compilers')))).toEqual({
      ok: true,
      pages: null,
      text: 'Grace Hopper\nCOBOL and compilers',
    });
  });

  it('says why there is no text: a scan, a password, 5,000 pages, a zip bomb, an empty DOC, not a document', async () => {
    expect(await reader.read('pdf', bytes(scannedPdf()))).toEqual({ ok: false, reason: 'no-text-layer' });
    expect(await reader.read('pdf', bytes(passwordProtectedPdf()))).toEqual({ ok: false, reason: 'password' });
    expect(await reader.read('pdf', bytes(manyPagesPdf(5_000)))).toEqual({ ok: false, reason: 'too-many-pages' });
    expect(await reader.read('docx', bytes(await docxZipBomb(300_000_000)))).toEqual({ ok: false, reason: 'archive-too-large' });
    expect(await reader.read('doc', bytes(emptyDoc()))).toEqual({ ok: false, reason: 'unreadable' });
    expect(await reader.read('docx', bytes(await docxWithText([' ', '']))).then((outcome) => outcome)).toEqual({
      ok: false,
      reason: 'empty',
    });
    expect(await reader.read('pdf', bytes(Buffer.from('%PDF-1.7 and then nothing a PDF has')))).toEqual({
      ok: false,
      reason: 'unreadable',
    });
    // The reader goes on with the next file.
    expect(await reader.read('pdf', bytes(pdfWithText([['Still reading']])))).toMatchObject({ ok: true, text: 'Still reading' });
  });

  it('stops a zip bomb that lies about its size at the memory limit, and the next file gets a new process', async () => {
    const lying = await docxZipBomb(1_000_000_000, { lieAboutSize: true });
    expect(declaredExpandedBytes(bytes(lying))).toBeLessThan(1_000_000);
    const before = performance.eventLoopUtilization();
    expect(await reader.read('docx', bytes(lying))).toEqual({ ok: false, reason: 'memory' });
    const used = performance.eventLoopUtilization(before);
    // The server's own process never worked on the file: its event loop sat idle while the reader's
    // process expanded it. Measured as the share of the time the loop was busy, not as the longest
    // pause between two ticks, which a machine busy with other work lengthens (CI saw 286 ms once).
    // Sending the file and spawning take their share on a busy machine (CI saw 0.32 once); a loop
    // that expanded the file itself would be busy nearly all the time (about 1).
    expect(used.utilization).toBeLessThan(0.5);
    expect(await reader.read('docx', bytes(await docxWithText(['After the bomb'])))).toMatchObject({ ok: true, text: 'After the bomb' });
  });

  it('stops a file that takes longer than the time limit', async () => {
    // One second: a fresh process's first small file (its parser warming up) fits in it on a busy
    // machine, which 0.3 s did not always (a full unit run on 2 cores saw it time out). Room for
    // 1 GB, so that this file meets the time limit and never the memory limit first (that one has
    // its own test above).
    const slow = createResumeReader({ timeLimitMs: 1_000, memoryLimitMb: 1_024 });
    try {
      // 400,000 lines on one page: seconds of parsing, beyond the second allowed here. 100,000 were
      // parsed within the second on a faster machine; 400,000 went over the 256 MB cap first.
      const huge = pdfWithText([Array.from({ length: 400_000 }, (_, index) => `Line ${index} of a very long page`)]);
      expect(await slow.read('pdf', bytes(huge))).toEqual({ ok: false, reason: 'timeout' });
      expect(await slow.read('pdf', bytes(pdfWithText([['Quick one']])))).toMatchObject({ ok: true, text: 'Quick one' });
    } finally {
      await slow.close();
    }
  });

  it('reads one file at a time, in order, when asked for several at once', async () => {
    const files = await Promise.all(['First', 'Second', 'Third'].map((word) => docxWithText([word])));
    const outcomes = await Promise.all(files.map((file) => reader.read('docx', bytes(file))));
    expect(outcomes.map((outcome) => outcome.ok && outcome.text)).toEqual(['First', 'Second', 'Third']);
  });
});

describe('cleanText', () => {
  it('keeps words and line breaks, drops control characters and runs of blanks, and caps the length', () => {
    expect(cleanText('  Jane\u0000 Doe \r\n\r\n\r\n\r\nKubernetes\t\t and\u0002 Terraform  ')).toBe('Jane Doe\n\nKubernetes and Terraform');
    expect(cleanText('word '.repeat(100_000))).toHaveLength(EXTRACTION_MAX_CHARACTERS);
  });
});
