import { Transform, type TransformCallback } from 'node:stream';
import { FileTooLargeError } from './types.ts';

/**
 * Counts bytes on their way to storage and fails the stream as soon as the limit is passed, so an
 * oversized upload is cut off while streaming rather than after it has been stored.
 */
export class ByteLimit extends Transform {
  bytes = 0;
  readonly #maxBytes: number;

  constructor(maxBytes = Number.POSITIVE_INFINITY) {
    super();
    this.#maxBytes = maxBytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.#maxBytes) callback(new FileTooLargeError(this.#maxBytes));
    else callback(null, chunk);
  }
}
