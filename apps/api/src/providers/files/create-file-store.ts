import type { Config } from '../../config';
import { createLocalFileStore } from './local';
import type { FileStore } from './port';
import { createS3FileStore } from './s3';

/** The bucket when S3_BUCKET is set (every instance sees the same files); otherwise local disk under DATA_DIR/uploads. */
export function createConfiguredFileStore(config: Pick<Config, 'objectStorage' | 'uploadsDirectory'>): FileStore {
  if (config.objectStorage) return createS3FileStore(config.objectStorage);
  return createLocalFileStore(config.uploadsDirectory);
}
