import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ByteLimit } from './byte-limit.ts';
import {
  ObjectNotFoundError,
  assertValidContentType,
  assertValidKey,
  assertValidMaxBytes,
  assertValidPrefix,
  newKey,
  type ObjectStorage,
} from './types.ts';

// Side files carry a "~", which valid keys cannot contain: no key can ever name (read, list or
// delete) a metadata or half-written file.
const META_SUFFIX = '~meta.json';
const PARTIAL_SUFFIX = '~partial';

interface Meta {
  contentType: string;
}

const FALLBACK_CONTENT_TYPE = 'application/octet-stream';

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

export function createFsStorage(rootDir: string): ObjectStorage {
  const root = path.resolve(rootDir);

  function fileFor(key: string): string {
    assertValidKey(key);
    const file = path.join(root, ...key.split('/'));
    // Second line of defence behind key validation.
    if (!file.startsWith(root + path.sep)) throw new Error('Storage key escaped the root directory');
    return file;
  }

  async function readContentType(file: string): Promise<string> {
    try {
      const meta = JSON.parse(await readFile(file + META_SUFFIX, 'utf8')) as Partial<Meta>;
      return typeof meta.contentType === 'string' ? meta.contentType : FALLBACK_CONTENT_TYPE;
    } catch (error) {
      // Only reachable if someone removed the side file by hand; a download is still safe as bytes.
      if (isMissing(error)) return FALLBACK_CONTENT_TYPE;
      throw error;
    }
  }

  return {
    async put(body, { contentType, prefix = '', maxBytes }) {
      assertValidContentType(contentType);
      assertValidMaxBytes(maxBytes);
      const key = newKey(prefix);
      const file = fileFor(key);
      const partial = file + PARTIAL_SUFFIX;
      const limit = new ByteLimit(maxBytes);
      await mkdir(path.dirname(file), { recursive: true });
      try {
        // flush: the data must be on disk before the rename makes it visible.
        await pipeline(body, limit, createWriteStream(partial, { flags: 'wx', flush: true }));
        // The side file is written first: once the data file exists, its content type does too.
        const meta: Meta = { contentType };
        await writeFile(file + META_SUFFIX, JSON.stringify(meta), { flag: 'wx', flush: true });
        await rename(partial, file);
      } catch (error) {
        await Promise.all([rm(partial, { force: true }), rm(file + META_SUFFIX, { force: true })]);
        throw error;
      }
      return { key, size: limit.bytes, contentType };
    },

    async putAt(key, body, { contentType }) {
      assertValidContentType(contentType);
      const file = fileFor(key);
      const partial = file + PARTIAL_SUFFIX;
      const limit = new ByteLimit();
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await pipeline(body, limit, createWriteStream(partial, { flush: true }));
        const meta: Meta = { contentType };
        await writeFile(file + META_SUFFIX, JSON.stringify(meta), { flush: true });
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { size: limit.bytes };
    },

    async get(key) {
      const file = fileFor(key);
      const handle = await open(file, 'r').catch((error: unknown) => {
        throw isMissing(error) ? new ObjectNotFoundError(key) : error;
      });
      try {
        // Size from the open handle, so it matches the bytes this stream will read.
        const info = await handle.stat();
        if (!info.isFile()) throw new ObjectNotFoundError(key);
        const contentType = await readContentType(file);
        return { body: handle.createReadStream(), size: info.size, contentType };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(key) {
      const file = fileFor(key);
      // Data first: a leftover side file without data is invisible, the reverse would not be.
      await rm(file, { force: true });
      await rm(file + META_SUFFIX, { force: true });
    },

    async exists(key) {
      const file = fileFor(key);
      try {
        return (await stat(file)).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async listOlderThan(prefix, before) {
      assertValidPrefix(prefix);
      // Keys are plain string prefixes (as in S3): "resumes/ab" matches "resumes/abc...", so
      // walk the deepest directory the prefix fully names and filter by name.
      const lastSlash = prefix.lastIndexOf('/');
      const dir = lastSlash === -1 ? root : path.join(root, ...prefix.slice(0, lastSlash).split('/'));
      let entries;
      try {
        entries = await readdir(dir, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      const keys: string[] = [];
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.includes('~')) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
        if (!key.startsWith(prefix)) continue;
        const info = await stat(path.join(entry.parentPath, entry.name)).catch((error: unknown) => {
          if (isMissing(error)) return null; // deleted while we listed
          throw error;
        });
        if (info && info.mtime < before) keys.push(key);
      }
      return keys.sort();
    },
  };
}
