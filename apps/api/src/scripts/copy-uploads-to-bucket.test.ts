import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import { createS3FileStore } from '../providers/files/s3';
import { timeLimit } from '../../test/time-limit';

// `npm run uploads:to-bucket`, run as an operator runs it (its own process), against a real
// S3-compatible server.

const run = promisify(execFile);
const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

let s3: TestS3Server;
let dataDirectory: string;

/** The environment without any object-storage settings of the machine running the tests. */
function cleanEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const environment = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(S3_|AWS_)/.test(name)));
  return { ...environment, NODE_ENV: 'test', DATA_DIR: dataDirectory, JWT_SECRET: 'copy-test-secret-that-is-long-enough-1234', ...extra };
}

async function copy(extra: Record<string, string>) {
  try {
    // The built command (apps/api/dist, made by the suite's global setup), as production runs it.
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'uploads:to-bucket'], { env: cleanEnvironment(extra), cwd: repositoryRoot });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

function writeUpload(key: string, content: string) {
  const file = path.join(dataDirectory, 'uploads', key);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

beforeAll(async () => {
  s3 = await startS3Server();
  dataDirectory = mkdtempSync(path.join(tmpdir(), 'copy-uploads-'));
  writeUpload('products/p1/a.webp', 'product photo');
  writeUpload('products/p1/a-thumb.webp', 'thumb');
  writeUpload('chats/c1/b.webp', 'chat photo');
  // Left behind by a write that never finished: not an upload.
  writeUpload('products/p1/a.webp.3f2a.tmp', 'half');
});

afterAll(async () => {
  await s3.close();
  rmSync(dataDirectory, { recursive: true, force: true });
});

describe('npm run uploads:to-bucket', () => {
  it('refuses clearly when S3_BUCKET is not set', { timeout: timeLimit(60_000) }, async () => {
    const result = await copy({});
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('S3_BUCKET is not set');
  });

  it('copies every upload under its key, then skips what is already there with the same size', { timeout: timeLimit(120_000) }, async () => {
    const first = await copy(s3.environment);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('Copied 3 file(s); 0 already in the bucket.');
    expect(first.stdout).toContain('Left out 1 file(s)');
    const bucket = createS3FileStore(s3.config);
    try {
      expect((await bucket.get('products/p1/a.webp'))?.toString()).toBe('product photo');
      expect((await bucket.get('chats/c1/b.webp'))?.toString()).toBe('chat photo');
      expect((await bucket.stat('products/p1/a.webp'))?.contentType).toBe('image/webp');
      expect(await bucket.stat('products/p1/a.webp.3f2a.tmp')).toBeNull();

      const again = await copy(s3.environment);
      expect(again.stdout).toContain('Copied 0 file(s); 3 already in the bucket.');

      // A file whose size changed is copied again.
      writeUpload('chats/c1/b.webp', 'a longer chat photo');
      const changed = await copy(s3.environment);
      expect(changed.stdout).toContain('Copied 1 file(s); 2 already in the bucket.');
      expect((await bucket.get('chats/c1/b.webp'))?.toString()).toBe('a longer chat photo');
    } finally {
      bucket.close();
    }
  });

  it('fails with a clear message when the bucket cannot be reached', { timeout: timeLimit(60_000) }, async () => {
    const result = await copy({ ...s3.environment, S3_BUCKET: 'no-such-bucket' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Copying failed');
  });
});
