import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/s3-server';
import { loadConfig } from '../../config';
import { createConfiguredFileStore } from './create-file-store';
import { createFileLinkSigner, isPublicFileKey, withAccessControlledUrls } from './file-access';
import { createLocalFileStore } from './local';
import type { FileStore } from './port';
import { createS3FileStore } from './s3';

let s3: TestS3Server;
const folders: string[] = [];
const tempFolder = () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'file-store-'));
  folders.push(folder);
  return folder;
};

beforeAll(async () => {
  s3 = await startS3Server();
});

afterAll(async () => {
  await s3.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

// The same behaviour from both adapters: the modules cannot tell them apart.
describe.each([
  ['local disk', () => createLocalFileStore(tempFolder())],
  ['S3 (s3rver)', () => createS3FileStore(s3.config)],
] as const)('the %s file store', (_name, makeStore: () => FileStore) => {
  it('puts, gets, stats, streams, overwrites and deletes a file, with its content type', async () => {
    const store = makeStore();
    const key = `products/${Date.now()}/photo.webp`;
    const bytes = Buffer.from('not really a webp, but bytes are bytes');
    await store.put(key, bytes);
    expect(await store.get(key)).toEqual(bytes);
    const info = await store.stat(key);
    expect(info).toMatchObject({ size: bytes.length, contentType: 'image/webp', etag: expect.stringMatching(/^".+"$/) });
    const opened = await store.open(key);
    expect(opened).toMatchObject({ size: bytes.length, contentType: 'image/webp', etag: info?.etag });
    expect(await readAll(opened!.body)).toEqual(bytes);

    await store.put(key, Buffer.from('shorter'));
    expect((await store.get(key))?.toString()).toBe('shorter');
    expect((await store.stat(key))?.size).toBe(7);

    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await store.stat(key)).toBeNull();
    expect(await store.open(key)).toBeNull();
    // Deleting what is not there is no error (a retried clean-up).
    await store.delete(key);
  });

  it('answers null for a key that was never stored, and refuses keys that could escape', async () => {
    const store = makeStore();
    expect(await store.get('products/none/missing.webp')).toBeNull();
    expect(await store.stat('products/none/missing.webp')).toBeNull();
    expect(await store.open('products/none/missing.webp')).toBeNull();
    await expect(store.put('../outside.webp', Buffer.from('x'))).rejects.toThrow(/Unsafe file key/);
    await expect(store.get('/etc/passwd')).rejects.toThrow(/Unsafe file key/);
  });

  it('gives the public URL of a key', () => {
    expect(makeStore().urlFor('products/p/1.webp')).toBe('/uploads/products/p/1.webp');
  });
});

describe('the S3 adapter against the server', () => {
  it('pings the bucket (HeadBucket), and fails the ping for a missing bucket or a server that is not there', async () => {
    await createS3FileStore(s3.config).ping!();
    await expect(createS3FileStore({ ...s3.config, bucket: 'no-such-bucket' }).ping!()).rejects.toThrow();
    await expect(createS3FileStore({ ...s3.config, endpoint: 'http://127.0.0.1:1' }).ping!()).rejects.toThrow();
  });

  it('stores the content type it is given', async () => {
    const store = createS3FileStore(s3.config);
    await store.put('products/typed/label', Buffer.from('GIF89a'), { contentType: 'image/gif' });
    expect((await store.stat('products/typed/label'))?.contentType).toBe('image/gif');
  });
});

describe('choosing the store from the environment', () => {
  const base = { JWT_SECRET: 'x'.repeat(32) };

  it('keeps local disk by default and takes the bucket when S3_BUCKET is set', async () => {
    const local = loadConfig({ ...base, DATA_DIR: tempFolder() });
    expect(local.objectStorage).toBeNull();
    expect(createConfiguredFileStore(local)).toHaveProperty('rootDirectory', local.uploadsDirectory);

    const bucket = loadConfig({ ...base, DATA_DIR: tempFolder(), ...s3.environment });
    expect(bucket.objectStorage).toEqual(s3.config);
    const store = createConfiguredFileStore(bucket);
    expect(store).toHaveProperty('bucket', 'marketplace-test');
    await store.ping!();
  });

  it('reads the region default and path style, and refuses half a pair of credentials', () => {
    const config = loadConfig({ ...base, DATA_DIR: tempFolder(), S3_BUCKET: 'photos' });
    expect(config.objectStorage).toEqual({ bucket: 'photos', endpoint: undefined, region: 'us-east-1', forcePathStyle: false, credentials: undefined });
    expect(() => loadConfig({ ...base, DATA_DIR: tempFolder(), S3_BUCKET: 'photos', AWS_ACCESS_KEY_ID: 'only-the-id' })).toThrow(/AWS_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...base, DATA_DIR: tempFolder(), S3_BUCKET: 'photos', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...base, DATA_DIR: tempFolder(), S3_BUCKET: 'photos', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});

describe('signed links to private files', () => {
  const start = new Date('2025-06-01T12:03:00Z');
  let now = start;
  const signer = createFileLinkSigner({ secret: 's'.repeat(40), now: () => now });
  const parts = (url: string) => {
    const parsed = new URL(url, 'http://x');
    return {
      key: decodeURIComponent(parsed.pathname.replace('/api/files/', '')),
      expires: parsed.searchParams.get('expires') ?? undefined,
      signature: parsed.searchParams.get('signature') ?? undefined,
    };
  };

  it('signs a key for 50 to 60 minutes, the same link for a while, and refuses another key, a changed expiry or another secret', () => {
    now = start;
    const url = signer.signedUrlFor('chats/c1/a.webp');
    const { key, expires, signature } = parts(url);
    expect(key).toBe('chats/c1/a.webp');
    const lifetime = Number(expires) - start.getTime() / 1000;
    expect(lifetime).toBeGreaterThanOrEqual(50 * 60);
    expect(lifetime).toBeLessThanOrEqual(60 * 60);
    now = new Date(start.getTime() + 60_000);
    expect(signer.signedUrlFor('chats/c1/a.webp')).toBe(url);
    expect(signer.check(key, expires, signature)).toMatchObject({ ok: true });
    expect(signer.check('chats/c2/a.webp', expires, signature)).toEqual({ ok: false, code: 'file_link_invalid' });
    expect(signer.check(key, String(Number(expires) + 600), signature)).toEqual({ ok: false, code: 'file_link_invalid' });
    expect(signer.check(key, 'soon', signature)).toEqual({ ok: false, code: 'file_link_invalid' });
    expect(signer.check(key, undefined, undefined)).toEqual({ ok: false, code: 'file_link_required' });
    const otherSecret = createFileLinkSigner({ secret: 'o'.repeat(40), now: () => now });
    expect(otherSecret.check(key, expires, signature)).toEqual({ ok: false, code: 'file_link_invalid' });
    now = new Date(start.getTime() + 61 * 60 * 1000);
    expect(signer.check(key, expires, signature)).toEqual({ ok: false, code: 'file_link_expired' });
  });

  it('gives product photos their public URL and every other key a signed link', () => {
    now = start;
    const files = withAccessControlledUrls(createLocalFileStore(tempFolder()), signer);
    expect(isPublicFileKey('products/p/1.webp')).toBe(true);
    expect(files.urlFor('products/p/1.webp')).toBe('/uploads/products/p/1.webp');
    // Review photos are shown on the public product page.
    expect(files.urlFor('reviews/r/1.webp')).toBe('/uploads/reviews/r/1.webp');
    for (const key of ['chats/c/1.webp', 'disputes/d/1.webp', 'returns/r/1.webp', 'anything-new/1.webp']) {
      expect(files.urlFor(key)).toMatch(new RegExp(`^/api/files/${key}\\?expires=\\d+&signature=[\\w-]+$`));
    }
  });
});
