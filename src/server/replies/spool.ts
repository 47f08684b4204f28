import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Mail that comes back is written to disk while it arrives (issue 50), never held in the server's
 * memory: `DATA_DIR/inbound/mail-*` holds one mail (`mail.eml`) and the attachments its reader keeps
 * until they are stored; the folder goes once the mail is answered. What a crash leaves is removed
 * at the next start.
 */

export interface Spooled {
  /** The mail's own folder (its attachments are written beside it). */
  dir: string;
  path: string;
  bytes: number;
  /** Over `maxBytes`: the file holds nothing (the rest was read and dropped). */
  tooLarge: boolean;
}

/** The folder of spooled mail under DATA_DIR, emptied of what an earlier run left. */
export async function openSpool(dataDir: string): Promise<string> {
  const dir = join(dataDir, 'inbound');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  for (const entry of await readdir(dir)) await rm(join(dir, entry), { recursive: true, force: true });
  return dir;
}

/** Writes `input` to a new mail folder, at most `maxBytes`: past them the rest is read and dropped, never held. */
export async function spool(spoolDir: string, input: Readable, maxBytes: number): Promise<Spooled> {
  const dir = await mkdtemp(join(spoolDir, 'mail-'));
  const path = join(dir, 'mail.eml');
  const file = createWriteStream(path, { mode: 0o600 });
  let bytes = 0;
  let tooLarge = false;
  try {
    await new Promise<void>((resolve, reject) => {
      input.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (tooLarge) return;
        if (bytes > maxBytes) {
          tooLarge = true;
          file.destroy();
          return;
        }
        // The disk is slower than the sender at times: the sender waits (TCP backpressure).
        if (!file.write(chunk)) {
          input.pause();
          file.once('drain', () => input.resume());
        }
      });
      input.once('error', reject);
      file.once('error', (error) => {
        if (!tooLarge) reject(error);
      });
      input.once('end', () => {
        if (tooLarge) return resolve();
        file.end(() => resolve());
      });
    });
  } catch (error) {
    file.destroy();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  if (tooLarge) await rm(path, { force: true });
  return { dir, path, bytes, tooLarge };
}

/** Removes a mail's folder (the mail and its attachments' files). */
export async function unspool(spooled: Pick<Spooled, 'dir'>): Promise<void> {
  await rm(spooled.dir, { recursive: true, force: true });
}
