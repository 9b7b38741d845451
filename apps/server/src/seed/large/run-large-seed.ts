// `npm run seed:large -- [--data-dir DIR | --database-url URL] [--scale N] [--summary FILE]`
// Fills an empty database with the large benchmark data set (see large-data.ts) and prints its
// summary. The SQLite file and the uploads land where the server looks when started with
// DATA_DIR=DIR (and DATABASE_URL=URL for PostgreSQL). Test data only.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../core/db';
import { refreshPlannerStatistics } from '../../core/planner-statistics';
import { migrateToLatest } from '../../db/migrate';
import { loadConfig } from '../../env';
import { DiskStore } from '../../storage/disk-store';
import { seedLargeData } from './large-data';
import { DEFAULT_QUESTIONS_FILE, loadKorMedQuestions, SAMPLE_QUESTIONS_FILE } from './problem-text';

const usage = `usage: npm run seed:large -- [--data-dir DIR] [--database-url URL] [--scale N] [--summary FILE]
  --data-dir DIR      SQLite database and uploads in DIR (default ./data-large)
  --database-url URL  PostgreSQL instead of SQLite (default: DATABASE_URL); uploads still go to DIR
  --scale N           1 = 100,000 problems (default 1; 0.01 = 1,000)
  --summary FILE      where the summary JSON goes (default DIR/summary.json, where npm run bench
                      and npm run bench:profile look for it)
  --questions FILE    KorMedMCQA questions JSON (default: the shared copy, ../shared/data/kormedmcqa)`;

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    scale: { type: 'string' },
    summary: { type: 'string' },
    questions: { type: 'string' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const scale = Number(values.scale ?? '1');
if (!Number.isFinite(scale) || scale <= 0) {
  console.error(`--scale must be a positive number\n${usage}`);
  process.exit(2);
}
const questionsFile = path.resolve(values.questions ?? DEFAULT_QUESTIONS_FILE);
if (!existsSync(questionsFile)) {
  console.error(
    `questions file not found: ${questionsFile}\n(the shared KorMedMCQA copy is missing; pass --questions FILE, e.g. ${path.relative(process.cwd(), SAMPLE_QUESTIONS_FILE)}, the in-repo sample of 101)\n${usage}`,
  );
  process.exit(2);
}
const dataDir = path.resolve(values['data-dir'] ?? './data-large');
// DATABASE_URL is read through env.ts, the one module that reads the environment.
const databaseUrl = values['database-url'] ?? loadConfig().databaseUrl;

/** The URL as printed: a password in it stays off the terminal. */
function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

const started = performance.now();
const { db, dialect } = openDatabase({ databaseUrl, dataDir });
try {
  await migrateToLatest(db);
  const summary = await seedLargeData(db, dialect, {
    scale,
    storage: new DiskStore(dataDir),
    questions: loadKorMedQuestions(questionsFile),
    log: (line) => console.log(`[seed:large ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`),
  });
  await refreshPlannerStatistics(db, dialect, 'bulk');
  const summaryFile = path.resolve(values.summary ?? path.join(dataDir, 'summary.json'));
  mkdirSync(path.dirname(summaryFile), { recursive: true });
  writeFileSync(summaryFile, `${JSON.stringify(summary, null, 2)}\n`);
  const { problemIds, students, ...short } = summary;
  console.log(JSON.stringify({ ...short, students: `${students.length} ids`, problemIds: `${problemIds.length} ids` }, null, 2));
  console.log(`summary: ${summaryFile}`);
  console.log(`seed:large finished in ${((performance.now() - started) / 1000).toFixed(1)} s (${dialect})`);
  console.log(`start the server on it: DATA_DIR=${dataDir}${databaseUrl ? ` DATABASE_URL=${withoutPassword(databaseUrl)}` : ''} node apps/server/dist/main.js`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
