import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOfKey, isSafeFileKey, type FileStore } from './port';

export interface CopyLocalFilesResult {
  copied: number;
  /** Already in the target with the same size. */
  skipped: number;
  /** Names that cannot be keys (leftover temporary files, hidden files): not copied. */
  ignored: string[];
}

async function* filesUnder(root: string, directory = root): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* filesUnder(root, full);
    else if (entry.isFile()) yield path.relative(root, full).split(path.sep).join('/');
  }
}

/**
 * Copies every file under a local uploads folder into another store under the same key (moving to a
 * bucket, decision 0017). Safe to run again: a key already there with the same size is skipped.
 */
export async function copyLocalFiles(input: { sourceDirectory: string; target: FileStore; onCopied?: (key: string) => void }): Promise<CopyLocalFilesResult> {
  const result: CopyLocalFilesResult = { copied: 0, skipped: 0, ignored: [] };
  for await (const key of filesUnder(input.sourceDirectory)) {
    if (!isSafeFileKey(key) || key.endsWith('.tmp')) {
      result.ignored.push(key);
      continue;
    }
    const source = path.join(input.sourceDirectory, key);
    const [local, remote] = await Promise.all([stat(source), input.target.stat(key)]);
    if (remote && remote.size === local.size) {
      result.skipped += 1;
      continue;
    }
    await input.target.put(key, await readFile(source), { contentType: contentTypeOfKey(key) });
    result.copied += 1;
    input.onCopied?.(key);
  }
  return result;
}
