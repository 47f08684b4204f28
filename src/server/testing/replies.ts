import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createMailReader, type MailReader } from '../replies/mail-reader.ts';
import { receiveDeps } from '../replies/module.ts';
import { receiveMail, type Arrival, type ReceiveDeps, type Received } from '../replies/receive.ts';
import { openSpool } from '../replies/spool.ts';
import type { DnsRecords } from '../replies/sender-check.ts';
import type { TestBackend } from './backend.ts';

/**
 * Receiving replies in an integration test as the server does (issue 50): the mail reader's own
 * process, a spool folder of the test's own, the sender checks answered from the test's DNS table.
 */
export interface TestReceiving {
  deps: ReceiveDeps;
  reader: MailReader;
  close(): Promise<void>;
}

export async function startTestReceiving(
  backend: Pick<TestBackend, 'runtime'>,
  replyAddress: string,
  { dns = {}, ...overrides }: { dns?: DnsRecords } & Partial<ReceiveDeps> = {},
): Promise<TestReceiving> {
  const dir = mkdtempSync(join(tmpdir(), 'helixpoint-spool-'));
  const reader = createMailReader();
  const deps = { ...receiveDeps(backend.runtime, replyAddress, { reader, spoolDir: await openSpool(dir), dns }), ...overrides };
  return {
    deps,
    reader,
    async close() {
      await reader.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Receives a raw mail as the SMTP receiver would, from 127.0.0.1 (the envelope's sender: `mailFrom`). */
export function receiveRaw(
  deps: ReceiveDeps,
  raw: string | Buffer,
  recipients: readonly string[],
  arrival: Omit<Arrival, 'recipients'> = {},
): Promise<Received> {
  return receiveMail(deps, Readable.from([Buffer.from(raw)]), 'smtp', {
    recipients,
    remoteAddress: '127.0.0.1',
    helo: 'localhost',
    mailFrom: 'someone@mail.test',
    ...arrival,
  });
}
