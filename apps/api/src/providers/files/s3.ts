import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { ObjectStorageConfig } from '../../config';
import { UPLOADS_URL_PREFIX } from './local';
import { assertSafeFileKey, contentTypeOfKey, type FileStore, type StoredFileInfo } from './port';

/** S3 answers 404 (NoSuchKey on GET, NotFound on HEAD) for a key that is not there. */
function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound';
}

/**
 * Files in an S3-compatible bucket (AWS, MinIO, R2…) through the official SDK, so every API instance
 * sees the same files (decision 0017). Everything is read from `config` and handed to the client
 * explicitly; the objects stay private and are served through the API (plugins/stored-files.ts).
 */
export function createS3FileStore(config: ObjectStorageConfig): FileStore & { bucket: string; ping(): Promise<void>; close(): void } {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    // A copy: the SDK marks the object it is given, and the config stays as it was read.
    ...(config.credentials ? { credentials: { ...config.credentials } } : {}),
    // Checksums only where S3 demands them: several S3-compatible servers refuse the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const bucket = config.bucket;

  const infoOf = (answer: { ContentLength?: number; ETag?: string; ContentType?: string }, key: string): StoredFileInfo => ({
    size: answer.ContentLength ?? 0,
    etag: answer.ETag ?? `"${(answer.ContentLength ?? 0).toString(16)}"`,
    contentType: answer.ContentType || contentTypeOfKey(key),
  });

  return {
    bucket,
    async put(key, data, options) {
      assertSafeFileKey(key);
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: data, ContentLength: data.length, ContentType: options?.contentType ?? contentTypeOfKey(key) }),
      );
    },
    async get(key) {
      assertSafeFileKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stat(key) {
      assertSafeFileKey(key);
      try {
        return infoOf(await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })), key);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async open(key) {
      assertSafeFileKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        // In Node the SDK's body is an http.IncomingMessage, a Readable.
        return { ...infoOf(answer, key), body: answer.Body as Readable };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertSafeFileKey(key);
      // S3 answers 204 for a key that is not there too.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    urlFor: (key) => `${UPLOADS_URL_PREFIX}${key}`,
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
    close() {
      client.destroy();
    },
  };
}
