import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  paginateListObjectsV2,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ByteLimit } from './byte-limit.ts';
import {
  isFileTooLargeError,
  ObjectNotFoundError,
  assertValidContentType,
  assertValidKey,
  assertValidMaxBytes,
  assertValidPrefix,
  newKey,
  type ObjectStorage,
} from './types.ts';

export interface S3StorageOptions {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
}

// S3's minimum part size; with one part in flight at a time a 10 MB upload never sits whole in memory.
const PART_SIZE = 5 * 1024 * 1024;

const FALLBACK_CONTENT_TYPE = 'application/octet-stream';

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

export function createS3Client(options: S3StorageOptions): S3Client {
  const config: S3ClientConfig = {
    region: options.region,
    // Checksums only where S3 demands them: S3-compatible stores (MinIO, R2, s3rver...) often
    // reject or mangle the newer default CRC32 trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (options.endpoint) config.endpoint = options.endpoint;
  if (options.forcePathStyle !== undefined) config.forcePathStyle = options.forcePathStyle;
  // Without explicit keys the SDK's default chain applies (instance role, env, profile).
  if (options.accessKeyId && options.secretAccessKey) {
    config.credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };
  }
  return new S3Client(config);
}

export function createS3Storage(options: S3StorageOptions): ObjectStorage {
  const client = createS3Client(options);
  const Bucket = options.bucket;

  async function remove(key: string): Promise<void> {
    await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
  }

  return {
    async put(body, { contentType, prefix = '', maxBytes }) {
      assertValidContentType(contentType);
      assertValidMaxBytes(maxBytes);
      const key = newKey(prefix);
      const limit = new ByteLimit(maxBytes);
      // No ACL: objects inherit the bucket's private default and are only read back through get().
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: limit, ContentType: contentType },
        partSize: PART_SIZE,
        queueSize: 1,
      });
      const results = await Promise.allSettled([
        pipeline(body, limit),
        upload.done().catch((error: unknown) => {
          // Upload stops reading on failure; destroying the source unblocks the pipeline above.
          limit.destroy(error instanceof Error ? error : new Error(String(error)));
          throw error;
        }),
      ]);
      const errors = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
      if (errors.length > 0) {
        // Upload already aborted its multipart upload (leavePartsOnError is false); this removes an
        // object that a single-request upload might have completed in a race.
        await upload.abort();
        await remove(key).catch(() => undefined);
        throw errors.find((error) => isFileTooLargeError(error)) ?? errors[0];
      }
      return { key, size: limit.bytes, contentType };
    },

    async putAt(key, body, { contentType }) {
      assertValidKey(key);
      assertValidContentType(contentType);
      const limit = new ByteLimit();
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: limit, ContentType: contentType },
        partSize: PART_SIZE,
        queueSize: 1,
      });
      await Promise.all([pipeline(body, limit), upload.done()]);
      return { size: limit.bytes };
    },

    async get(key) {
      assertValidKey(key);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(result.Body instanceof Readable)) throw new Error('S3 returned a body that is not a Node stream');
        return {
          body: result.Body,
          size: result.ContentLength ?? 0,
          contentType: result.ContentType ?? FALLBACK_CONTENT_TYPE,
        };
      } catch (error) {
        throw isNotFound(error) ? new ObjectNotFoundError(key) : error;
      }
    },

    async delete(key) {
      assertValidKey(key);
      await remove(key);
    },

    async exists(key) {
      assertValidKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    async listOlderThan(prefix, before) {
      assertValidPrefix(prefix);
      const keys: string[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified && object.LastModified < before) keys.push(object.Key);
        }
      }
      return keys.sort();
    },
  };
}
