import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../env';
import { moveDatabase, MoveRefused, type MoveReport } from './db-move';

// `npm run db:move -- --to <postgres-url> [--data-dir DIR]`: copies the SQLite database of
// DATA_DIR (or DIR) into an empty PostgreSQL database, checks every table's row count and
// checksum, and prints them. Stop the server first. Pictures and attachments stay in DATA_DIR
// (or go to a bucket with `npm run storage:move`). Output is for operators, in English.

const usage = 'usage: npm run db:move -- --to postgres://USER@HOST/DATABASE [--data-dir DIR]   (stop the server first; the database must be empty)';

/** The URL as printed: a password in it stays off the terminal. */
function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

function printReport(report: MoveReport, from: string, to: string, ms: number): void {
  const width = Math.max(...report.tables.map((t) => t.name.length), 'table'.length);
  const rows = report.tables.reduce((sum, t) => sum + t.targetRows, 0);
  const lines = [
    `moved ${from} into ${to}`,
    `  migration  ${report.migration}`,
    `  ${'table'.padEnd(width)}  ${'sqlite rows'.padStart(11)}  ${'postgres rows'.padStart(13)}  checksum (both sides)`,
    ...report.tables.map(
      (t) =>
        `  ${t.name.padEnd(width)}  ${String(t.sourceRows).padStart(11)}  ${String(t.targetRows).padStart(13)}  ${t.sourceChecksum === t.targetChecksum ? t.sourceChecksum : `${t.sourceChecksum} ≠ ${t.targetChecksum}`}`,
    ),
    `  total      ${report.tables.length} tables, ${rows} rows, counts and checksums equal`,
    `  not copied (SQLite only: its full-text indexes; PostgreSQL searches problem_search): ${report.sourceOnly.join(', ') || '–'}`,
    `  kept as the migrations wrote them (per-database counters, not compared): ${report.targetOwn.map((t) => `${t.name} (${t.rows} rows)`).join(', ') || '–'}`,
    `  only in PostgreSQL: ${report.targetOnly.join(', ') || '–'}`,
    `  computed by PostgreSQL (not written, not compared): ${report.generated.join(', ') || '–'}`,
    `  sequences  ${report.sequences.map((s) => `${s.sequence} → ${s.value}`).join(', ') || '–'}`,
    `  took       ${(ms / 1000).toFixed(1)} s`,
    'pictures and attachments stay in DATA_DIR; start the server with DATABASE_URL set (and the same DATA_DIR), or move them with `npm run storage:move`',
  ];
  console.log(lines.join('\n'));
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { to: { type: 'string' }, 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(usage);
    return;
  }
  if (!values.to?.startsWith('postgres')) throw new MoveRefused(`--to must name the PostgreSQL database (postgres://…)\n${usage}`);
  const dataDir = path.resolve(values['data-dir'] ?? loadConfig().dataDir);
  const started = performance.now();
  const report = await moveDatabase({ dataDir, targetUrl: values.to, progress: (line) => console.log(`  … ${line}`) });
  printReport(report, path.join(dataDir, 'qbank.sqlite'), withoutPassword(values.to), performance.now() - started);
}

main().catch((error: unknown) => {
  const refused = error instanceof MoveRefused;
  console.error(`db:move ${refused ? 'refused' : 'failed'}: ${error instanceof Error ? error.message : String(error)}`);
  if (!refused) console.error('nothing was written to the target (its transaction was rolled back); fix the cause and run the move again');
  process.exit(1);
});
