import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { ObjectStorageConfig } from '../src/config';

export interface TestS3Server {
  /** The environment that points the API at this server's bucket (as an operator would set it). */
  environment: Record<string, string>;
  config: ObjectStorageConfig;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) in this process, on a free port, storing in a temporary folder,
 * with `bucket` created. Tests stop it at the end.
 */
export async function startS3Server(bucket = 'marketplace-test'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    environment: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    config: { bucket, endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
