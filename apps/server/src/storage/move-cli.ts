import { parseArgs } from 'node:util';
import { loadConfig } from '../env';
import { copyStoredFiles, listStoredKeys } from './copy';
import { DiskStore } from './disk-store';
import { S3Store } from './s3-store';

// `npm run storage:move`: copies the uploads and attachments under DATA_DIR into the S3 bucket
// of the S3_* settings, checking every file's SHA-256 after the write. Run it once before the
// first start with S3_* set (again after, to pick up anything written in between: files already
// in the bucket are skipped). The disk copies stay; remove DATA_DIR/uploads and
// DATA_DIR/attachments yourself once the site serves from the bucket. Output is for operators.

const usage = 'usage: S3_BUCKET=… [S3_ENDPOINT=… …] npm run storage:move';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(usage);
    return;
  }
  const config = loadConfig();
  if (!config.s3) throw new Error(`S3_BUCKET is not set; nothing to move into\n${usage}`);
  const disk = new DiskStore(config.dataDir);
  const bucket = await S3Store.create(config.s3);
  try {
    await bucket.check();
    const started = performance.now();
    const result = await copyStoredFiles(disk, bucket);
    const onDisk = await listStoredKeys(disk);
    const inBucket = new Set(await listStoredKeys(bucket));
    const missing = onDisk.filter((key) => !inBucket.has(key));
    if (missing.length > 0) throw new Error(`${missing.length} files are not in the bucket after the copy: ${missing.slice(0, 5).join(', ')}`);
    console.log(
      [
        `moved ${config.dataDir} into bucket ${config.s3.bucket}`,
        `  copied     ${result.copied} files, ${result.bytes} bytes`,
        `  unchanged  ${result.unchanged} files already in the bucket`,
        `  verified   ${onDisk.length} files on disk are all in the bucket (SHA-256 checked on write)`,
        `  took       ${Math.round(performance.now() - started)} ms`,
        'the files under DATA_DIR are kept; remove uploads/ and attachments/ once the site serves from the bucket',
      ].join('\n'),
    );
  } finally {
    bucket.close();
  }
}

main().catch((error: unknown) => {
  console.error(`storage:move failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
