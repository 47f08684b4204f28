import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
}

export interface PutOptions {
  contentType: string;
  prefix?: string;
  maxBytes?: number;
}

export interface ObjectStorage {
  /** Streams `body` to storage under a new random key (crypto.randomUUID-based, no user input in it, optional `prefix` like "resumes/"). Never buffers the whole body. Enforces maxBytes while streaming: if exceeded, aborts, removes any partial object, and rejects with a FileTooLargeError. */
  put(body: Readable, options: PutOptions): Promise<StoredObject>;
  /** Streams an object back; rejects with ObjectNotFoundError if missing. */
  get(key: string): Promise<{ body: Readable; size: number; contentType: string }>;
  delete(key: string): Promise<void>; // idempotent
  exists(key: string): Promise<boolean>;
  /** Keys under a prefix last modified before `before` (for the clean-up job of abandoned uploads). */
  listOlderThan(prefix: string, before: Date): Promise<string[]>;
  /** Writes an object under a key it had before (restoring a backup); replaces one already there. */
  putAt(key: string, body: Readable, options: { contentType: string }): Promise<{ size: number }>;
}

/**
 * Storage errors are told apart by their `code`, never by `instanceof`: the server runs these
 * modules directly and Astro's build bundles its own copies, so an error made by one copy is not
 * an instance of the other's class (an oversized upload answered 500 instead of 413 that way).
 */
export const storageErrorCodes = { tooLarge: 'FILE_TOO_LARGE', notFound: 'OBJECT_NOT_FOUND', invalidKey: 'INVALID_KEY' } as const;

const hasCode = (error: unknown, code: string) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
export const isFileTooLargeError = (error: unknown): error is FileTooLargeError => hasCode(error, storageErrorCodes.tooLarge);
export const isObjectNotFoundError = (error: unknown): error is ObjectNotFoundError => hasCode(error, storageErrorCodes.notFound);

export class FileTooLargeError extends Error {
  override readonly name = 'FileTooLargeError';
  readonly code = storageErrorCodes.tooLarge;
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    super(`File is larger than ${maxBytes} bytes`);
    this.maxBytes = maxBytes;
  }
}

export class ObjectNotFoundError extends Error {
  override readonly name = 'ObjectNotFoundError';
  readonly code = storageErrorCodes.notFound;
  readonly key: string;

  constructor(key: string) {
    super(`No stored object ${JSON.stringify(key)}`);
    this.key = key;
  }
}

export class InvalidKeyError extends Error {
  override readonly name = 'InvalidKeyError';
  readonly code = storageErrorCodes.invalidKey;

  constructor(key: unknown) {
    // JSON.stringify so a hostile key cannot forge extra log lines.
    super(`Invalid storage key ${JSON.stringify(key)}`);
  }
}

const KEY_CHARS = /^[A-Za-z0-9/_.-]+$/;
const MAX_KEY_LENGTH = 512;

/**
 * Keys become file paths (fs driver) and object names (S3), so anything that could climb out of
 * the storage root or be read differently by the two backends is refused: `..`, absolute paths,
 * empty or `.` segments, and characters outside a small safe alphabet.
 */
export function assertValidKey(key: unknown): asserts key is string {
  if (
    typeof key !== 'string' ||
    key.length === 0 ||
    key.length > MAX_KEY_LENGTH ||
    !KEY_CHARS.test(key) ||
    key.includes('..') ||
    key.split('/').some((segment) => segment === '' || segment === '.')
  ) {
    throw new InvalidKeyError(key);
  }
}

/** A prefix is valid when appending a plain name to it gives a valid key ("" and "resumes/" are). */
export function assertValidPrefix(prefix: unknown): asserts prefix is string {
  if (typeof prefix !== 'string') throw new InvalidKeyError(prefix);
  if (prefix === '') return;
  try {
    assertValidKey(`${prefix}x`);
  } catch {
    throw new InvalidKeyError(prefix);
  }
}

export function newKey(prefix = ''): string {
  assertValidPrefix(prefix);
  const key = `${prefix}${randomUUID()}`;
  assertValidKey(key);
  return key;
}

/** The content type is later sent back as a response header, so it must not be able to inject one. */
export function assertValidContentType(contentType: unknown): asserts contentType is string {
  if (typeof contentType !== 'string' || !/^[\x21-\x7e]+\/[\x20-\x7e]+$/.test(contentType)) {
    throw new TypeError(`Invalid content type ${JSON.stringify(contentType)}`);
  }
}

export function assertValidMaxBytes(maxBytes: unknown): asserts maxBytes is number | undefined {
  if (maxBytes !== undefined && !(Number.isSafeInteger(maxBytes) && (maxBytes as number) >= 0)) {
    throw new TypeError(`maxBytes must be a non-negative integer, got ${String(maxBytes)}`);
  }
}
