import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeFileKey, contentTypeOfKey, type FileStore, type StoredFileInfo } from './port';

export const UPLOADS_URL_PREFIX = '/uploads/';

const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/** Files under one folder on this machine's disk (the default; one instance only, or a shared disk). */
export function createLocalFileStore(rootDirectory: string): FileStore & { rootDirectory: string } {
  const resolve = (key: string) => {
    assertSafeFileKey(key);
    return path.join(rootDirectory, key);
  };

  async function statOf(key: string): Promise<StoredFileInfo | null> {
    try {
      const found = await stat(resolve(key));
      if (!found.isFile()) return null;
      // Size and modification time change whenever the bytes do.
      return { size: found.size, etag: `"${found.size.toString(16)}-${Math.floor(found.mtimeMs).toString(16)}"`, contentType: contentTypeOfKey(key) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    rootDirectory,
    async put(key, data) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, target);
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    stat: statOf,
    async open(key) {
      const info = await statOf(key);
      if (!info) return null;
      return { ...info, body: createReadStream(resolve(key)) };
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    urlFor: (key) => `${UPLOADS_URL_PREFIX}${key}`,
  };
}
