import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../env';
import { S3Store } from '../storage/s3-store';
import { restoreBackup } from './restore';

// `npm run restore -- <backup-dir> [--force]`: restores a backup made by `npm run backup` into
// the configured DATA_DIR (or S3 bucket) / DATABASE_URL. Stop the server first. Output is for operators.

const usage = 'usage: npm run restore -- <backup-dir> [--force]   (stop the server first)';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  if (positionals.length !== 1) throw new Error(`expected one backup directory\n${usage}`);
  const backupDir = path.resolve(positionals[0]!);
  const config = loadConfig();
  const bucket = config.s3 ? await S3Store.create(config.s3) : undefined;
  const { manifest, previous } = await restoreBackup(
    backupDir,
    { databaseUrl: config.databaseUrl, dataDir: config.dataDir, bucket },
    { force: values.force },
  ).finally(() => bucket?.close());
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  console.log(
    [
      `restored ${backupDir}`,
      `  made      ${manifest.created_at}, migration ${manifest.migration ?? '(none)'}`,
      `  database  ${manifest.dialect}, ${rows} rows checked against the manifest`,
      `  files     ${manifest.files.length} files into ${config.s3 ? `bucket ${config.s3.bucket}` : config.dataDir}`,
      previous ? `  previous  data kept in ${previous}` : '  previous  (target was empty)',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
