import { loadConfig } from '../config';
import { copyLocalFiles } from '../providers/files/copy-local-files';
import { createS3FileStore } from '../providers/files/s3';

// npm run uploads:to-bucket — copies DATA_DIR/uploads into S3_BUCKET (decision 0017, docs/operations.md).
// Run it again at will: objects already in the bucket with the same size are skipped.
const config = loadConfig();
if (!config.objectStorage) {
  console.error(
    'S3_BUCKET is not set: set it (and S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY as your bucket needs) to the bucket to copy the uploads into.',
  );
  process.exit(2);
}

const bucket = createS3FileStore(config.objectStorage);
try {
  await bucket.ping();
  console.log(`Copying ${config.uploadsDirectory} into bucket ${bucket.bucket}…`);
  const result = await copyLocalFiles({ sourceDirectory: config.uploadsDirectory, target: bucket });
  console.log(`Copied ${result.copied} file(s); ${result.skipped} already in the bucket.`);
  if (result.ignored.length > 0)
    console.log(
      `Left out ${result.ignored.length} file(s) that are not uploads: ${result.ignored.slice(0, 5).join(', ')}${result.ignored.length > 5 ? '…' : ''}`,
    );
} catch (error) {
  console.error(`Copying failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  bucket.close();
}
