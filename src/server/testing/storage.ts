import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { createFsStorage } from '../storage/fs-driver.ts';
import { createS3Client, createS3Storage, type S3StorageOptions } from '../storage/s3-driver.ts';
import type { ObjectStorage } from '../storage/types.ts';

/** Both storage drivers, for tests that must hold for either: local files, and S3 (s3rver). */

export interface Harness {
  storage: ObjectStorage;
  /** Everything the backend holds under a prefix, side and partial files included. */
  rawEntries(prefix: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function fsHarness(): Promise<Harness> {
  const root = await mkdtemp(path.join(tmpdir(), 'storage-fs-'));
  return {
    storage: createFsStorage(root),
    async rawEntries(prefix) {
      const entries = await readdir(root, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
        .filter((name) => name.startsWith(prefix));
    },
    close: () => rm(root, { recursive: true, force: true }),
  };
}

export async function s3Harness(): Promise<Harness> {
  const directory = await mkdtemp(path.join(tmpdir(), 'storage-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'test-bucket' }],
  });
  const { port } = await server.run();
  const options: S3StorageOptions = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'test-bucket',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const client = createS3Client(options);
  return {
    storage: createS3Storage(options),
    async rawEntries(prefix) {
      const page = await client.send(new ListObjectsV2Command({ Bucket: options.bucket, Prefix: prefix }));
      return (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export const storageHarnesses = { fs: fsHarness, s3: s3Harness } as const;
