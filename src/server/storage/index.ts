import path from 'node:path';
import { createFsStorage } from './fs-driver.ts';
import type { S3StorageOptions } from './s3-driver.ts';
import type { ObjectStorage } from './types.ts';

export type { S3StorageOptions } from './s3-driver.ts';
export {
  FileTooLargeError,
  InvalidKeyError,
  isFileTooLargeError,
  isObjectNotFoundError,
  ObjectNotFoundError,
  type ObjectStorage,
  type PutOptions,
  type StoredObject,
} from './types.ts';

export interface StorageConfig {
  driver: 'fs' | 's3';
  dataDir: string;
  s3?: S3StorageOptions;
}

/** The S3 driver (and the AWS SDK, several MB in memory) is loaded only when it is the one configured. */
export async function createStorage(config: StorageConfig): Promise<ObjectStorage> {
  switch (config.driver) {
    case 'fs':
      return createFsStorage(path.join(config.dataDir, 'uploads'));
    case 's3':
      if (!config.s3) throw new Error('STORAGE_DRIVER=s3 needs the S3_* settings (at least S3_BUCKET and S3_REGION)');
      return (await import('./s3-driver.ts')).createS3Storage(config.s3);
    default:
      throw new Error(`Unknown STORAGE_DRIVER ${JSON.stringify(config.driver satisfies never)}`);
  }
}
