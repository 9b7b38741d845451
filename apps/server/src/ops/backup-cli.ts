import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../env';
import { S3Store } from '../storage/s3-store';
import { createBackup } from './backup';

// `npm run backup -- [--out DIR]`: backs up the database and the file folders of the configured
// server (DATA_DIR or the S3 bucket, DATABASE_URL) into DIR/qbank-<time>/ (default ./backups). Safe while the
// server runs. Output is for operators, in English.

const usage = 'usage: npm run backup -- [--out DIR]';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string', default: 'backups' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(usage);
    return;
  }
  const config = loadConfig();
  const started = performance.now();
  const bucket = config.s3 ? await S3Store.create(config.s3) : undefined;
  const { dir, manifest } = await createBackup({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, bucket }, path.resolve(values.out)).finally(() =>
    bucket?.close(),
  );
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  const bytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
  console.log(
    [
      `backup written to ${dir}`,
      `  database  ${manifest.dialect}, migration ${manifest.migration ?? '(none)'}, ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.database.size} bytes`,
      `  files     ${manifest.files.length} files, ${bytes} bytes`,
      `  took      ${Math.round(performance.now() - started)} ms`,
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
