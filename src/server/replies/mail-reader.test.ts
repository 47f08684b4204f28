import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailReader } from './mail-reader';

/*
 * The mail reader's own process (issue 50): a mail that passes its memory or time limit ends that
 * process, never the server's, and is answered as unreadable (or "try later"); the next mail gets a
 * new process.
 */

const dir = mkdtempSync(join(tmpdir(), 'mail-reader-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const path = join(dir, 'mail.eml');
writeFileSync(path, 'From: a@mail.test\r\nTo: replies+x@helixpoint.test\r\nSubject: Hi\r\n\r\nHello.\r\n');
const request = { path, attachmentDir: dir, envelope: {}, trustedAuthservId: null, dns: {} };

describe('the mail reader', { timeout: 30_000 }, () => {
  it('reads a mail in its own process, and ends that process after a while without one', async () => {
    const reader = createMailReader({ idleMs: 200 });
    try {
      const read = await reader.read(request);
      expect(read).toMatchObject({ ok: true, mail: { kind: 'reply', text: 'Hello.', fromAddress: 'a@mail.test' } });
      expect(reader.pid).toBeGreaterThan(0);
      expect(reader.pid).not.toBe(process.pid);
      await expect.poll(() => reader.pid, { timeout: 5_000 }).toBeUndefined();
    } finally {
      await reader.close();
    }
  });

  it('answers a mail that passes the memory limit as unreadable, and one past the time limit as "try later"; the next is read', async () => {
    // Limits below what the process itself takes: any mail passes them.
    const small = createMailReader({ residentMb: 20 });
    const slow = createMailReader({ timeLimitMs: 1 });
    try {
      expect(await small.read(request)).toEqual({ ok: false, reason: 'malformed' });
      expect(await slow.read(request)).toEqual({ ok: false, reason: 'timeout' });
    } finally {
      await Promise.all([small.close(), slow.close()]);
    }
    const reader = createMailReader();
    try {
      expect(await reader.read(request)).toMatchObject({ ok: true });
    } finally {
      await reader.close();
    }
  });
});
