/**
 * The resume reader's process (forked by reader.ts with --resume-reader): reads one file at a time,
 * as the server sends them. Its heap is capped and the server stops it beyond its time or memory.
 */
import { extractText, loadParsers } from './extract.ts';
import type { ReadRequest, ReadResult } from './read-protocol.ts';

if (process.send && process.argv.includes('--resume-reader')) {
  process.on('message', (request: ReadRequest) => {
    void extractText(request.type, request.bytes).then((outcome) => process.send!({ id: request.id, ...outcome } satisfies ReadResult));
  });
  // Ready once the parsers are loaded: a file's time limit is for reading it, not for starting up.
  await loadParsers();
  process.send({ ready: true });
}
