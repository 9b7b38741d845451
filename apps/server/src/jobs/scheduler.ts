import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { purgeExpiredAudit } from '../audit/service';
import { deletePasswordChangesEndedBefore } from '../auth/repository';
import type { Db } from '../core/db';
import { sendExamReminders } from '../exam-dates/reminders';
import { fitMemoryModels } from '../exam-dates/memory-fit';
import { countJobRun } from '../metrics/registry';
import { tryTakeLease } from './repository';

// Periodic work that must run once per period across all processes: each process wakes up on
// its own timer, and only the one that takes the job's lease in the database (jobs/repository)
// does the work; the lease lasts the period, so the others skip until it runs out. A process
// that dies mid-period simply lets the lease run out.

export interface ScheduledJob {
  name: string;
  periodMs: number;
  run(db: Db, now: Date): Promise<string>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const scheduledJobs: ScheduledJob[] = [
  {
    // A request keeps a token hash and the new password's hash; a day after it ended it serves
    // no check any more (the per-member limit looks back one hour).
    name: 'purge-password-changes',
    periodMs: 60 * 60 * 1000,
    async run(db, now) {
      const removed = await deletePasswordChangesEndedBefore(db, new Date(now.getTime() - DAY_MS).toISOString());
      return `${removed} ended password-change requests removed`;
    },
  },
  {
    // Exams a week and a day away (issue 29): each reminder is claimed once, so an hourly run
    // that lands twice in a day sends nothing new.
    name: 'exam-reminders',
    periodMs: 60 * 60 * 1000,
    async run(db, now) {
      return `${await sendExamReminders(db, now)} exam reminders sent`;
    },
  },
  {
    // Each member's own FSRS parameters (decision 153): the optimizer runs here, off the request
    // path, and only for members whose history grew since their last fit.
    name: 'fit-memory-models',
    periodMs: 6 * 60 * 60 * 1000,
    async run(db) {
      return `${await fitMemoryModels(db)} members' memory models fitted`;
    },
  },
  {
    // Audit entries older than the retention period (a setting, decision 161); the only delete
    // the audit log's triggers let through.
    name: 'purge-audit-log',
    periodMs: 6 * 60 * 60 * 1000,
    async run(db, now) {
      const removed = await purgeExpiredAudit(db, now);
      return `${removed} audit entries past the retention period removed`;
    },
  },
];

/** A name for this process in the lease table. */
function processOwner(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/** Runs `job` if this process takes its lease now; returns whether it ran. */
export async function runIfLeased(db: Db, job: ScheduledJob, owner: string, log: FastifyBaseLogger, now = new Date()): Promise<boolean> {
  if (!(await tryTakeLease(db, job.name, owner, job.periodMs, now.getTime()))) return false;
  let summary: string;
  try {
    summary = await job.run(db, now);
  } catch (error) {
    countJobRun(job.name, 'failed');
    throw error;
  }
  countJobRun(job.name, 'ok');
  log.info({ job: job.name }, summary);
  return true;
}

/** Starts the timers; the returned function stops them (on close). Timers never hold the process open. */
export function startScheduledJobs(db: Db, log: FastifyBaseLogger, jobs: ScheduledJob[] = scheduledJobs): () => void {
  const owner = processOwner();
  const timers = jobs.map((job) => {
    const tick = () => {
      runIfLeased(db, job, owner, log).catch((error: unknown) => log.error({ err: error, job: job.name }, 'scheduled job failed'));
    };
    // The first run a minute after start, so a rolling restart does not stampede the lease.
    const first = setTimeout(tick, 60_000);
    const every = setInterval(tick, Math.min(job.periodMs, 15 * 60 * 1000));
    first.unref();
    every.unref();
    return [first, every] as const;
  });
  return () => {
    for (const [first, every] of timers) {
      clearTimeout(first);
      clearInterval(every);
    }
  };
}
