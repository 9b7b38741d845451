import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as initialSchema from './migrations/2026-11-21-001-initial-schema';
import * as shortTermSearch from './migrations/2026-11-22-001-short-term-search';
import * as problemListingIndex from './migrations/2026-11-22-002-problem-listing-index';
import * as lowerCasedSearchText from './migrations/2026-11-22-003-lower-cased-search-text';
import * as answerRecord from './migrations/2026-11-24-001-answer-record';
import * as problemNotes from './migrations/2026-11-24-002-problem-notes';
import * as studySessions from './migrations/2026-11-24-020-study-sessions';
import * as reviewDeck from './migrations/2026-11-24-030-review-deck';
import * as answerStatistics from './migrations/2026-11-24-040-answer-statistics';
import * as disputesNotifications from './migrations/2026-11-24-050-disputes-notifications';
import * as choseongSearch from './migrations/2026-11-24-060-choseong-search';
import * as contentVersion from './migrations/2026-11-24-070-content-version';
import * as attemptClientId from './migrations/2026-11-25-010-attempt-client-id';
import * as choseongTrigramIndex from './migrations/2026-11-25-020-choseong-trigram-index';
import * as answerableProblems from './migrations/2026-11-25-060-answerable-problems';
import * as memberActivityVersion from './migrations/2026-11-26-010-member-activity-version';
import * as problemAnswersVersion from './migrations/2026-11-26-020-problem-answers-version';
import * as problemSearchTable from './migrations/2026-11-27-010-problem-search-table';
import * as openSolveRun from './migrations/2026-11-28-010-open-solve-run';
import * as numberedChoicesWithheldReturns from './migrations/2026-11-28-020-numbered-choices-withheld-returns';
import * as lineage from './migrations/2026-11-28-080-lineage';
import * as examDates from './migrations/2026-11-29-500-exam-dates';
import * as auditLog from './migrations/2026-11-29-700-audit-log';
import * as examTools from './migrations/2026-11-29-801-exam-tools';
import * as examReadinessIndexes from './migrations/2026-11-29-900-exam-readiness-indexes';
import * as lineageStartedFrom from './migrations/2026-12-06-187-lineage-started-from';
import * as annotationTimes from './migrations/2026-12-06-197-annotation-times';
import * as reviewCardsFittedWeights from './migrations/2026-12-06-200-review-cards-fitted-weights';
import * as lineageLead from './migrations/2026-12-06-203-lineage-lead';
import * as lineageQueuePartialIndexes from './migrations/2026-12-06-206-lineage-queue-partial-indexes';
import * as lineageVersion from './migrations/2026-12-07-211-lineage-version';
import * as examAnswersVersion from './migrations/2026-12-08-217-exam-answers-version';
import type { Database } from './schema';

// Migrations are listed here rather than read from disk, so the bundled server carries them.
const migrations: Record<string, Migration> = {
  '2026-11-21-001-initial-schema': initialSchema,
  '2026-11-22-001-short-term-search': shortTermSearch,
  '2026-11-22-002-problem-listing-index': problemListingIndex,
  '2026-11-22-003-lower-cased-search-text': lowerCasedSearchText,
  '2026-11-24-001-answer-record': answerRecord,
  '2026-11-24-002-problem-notes': problemNotes,
  '2026-11-24-020-study-sessions': studySessions,
  '2026-11-24-030-review-deck': reviewDeck,
  '2026-11-24-040-answer-statistics': answerStatistics,
  '2026-11-24-050-disputes-notifications': disputesNotifications,
  '2026-11-24-060-choseong-search': choseongSearch,
  '2026-11-24-070-content-version': contentVersion,
  '2026-11-25-010-attempt-client-id': attemptClientId,
  '2026-11-25-020-choseong-trigram-index': choseongTrigramIndex,
  '2026-11-25-060-answerable-problems': answerableProblems,
  '2026-11-26-010-member-activity-version': memberActivityVersion,
  '2026-11-26-020-problem-answers-version': problemAnswersVersion,
  '2026-11-27-010-problem-search-table': problemSearchTable,
  '2026-11-28-010-open-solve-run': openSolveRun,
  '2026-11-28-020-numbered-choices-withheld-returns': numberedChoicesWithheldReturns,
  '2026-11-28-080-lineage': lineage,
  '2026-11-29-500-exam-dates': examDates,
  '2026-11-29-700-audit-log': auditLog,
  '2026-11-29-801-exam-tools': examTools,
  '2026-11-29-900-exam-readiness-indexes': examReadinessIndexes,
  '2026-12-06-187-lineage-started-from': lineageStartedFrom,
  '2026-12-06-197-annotation-times': annotationTimes,
  '2026-12-06-200-review-cards-fitted-weights': reviewCardsFittedWeights,
  '2026-12-06-203-lineage-lead': lineageLead,
  '2026-12-06-206-lineage-queue-partial-indexes': lineageQueuePartialIndexes,
  '2026-12-07-211-lineage-version': lineageVersion,
  '2026-12-08-217-exam-answers-version': examAnswersVersion,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The names of the migrations this code knows, in order (a database moved elsewhere must have applied exactly these). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations).sort();

/**
 * Returns how many migrations it applied (a start that applied some refreshes planner statistics).
 * `schema` names the PostgreSQL schema that holds the migration bookkeeping. Kysely looks for its
 * tables across all schemas unless told, so a database shared by several schemas (the test
 * suite gives each test file its own) must say which one is meant. `inCallersTransaction`: the connection is already inside a transaction of the caller's (the
 * database move, ops/db-move.ts, creates the schema and copies the data in one), so the migrator
 * must not open its own.
 */
export async function migrateToLatest(db: Kysely<Database>, options: { schema?: string; inCallersTransaction?: boolean } = {}): Promise<number> {
  const migrator = new Migrator({
    db,
    provider,
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
    ...(options.inCallersTransaction ? { disableTransactions: true } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration failed: ${failed?.migrationName ?? ''} ${String(error)}`);
  }
  return results?.filter((r) => r.status === 'Success').length ?? 0;
}
