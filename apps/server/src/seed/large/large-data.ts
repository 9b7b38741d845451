import { sql, type InsertObject, type Kysely, type Transaction } from 'kysely';
import { parseChoiceAnswer } from '@qbank/shared/answers';
import { AUTHORITY } from '@qbank/shared/roles';
import { hashPassword } from '../../core/password';
import type { Dialect } from '../../core/db';
import type { Database } from '../../db/schema';
import { storeImage } from '../../uploads/storage';
import { renderDemoImages, type DemoImageName } from '../demo-images';
import type { FileStore } from '../../core/file-store';
import { BASIC_TOPICS, BOX_NAMES, CLINICAL_TOPICS, EXAM_KINDS, GIVEN_SYLLABLES, REPLY_TEMPLATES, SUBJECTS, SURNAMES, type SubjectSpec } from './catalog';
import { buildProblemContent, escapeHtml, loadKorMedQuestions, type ChoiceType, type KorMedQuestion, type ProblemType } from './problem-text';

// `npm run seed:large`: a large, realistic data set for benchmarks (issue 7) — 100,000 problems
// at scale 1 made from the real KorMedMCQA questions, with exams, subjects, classes, members,
// comments and boxes around them. Test data only: never shipped, never the demo data.
// Everything is planned in memory and written with multi-row inserts in one transaction;
// problems are generated and written batch by batch so their text never sits in memory at once.

export const LARGE_PASSWORD = 'qbank-large-2026';

/** Counts at scale 1; every count scales linearly, with the minimums below. */
export const SCALE_ONE = {
  problems: 100_000,
  tests: 1_000,
  subjects: 60,
  classes: 3_000,
  members: 1_500,
  replies: 20_000,
  boxes: 3_000,
  boxProblems: 20_000,
} as const;

const MINIMUM = { problems: 400, tests: 4, subjects: 4, classes: 8, members: 24, replies: 40, boxes: 8, boxProblems: 30 } as const;

export type LargeCounts = Record<keyof typeof SCALE_ONE, number>;

/** The exam the export benchmark uses has exactly this many problems. */
export const EXAM_120_SIZE = 120;

// Bound parameters per statement: SQLite allows 32,766 and PostgreSQL 65,535; stay under both.
const MAX_PARAMETERS = 30_000;

export interface LargeSeedOptions {
  scale: number;
  /** Where the server keeps uploads (the store of the same DATA_DIR or bucket). */
  storage: FileStore;
  log?: (line: string) => void;
  questions?: KorMedQuestion[];
  now?: Date;
  /** Seed of the pseudo-random choices: the same seed and scale give the same data. */
  seed?: number;
}

export interface LargeSeedSummary {
  dialect: Dialect;
  scale: number;
  durationMs: number;
  counts: LargeCounts;
  password: string;
  accounts: { student: string; lead: string; admin: string; superadmin: string };
  students: string[];
  exam120: { test_code: number; problems: number; pictures: number };
  busyExam: { test_code: number; problems: number };
  classWithProblems: { class_heritage_code: number; subject_code: number; problems: number };
  /** Three frequent terms (three or more characters), one rare term, one two-character term. */
  searchTerms: string[];
  /** Problems containing each search term (the LIKE match the product's short-query search uses). */
  searchTermCounts: Record<string, number>;
  problemIds: number[];
  studentBoxId: number;
  /** The statistics' benchmark targets: answers written, the exam most students solved, one of its problems, the student with the most history. */
  stats: { attempts: number; runs: number; test_code: number; problem_uid: number; student: string };
}

export function largeCounts(scale: number): LargeCounts {
  const counts = {} as LargeCounts;
  for (const key of Object.keys(SCALE_ONE) as Array<keyof typeof SCALE_ONE>) {
    counts[key] = Math.max(MINIMUM[key], Math.round(SCALE_ONE[key] * scale));
  }
  counts.subjects = Math.min(counts.subjects, SUBJECTS.length);
  // Room for the 120-problem exam plus ordinary exams of at least 30 problems.
  counts.tests = Math.min(counts.tests, 1 + Math.floor((counts.problems - EXAM_120_SIZE) / 30));
  counts.classes = Math.max(counts.classes, counts.subjects * 2);
  return counts;
}

// ---------------------------------------------------------------- helpers

/** mulberry32: small, fast and good enough to spread test data; seeded, so runs repeat. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const shuffle = <T>(items: T[]): T[] => {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [items[i], items[j]] = [items[j] as T, items[i] as T];
    }
    return items;
  };
  return { next, int, pick, shuffle };
}
type Random = ReturnType<typeof randomSource>;

type Trx = Transaction<Database>;

/** Multi-row inserts sized to stay under every dialect's bound-parameter limit. */
async function insertRows<T extends keyof Database & string>(trx: Trx, table: T, rows: Array<InsertObject<Database, T>>): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).length;
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns));
  for (let i = 0; i < rows.length; i += perStatement) {
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + perStatement))
      .execute();
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

function ymd(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Spread `total` over `parts` as evenly as integers allow. */
function spread(total: number, parts: number): number[] {
  return Array.from({ length: parts }, (_, i) => Math.floor(((i + 1) * total) / parts) - Math.floor((i * total) / parts));
}

function koreanName(random: Random): string {
  return `${random.pick(SURNAMES)}${random.pick(GIVEN_SYLLABLES)}${random.pick(GIVEN_SYLLABLES)}`;
}

/** grad_year such that 5 − (grad_year − current year) is the grade (@qbank/shared/grade). */
function gradYearFor(grade: number, currentYear: number): number {
  return currentYear + 5 - grade;
}

// ---------------------------------------------------------------- the seed

export async function seedLargeData(db: Kysely<Database>, dialect: Dialect, options: LargeSeedOptions): Promise<LargeSeedSummary> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  if (!Number.isFinite(options.scale) || options.scale <= 0 || options.scale > 10) {
    throw new Error(`scale must be a number above 0 and at most 10 (got ${options.scale})`);
  }
  const existing = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const existingTests = await db
    .selectFrom('tests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0 || Number(existingTests.n) > 0) {
    throw new Error(
      `seed:large fills an empty database only: this one already has ${Number(existing.n)} members and ${Number(existingTests.n)} exams. ` +
        'Use a new --data-dir or an empty PostgreSQL database.',
    );
  }

  const counts = largeCounts(options.scale);
  const questions = options.questions ?? loadKorMedQuestions();
  const now = options.now ?? new Date();
  const random = randomSource(options.seed ?? 20261121);
  log(`scale ${options.scale}: ${counts.problems} problems in ${counts.tests} exams, ${counts.members} members (${dialect})`);

  const pictures = {} as Record<DemoImageName, string>;
  for (const [name, bytes] of Object.entries(renderDemoImages()) as Array<[DemoImageName, Buffer]>) {
    pictures[name] = await storeImage(options.storage, bytes);
  }
  // One hash for everyone: scrypt at production cost takes a noticeable fraction of a second.
  const passwordHash = await hashPassword(LARGE_PASSWORD);

  const result = await db.transaction().execute(async (trx) => {
    const ctx: SeedRun = { trx, dialect, counts, questions, now, random, log, pictures, passwordHash };
    const members = await seedMembers(ctx);
    const subjects = await seedSubjects(ctx);
    const classes = await seedClasses(ctx, subjects);
    const exams = await seedExams(ctx, subjects);
    const problems = await seedProblems(ctx, exams, classes, members);
    await seedReplies(ctx, problems, members);
    const boxes = await seedBoxes(ctx, problems, members);
    const searchTerms = await chooseSearchTerms(ctx, problems);
    const statsExam = chooseBusyExam(exams);
    const answers = await seedAttempts(ctx, members, statsExam.code);
    return { members, exams, problems, boxes, searchTerms, statsExam, answers };
  });

  // A bulk load leaves PostgreSQL without planner statistics until autovacuum gets to it; a
  // benchmark started right after the seed should see the plans a settled database gets.
  // Only the seeded tables (found through the search path), never other schemas of the database.
  if (dialect === 'postgres') {
    await sql`analyze members, subjects, subject_grades, classes, tests, test_grades, set_headers, problems, problem_classes, problem_replies, boxes, box_problems, solve_runs, solve_attempts`.execute(
      db,
    );
  }
  const finalCounts = await countRows(db);
  const { members, exams, problems, boxes, searchTerms, statsExam, answers } = result;
  const exam120 = exams.find((exam) => exam.is120);
  if (!exam120) throw new Error('the 120-problem exam was not made');
  const busy = chooseBusyExam(exams);
  const busiestClass = await findBusiestClass(db);
  const student = members.students[0];
  if (!student) throw new Error('no approved student was made');
  const studentBox = boxes.find((box) => box.member_code === student.code);
  if (!studentBox) throw new Error('the summary student has no box');

  const summary: LargeSeedSummary = {
    dialect,
    scale: options.scale,
    durationMs: Math.round(performance.now() - started),
    counts: finalCounts,
    password: LARGE_PASSWORD,
    accounts: { student: student.id, lead: members.lead.id, admin: members.admin.id, superadmin: members.superadmin.id },
    students: members.students.slice(0, 200).map((m) => m.id),
    exam120: { test_code: exam120.code, problems: exam120.size, pictures: exam120.pictures },
    busyExam: { test_code: busy.code, problems: busy.size },
    classWithProblems: busiestClass,
    searchTerms: searchTerms.terms,
    searchTermCounts: searchTerms.counts,
    problemIds: problems.sampleUids,
    studentBoxId: studentBox.code,
    stats: {
      attempts: answers.attempts,
      runs: answers.runs,
      test_code: statsExam.code,
      problem_uid: await firstObjectiveProblem(db, statsExam.code),
      student: student.id,
    },
  };
  log(`done in ${(summary.durationMs / 1000).toFixed(1)} s`);
  return summary;
}

/** The most recent exam of about 100 problems (not the 120 one): the export and stats benchmarks' exam. */
function chooseBusyExam(exams: SeededExam[]): SeededExam {
  const busy = exams.filter((exam) => !exam.is120).sort((a, b) => b.year - a.year || Math.abs(a.size - 100) - Math.abs(b.size - 100))[0] ?? exams[0];
  if (!busy) throw new Error('no exam was made');
  return busy;
}

async function firstObjectiveProblem(db: Kysely<Database>, testCode: number): Promise<number> {
  const row = await db
    .selectFrom('problems')
    .select('uid')
    .where('test_code', '=', testCode)
    .where('type', '=', 1)
    .orderBy('no')
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.uid;
}

interface SeedRun {
  trx: Trx;
  dialect: Dialect;
  counts: LargeCounts;
  questions: KorMedQuestion[];
  now: Date;
  random: Random;
  log: (line: string) => void;
  pictures: Record<DemoImageName, string>;
  passwordHash: string;
}

/** The table each count of the summary is taken from. */
export const COUNTED_TABLES = {
  problems: 'problems',
  tests: 'tests',
  subjects: 'subjects',
  classes: 'classes',
  members: 'members',
  replies: 'problem_replies',
  boxes: 'boxes',
  boxProblems: 'box_problems',
} as const satisfies Record<keyof LargeCounts, keyof Database>;

async function countRows(db: Kysely<Database>): Promise<LargeCounts> {
  const counts = {} as LargeCounts;
  for (const [key, table] of Object.entries(COUNTED_TABLES) as Array<[keyof LargeCounts, keyof Database]>) {
    counts[key] = Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  }
  return counts;
}

async function findBusiestClass(db: Kysely<Database>): Promise<LargeSeedSummary['classWithProblems']> {
  const row = await db
    .selectFrom('problem_classes')
    .innerJoin('classes', 'classes.uid', 'problem_classes.class_uid')
    .select(['classes.uid', 'classes.subject_code', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['classes.uid', 'classes.subject_code'])
    .orderBy('n', 'desc')
    .orderBy('classes.uid')
    .limit(1)
    .executeTakeFirstOrThrow();
  return { class_heritage_code: row.uid, subject_code: row.subject_code, problems: Number(row.n) };
}

// ---------------------------------------------------------------- members

interface SeededMember {
  code: number;
  id: string;
  grade: number | null;
}

interface Members {
  superadmin: SeededMember;
  admin: SeededMember;
  lead: SeededMember;
  /** Approved students (no authority), in id order. */
  students: SeededMember[];
  /** Approved members of every role: they comment, write and keep boxes. */
  approved: SeededMember[];
  /** Leads and admins: the writers recorded in problems.updated_by. */
  editors: SeededMember[];
}

async function seedMembers(ctx: SeedRun): Promise<Members> {
  const { counts, random, now } = ctx;
  const currentYear = now.getUTCFullYear();
  const total = counts.members;
  const admins = Math.max(1, Math.round(total * 0.003));
  const leads = Math.max(1, Math.round(total * 0.02));
  const unapproved = Math.max(1, Math.round(total * 0.04));
  const students = total - 1 - admins - leads - unapproved;

  interface Plan {
    id: string;
    authority: number | null;
    grade: number | null;
    validated: 0 | 1;
    joinedDaysAgo: number;
  }
  const plans: Plan[] = [{ id: 'lg-super', authority: AUTHORITY.superadmin, grade: null, validated: 1, joinedDaysAgo: 3000 }];
  for (let i = 1; i <= admins; i++)
    plans.push({ id: `lg-admin-${String(i).padStart(2, '0')}`, authority: AUTHORITY.admin, grade: null, validated: 1, joinedDaysAgo: random.int(400, 2500) });
  for (let i = 1; i <= leads; i++) {
    const grade = (i % 4) + 1;
    plans.push({
      id: `lg-lead-${String(i).padStart(3, '0')}`,
      authority: AUTHORITY.lead,
      grade,
      validated: 1,
      joinedDaysAgo: grade * 365 - random.int(0, 300),
    });
  }
  for (let i = 1; i <= students; i++) {
    const grade = (i % 4) + 1;
    plans.push({ id: `lg-s${String(i).padStart(5, '0')}`, authority: null, grade, validated: 1, joinedDaysAgo: grade * 365 - random.int(0, 300) });
  }
  for (let i = 1; i <= unapproved; i++) {
    plans.push({ id: `lg-new-${String(i).padStart(3, '0')}`, authority: null, grade: 1, validated: 0, joinedDaysAgo: random.int(0, 20) });
  }

  await insertRows(
    ctx.trx,
    'members',
    plans.map((plan, index) => {
      const gradYear = plan.grade === null ? null : gradYearFor(plan.grade, currentYear);
      const joined = new Date(now.getTime() - plan.joinedDaysAgo * DAY_MS - index * 1000).toISOString();
      const name = koreanName(random);
      return {
        id: plan.id,
        name,
        nickname:
          plan.authority === null
            ? `${name.slice(1)}${index % 10 === 0 ? ` ${plan.grade}학년` : ''}`
            : `${name} ${plan.authority === AUTHORITY.lead ? '학습부장' : '관리자'}`,
        email: `${plan.id}@example.ac.kr`,
        // Student numbers: year of entering the medical course, department code 19, serial.
        school_no: `${(gradYear ?? currentYear) - 6}19${String(index + 1).padStart(5, '0')}`,
        password_hash: ctx.passwordHash,
        grad_year: gradYear,
        grade: plan.grade,
        authority: plan.authority,
        validated: plan.validated,
        token_version: 0,
        creation_time: joined,
        update_time: joined,
      };
    }),
  );
  const rows = await ctx.trx.selectFrom('members').select(['code', 'id', 'grade', 'authority', 'validated']).orderBy('id').execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const member = (id: string): SeededMember => {
    const row = byId.get(id);
    if (!row) throw new Error(`member ${id} was not written`);
    return { code: row.code, id: row.id, grade: row.grade };
  };
  const approved = rows.filter((row) => row.validated === 1).map((row) => member(row.id));
  ctx.log(`members: ${rows.length}`);
  return {
    superadmin: member('lg-super'),
    admin: member('lg-admin-01'),
    lead: member('lg-lead-001'),
    students: rows.filter((row) => row.validated === 1 && row.authority === null).map((row) => member(row.id)),
    approved,
    editors: rows.filter((row) => row.authority === AUTHORITY.lead || row.authority === AUTHORITY.admin).map((row) => member(row.id)),
  };
}

// ---------------------------------------------------------------- subjects and classes

interface SeededSubject {
  code: number;
  spec: SubjectSpec;
  /** Month its classes start in. */
  termMonth: number;
  professors: string[];
  /** Questions matching its keywords (indexes into the question list). */
  pool: number[];
}

async function seedSubjects(ctx: SeedRun): Promise<SeededSubject[]> {
  const { random, now } = ctx;
  const specs = SUBJECTS.slice(0, ctx.counts.subjects);
  await insertRows(
    ctx.trx,
    'subjects',
    specs.map((spec, i) => ({
      subject_name: spec.name,
      abbr: spec.abbr,
      type: spec.type,
      cliexam_type: spec.cliexam,
      creation_time: new Date(now.getTime() - (4400 - i) * DAY_MS).toISOString(),
    })),
  );
  const rows = await ctx.trx.selectFrom('subjects').select(['code', 'subject_name']).execute();
  const codeOf = new Map(rows.map((row) => [row.subject_name, row.code]));
  const subjects = specs.map((spec, i): SeededSubject => {
    const code = codeOf.get(spec.name);
    if (code === undefined) throw new Error(`subject ${spec.name} was not written`);
    const pool = spec.keywords.length === 0 ? [] : ctx.questions.flatMap((q, index) => (spec.keywords.some((k) => q.question.includes(k)) ? [index] : []));
    return {
      code,
      spec,
      termMonth: [3, 4, 5, 8, 9, 10][i % 6] as number,
      professors: Array.from({ length: 3 }, () => `${koreanName(random)} 교수`),
      pool,
    };
  });
  await insertRows(
    ctx.trx,
    'subject_grades',
    subjects.flatMap((s) => s.spec.grades.map((grade) => ({ subject_code: s.code, grade }))),
  );
  ctx.log(`subjects: ${subjects.length}`);
  return subjects;
}

interface SeededClass {
  uid: number;
  date: string;
}

/** Classes by subject code, then year. */
type ClassIndex = Map<number, Map<number, SeededClass[]>>;

function examYears(now: Date): number[] {
  const current = now.getUTCFullYear();
  return Array.from({ length: current - 2015 + 1 }, (_, i) => 2015 + i);
}

function classDate(year: number, month: number, week: number, weekday: number): Date {
  return new Date(Date.UTC(year, month - 1, 2 + week * 7 + weekday));
}

async function seedClasses(ctx: SeedRun, subjects: SeededSubject[]): Promise<ClassIndex> {
  const years = examYears(ctx.now);
  const slots = subjects.flatMap((subject) => years.map((year) => ({ subject, year })));
  const perSlot = spread(ctx.counts.classes, slots.length);
  const rows: Array<InsertObject<Database, 'classes'>> = [];
  slots.forEach(({ subject, year }, i) => {
    const topics = subject.spec.type === 1 ? CLINICAL_TOPICS : BASIC_TOPICS;
    const n = perSlot[i] ?? 0;
    for (let k = 0; k < n; k++) {
      // One lecture a week (weekdays only), so (subject, date, period) never repeats.
      const date = classDate(year, subject.termMonth, k, k % 5);
      if (date.getTime() > ctx.now.getTime()) continue;
      rows.push({
        subject_code: subject.code,
        class_name: `${subject.spec.name} ${k + 1}강: ${topics[k % topics.length]}`,
        class_date: ymd(date),
        class_time: (k % 8) + 1,
        professor: subject.professors[k % subject.professors.length] ?? null,
        creation_time: new Date(date.getTime() - 7 * DAY_MS).toISOString(),
      });
    }
  });
  await insertRows(ctx.trx, 'classes', rows);
  const written = await ctx.trx.selectFrom('classes').select(['uid', 'subject_code', 'class_date']).orderBy('class_date').execute();
  const index: ClassIndex = new Map();
  for (const row of written) {
    const year = Number(row.class_date.slice(0, 4));
    const bySubject = index.get(row.subject_code) ?? new Map<number, SeededClass[]>();
    index.set(row.subject_code, bySubject);
    const list = bySubject.get(year) ?? [];
    bySubject.set(year, list);
    list.push({ uid: row.uid, date: row.class_date });
  }
  ctx.log(`classes: ${written.length}`);
  return index;
}

// ---------------------------------------------------------------- exams

interface SeededExam {
  code: number;
  name: string;
  year: number;
  time: string;
  subject: SeededSubject;
  size: number;
  is120: boolean;
  /** Picture fields filled in its problems (set by seedProblems). */
  pictures: number;
  header?: { code: number; begin: number; end: number };
}

function examSizes(ctx: SeedRun): number[] {
  const { counts, random } = ctx;
  const others = counts.tests - 1;
  const rest = counts.problems - EXAM_120_SIZE;
  const average = rest / others;
  // Ordinary exams never have exactly 120 problems, so the benchmark's exam is the only one.
  const sizes = Array.from({ length: others }, () => Math.max(20, Math.round(average * (0.6 + 0.8 * random.next())))).map((size) =>
    size === EXAM_120_SIZE ? size + 1 : size,
  );
  // Bring the sum to exactly `rest`, one problem at a time over the exams, never onto 120.
  let difference = rest - sizes.reduce((a, b) => a + b, 0);
  for (let i = 0; difference !== 0; i = (i + 1) % others) {
    const step = Math.sign(difference);
    const next = (sizes[i] as number) + step;
    if (next < 20 || next === EXAM_120_SIZE) continue;
    sizes[i] = next;
    difference -= step;
  }
  return sizes;
}

async function seedExams(ctx: SeedRun, subjects: SeededSubject[]): Promise<SeededExam[]> {
  const { random, now } = ctx;
  const years = examYears(now);
  const sizes = examSizes(ctx);
  // The 120-problem exam: last year's clinical exam, so it reads like the ones students export.
  const planned: Array<{ subject: SeededSubject; year: number; size: number; is120: boolean }> = [
    {
      subject: subjects.find((s) => s.spec.type === 1) ?? (subjects[0] as SeededSubject),
      year: years.at(-2) ?? now.getUTCFullYear(),
      size: EXAM_120_SIZE,
      is120: true,
    },
  ];
  sizes.forEach((size, i) => {
    planned.push({
      subject: subjects[i % subjects.length] as SeededSubject,
      year: years[Math.floor((i * years.length) / sizes.length)] as number,
      size,
      is120: false,
    });
  });
  const kindCounter = new Map<string, number>();
  const latest = now.getTime() - 2 * DAY_MS;
  const exams = planned.map((plan) => {
    const key = `${plan.subject.code}:${plan.year}`;
    const n = kindCounter.get(key) ?? 0;
    kindCounter.set(key, n + 1);
    const kind = EXAM_KINDS[n] ?? `추가 평가 ${n - EXAM_KINDS.length + 1}차`;
    const date = new Date(Date.UTC(plan.year, plan.subject.termMonth - 1, 10 + (n + 1) * 14 + random.int(0, 4), 1));
    const time = new Date(Math.min(date.getTime(), latest - random.int(0, 30) * DAY_MS)).toISOString();
    return { ...plan, name: `${plan.year} ${plan.subject.spec.name} ${kind}`, time };
  });
  await insertRows(
    ctx.trx,
    'tests',
    exams.map((exam) => ({ test_name: exam.name, year: exam.year, subject_code: exam.subject.code, creation_time: exam.time, update_time: exam.time })),
  );
  const rows = await ctx.trx.selectFrom('tests').select(['code', 'test_name']).execute();
  const codeOf = new Map(rows.map((row) => [row.test_name, row.code]));
  const seeded = exams.map((exam): SeededExam => {
    const code = codeOf.get(exam.name);
    if (code === undefined) throw new Error(`exam ${exam.name} was not written`);
    return { ...exam, code, pictures: 0 };
  });
  await insertRows(
    ctx.trx,
    'test_grades',
    seeded.flatMap((exam) => exam.subject.spec.grades.map((grade) => ({ test_code: exam.code, grade }))),
  );
  ctx.log(`exams: ${seeded.length}`);
  return seeded;
}

// ---------------------------------------------------------------- problems

interface SlotPlan {
  type: ProblemType;
  choiceType: ChoiceType | null;
  no: number;
  questionPic: DemoImageName | null;
  commentPic: DemoImageName | null;
}

const SLIDE_PICTURES: DemoImageName[] = ['chestXray', 'bloodSmear', 'ecgStemi', 'liverPanel', 'ecgNormal'];

function chooseChoiceType(random: Random): ChoiceType {
  const r = random.next();
  return r < 0.6 ? 5 : r < 0.75 ? 4 : r < 0.85 ? 2 : 1;
}

/** The slots of one exam: multiple choice first, then essays, then slides, each numbered from 1. */
function planSlots(random: Random, exam: SeededExam): SlotPlan[] {
  let essays: number;
  let slides: number;
  if (exam.is120) {
    essays = 12;
    slides = 8;
  } else if (random.next() < 0.25) {
    essays = 0;
    slides = 0; // a multiple-choice-only exam
  } else {
    essays = Math.round(exam.size * (0.05 + 0.07 * random.next()));
    slides = Math.round(exam.size * (0.02 + 0.05 * random.next()));
  }
  const mcq = exam.size - essays - slides;
  const slots: SlotPlan[] = [];
  for (let no = 1; no <= mcq; no++) {
    const pictureRoll = random.next();
    slots.push({
      type: 1,
      choiceType: chooseChoiceType(random),
      no,
      questionPic: exam.is120 ? (no === 7 || no === 42 ? 'chestXray' : null) : pictureRoll < 0.01 ? random.pick(SLIDE_PICTURES) : null,
      commentPic: exam.is120 ? (no === 15 ? 'ecgNormal' : null) : pictureRoll > 0.99 ? 'ecgNormal' : null,
    });
  }
  for (let no = 1; no <= essays; no++) slots.push({ type: 2, choiceType: null, no, questionPic: null, commentPic: null });
  for (let no = 1; no <= slides; no++) {
    const withPicture = exam.is120 || random.next() < 0.35;
    slots.push({
      type: 4,
      choiceType: null,
      no,
      questionPic: withPicture ? (SLIDE_PICTURES[no % SLIDE_PICTURES.length] as DemoImageName) : null,
      commentPic: null,
    });
  }
  return slots;
}

interface ProblemFacts {
  answer: string;
  choice: string;
  year: number;
  /** When its exam was written: comments come later. */
  time: string;
}

interface SeededProblems {
  /** All problem uids, for replies and boxes. */
  uids: number[];
  /** Official answer and correct choice of each problem (short), for comment text. */
  answers: Map<number, ProblemFacts>;
  /** uids of the 120-problem exam and the problems sampled for the summary. */
  exam120Uids: number[];
  sampleUids: number[];
  /** How often each question was used, to find a rare search term. */
  uses: number[];
}

const PROBLEM_BATCH = 1_000;

/** The subject's lectures of the exam's year up to the exam; else the nearest year that has any. */
function lecturesBefore(classes: ClassIndex, exam: SeededExam): SeededClass[] {
  const byYear = classes.get(exam.subject.code);
  if (!byYear) return [];
  const sameYear = byYear.get(exam.year) ?? [];
  const beforeExam = sameYear.filter((c) => c.date <= exam.time.slice(0, 10));
  if (beforeExam.length > 0) return beforeExam;
  if (sameYear.length > 0) return sameYear;
  const nearest = [...byYear.keys()].sort((a, b) => Math.abs(a - exam.year) - Math.abs(b - exam.year) || a - b)[0];
  return nearest === undefined ? [] : (byYear.get(nearest) ?? []);
}

async function seedProblems(ctx: SeedRun, exams: SeededExam[], classes: ClassIndex, members: Members): Promise<SeededProblems> {
  const { random, questions, trx } = ctx;
  const uses = new Array<number>(questions.length).fill(0);
  const globalOrder = random.shuffle(questions.map((_, i) => i));
  let globalCursor = 0;
  const nextQuestion = (exam: SeededExam): number => {
    const pool = exam.subject.pool;
    if (pool.length >= 20 && random.next() < 0.7) return random.pick(pool);
    const index = globalOrder[globalCursor % globalOrder.length] as number;
    globalCursor += 1;
    return index;
  };

  // Set headers first: the problems in their range point at them.
  const headerRows: Array<InsertObject<Database, 'set_headers'>> = [];
  const plannedHeaders = new Map<number, { begin: number; end: number }>();
  const slotsByExam = new Map<number, SlotPlan[]>();
  for (const exam of exams) {
    const slots = planSlots(random, exam);
    slotsByExam.set(exam.code, slots);
    const mcq = slots.filter((s) => s.type === 1).length;
    if (mcq >= 10 && (exam.is120 || random.next() < 0.3)) {
      const begin = exam.is120 ? 31 : random.int(1, mcq - 3);
      const end = begin + (exam.is120 ? 2 : random.int(1, 2));
      const vignette = questions[nextQuestion(exam)] as KorMedQuestion;
      plannedHeaders.set(exam.code, { begin, end });
      headerRows.push({
        test_code: exam.code,
        type: random.next() < 0.5 ? 1 : 2,
        begin_problem_no: begin,
        end_problem_no: end,
        header_text: `<p>[${begin}-${end}] 다음 증례를 읽고 물음에 답하시오.</p><p>${escapeHtml(vignette.question)}</p>`,
        pic_path: null,
      });
    }
  }
  await insertRows(trx, 'set_headers', headerRows);
  for (const row of await trx.selectFrom('set_headers').select(['code', 'test_code', 'begin_problem_no', 'end_problem_no']).execute()) {
    const exam = exams.find((e) => e.code === row.test_code);
    if (exam) exam.header = { code: row.code, begin: row.begin_problem_no, end: row.end_problem_no };
  }

  const answers = new Map<string, ProblemFacts>();
  const links: Array<{ key: string; classUid: number }> = [];
  let batch: Array<InsertObject<Database, 'problems'>> = [];
  let written = 0;
  const flush = async () => {
    await insertRows(trx, 'problems', batch);
    const done = batch.length;
    written += done;
    batch = [];
    if (Math.floor(written / 10_000) > Math.floor((written - done) / 10_000) || (written === ctx.counts.problems && done > 0)) {
      ctx.log(`problems: ${written}/${ctx.counts.problems}`);
    }
  };

  for (const exam of exams) {
    const slots = slotsByExam.get(exam.code) ?? [];
    const classPool = lecturesBefore(classes, exam);
    for (const slot of slots) {
      const qIndex = nextQuestion(exam);
      const q = questions[qIndex] as KorMedQuestion;
      const replica = uses[qIndex] ?? 0;
      uses[qIndex] = replica + 1;
      const content = buildProblemContent(q, { type: slot.type, choiceType: slot.choiceType, replica, no: slot.no, examLabel: exam.name });
      const inHeader = exam.header && slot.type === 1 && slot.no >= exam.header.begin && slot.no <= exam.header.end;
      const questionPic = slot.questionPic ? ctx.pictures[slot.questionPic] : null;
      const commentPic = slot.commentPic ? ctx.pictures[slot.commentPic] : null;
      exam.pictures += (questionPic ? 1 : 0) + (commentPic ? 1 : 0);
      const writer = random.next() < 0.7 ? random.pick(members.editors) : random.pick(members.approved);
      batch.push({
        test_code: exam.code,
        no: slot.no,
        type: slot.type,
        choice_type: slot.choiceType,
        question: content.question,
        question_text: content.question_text,
        illustration: content.illustration,
        answer: content.answer,
        comments: content.comments,
        is_vacant: 0,
        question_pic_path: questionPic,
        answer_pic_path: null,
        comment_pic_path: commentPic,
        search_text: content.search_text,
        set_header_code: inHeader ? (exam.header?.code ?? null) : null,
        updated_by: writer.code,
        creation_time: exam.time,
        update_time: exam.time,
      });
      const key = `${exam.code}:${slot.type}:${slot.no}`;
      const correct = q.choices[(q.answer[0] as number) - 1] as string;
      answers.set(key, {
        answer: content.answer.length <= 2 ? content.answer : correct,
        choice: correct.length > 40 ? `${correct.slice(0, 40)}…` : correct,
        year: exam.year,
        time: exam.time,
      });
      // Most problems belong to one lecture of the subject that year, a few to two.
      if (classPool.length > 0 && random.next() < 0.85) {
        const first = random.pick(classPool);
        links.push({ key, classUid: first.uid });
        const second = random.pick(classPool);
        if (second.uid !== first.uid && random.next() < 0.08) links.push({ key, classUid: second.uid });
      }
      if (batch.length >= PROBLEM_BATCH) await flush();
    }
  }
  await flush();
  // The product never relies on plans or statement order: uids are read back by (exam, type, number).
  const rows = await trx.selectFrom('problems').select(['uid', 'test_code', 'type', 'no']).orderBy('uid').execute();
  const uidOf = new Map(rows.map((row) => [`${row.test_code}:${row.type}:${row.no}`, row.uid]));
  const uid = (key: string): number => {
    const value = uidOf.get(key);
    if (value === undefined) throw new Error(`problem ${key} was not written`);
    return value;
  };
  await insertRows(
    trx,
    'problem_classes',
    links.map((link) => ({ problem_uid: uid(link.key), class_uid: link.classUid })),
  );
  ctx.log(`problem-class links: ${links.length}`);

  const exam120 = exams.find((exam) => exam.is120);
  const exam120Uids = rows.filter((row) => row.test_code === exam120?.code).map((row) => row.uid);
  const uids = rows.map((row) => row.uid);
  const sampleUids = random
    .shuffle([...uids])
    .slice(0, Math.min(500, uids.length))
    .sort((a, b) => a - b);
  const answersByUid = new Map([...answers].map(([key, value]) => [uid(key), value]));
  return { uids, answers: answersByUid, exam120Uids, sampleUids, uses };
}

// ---------------------------------------------------------------- replies and boxes

async function seedReplies(ctx: SeedRun, problems: SeededProblems, members: Members): Promise<void> {
  const { random, now } = ctx;
  // A third of the comments gather on the problems benchmarks read, so their threads are long.
  const hot = [...problems.exam120Uids, ...problems.sampleUids];
  const rows: Array<InsertObject<Database, 'problem_replies'>> = [];
  for (let i = 0; i < ctx.counts.replies; i++) {
    const problemUid = random.next() < 0.33 && hot.length > 0 ? random.pick(hot) : random.pick(problems.uids);
    const facts = problems.answers.get(problemUid);
    const text = random
      .pick(REPLY_TEMPLATES)
      .replaceAll('{answer}', facts?.answer ?? '')
      .replaceAll('{choice}', facts?.choice ?? '')
      .replaceAll('{year}', String(facts?.year ?? now.getUTCFullYear()));
    const start = facts ? new Date(facts.time).getTime() : now.getTime() - 30 * DAY_MS;
    const time = new Date(start + random.next() * Math.max(DAY_MS, now.getTime() - DAY_MS - start)).toISOString();
    rows.push({ problem_uid: problemUid, member_code: random.pick(members.approved).code, reply_text: text, creation_time: time, update_time: time });
  }
  await insertRows(ctx.trx, 'problem_replies', rows);
  ctx.log(`replies: ${rows.length}`);
}

interface SeededBox {
  code: number;
  member_code: number;
}

async function seedBoxes(ctx: SeedRun, problems: SeededProblems, members: Members): Promise<SeededBox[]> {
  const { random, now } = ctx;
  const student = members.students[0];
  if (!student) throw new Error('no approved student for boxes');
  const rows: Array<InsertObject<Database, 'boxes'>> = [];
  const owners: SeededMember[] = [student, student];
  while (owners.length < ctx.counts.boxes) owners.push(random.pick(members.approved));
  const perMember = new Map<number, number>();
  const slotsTaken = new Set<string>();
  for (const owner of owners) {
    const precidence = perMember.get(owner.code) ?? 0;
    perMember.set(owner.code, precidence + 1);
    // Solve mode's two boxes (1 important, 2 wrong answers), at most one of each per member.
    let solveSlot: number | null = null;
    if (owner !== student && random.next() < 0.15) {
      const slot = random.next() < 0.5 ? 1 : 2;
      if (!slotsTaken.has(`${owner.code}:${slot}`)) solveSlot = slot;
    }
    if (solveSlot !== null) slotsTaken.add(`${owner.code}:${solveSlot}`);
    const name = solveSlot === 1 ? '중요 문제' : solveSlot === 2 ? '오답 노트' : `${random.pick(BOX_NAMES)}${precidence > 0 ? ` ${precidence + 1}` : ''}`;
    rows.push({
      member_code: owner.code,
      box_name: name,
      precidence,
      solve_slot: solveSlot,
      creation_time: new Date(now.getTime() - random.int(1, 700) * DAY_MS).toISOString(),
    });
  }
  await insertRows(ctx.trx, 'boxes', rows);
  const boxes = await ctx.trx.selectFrom('boxes').select(['code', 'member_code', 'creation_time']).orderBy('code').execute();

  const perBox = spread(ctx.counts.boxProblems, boxes.length).map((n) => Math.min(n, problems.uids.length));
  const itemRows: Array<InsertObject<Database, 'box_problems'>> = [];
  boxes.forEach((box, i) => {
    const chosen = new Set<number>();
    // A box gathers problems around one place in the bank (one subject's exams), plus strays.
    const anchor = random.int(0, problems.uids.length - 1);
    const want = perBox[i] ?? 0;
    while (chosen.size < want) {
      const near = random.next() < 0.7;
      const index = near ? (anchor + random.int(0, 400)) % problems.uids.length : random.int(0, problems.uids.length - 1);
      chosen.add(problems.uids[index] as number);
    }
    const start = new Date(box.creation_time).getTime();
    for (const problemUid of chosen) {
      itemRows.push({
        box_code: box.code,
        problem_uid: problemUid,
        creation_time: new Date(start + random.next() * Math.max(DAY_MS, now.getTime() - start)).toISOString(),
      });
    }
  });
  await insertRows(ctx.trx, 'box_problems', itemRows);
  ctx.log(`boxes: ${boxes.length}, box problems: ${itemRows.length}`);
  return boxes;
}

// ---------------------------------------------------------------- search terms

// Medical words of the source questions (never of the generated explanation text, which every problem has).
const FREQUENT_CANDIDATES = ['혈액검사', '당뇨병', '항생제', '고혈압', '호흡곤란', '검사결과'];
const TWO_CHARACTER_CANDIDATES = ['폐렴', '두통', '빈혈', '치료'];

async function countMatches(ctx: SeedRun, term: string): Promise<number> {
  const operator = ctx.dialect === 'postgres' ? sql`ilike` : sql`like`;
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // The search rows (migration 2026-11-27-010): the problems' search indexes live there.
  const row = await ctx.trx
    .selectFrom('problem_search')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(sql<boolean>`search_text ${operator} ${pattern} escape '\\'`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Terms the benchmark searches for: the three most frequent medical terms of three or more
 * characters (the trigram path), one rare word (a word found in only one source question), and
 * a two-character term (the LIKE path). Counted in the database, as the product matches them.
 */
async function chooseSearchTerms(ctx: SeedRun, problems: SeededProblems): Promise<{ terms: string[]; counts: Record<string, number> }> {
  const counts: Record<string, number> = {};
  const frequent: Array<[string, number]> = [];
  for (const term of FREQUENT_CANDIDATES) frequent.push([term, await countMatches(ctx, term)]);
  frequent.sort((a, b) => b[1] - a[1]);
  const top = frequent.slice(0, 3);

  let twoCharacter: [string, number] = ['폐렴', 0];
  for (const term of TWO_CHARACTER_CANDIDATES) {
    const n = await countMatches(ctx, term);
    if (n > 0) {
      twoCharacter = [term, n];
      break;
    }
  }

  // A Hangul word of 4+ syllables that occurs in exactly one source question and nowhere else.
  const wordsIn = (q: KorMedQuestion) => new Set(`${q.question} ${q.choices.join(' ')}`.match(/[가-힣]{4,}/g) ?? []);
  const frequency = new Map<string, number>();
  for (const q of ctx.questions) for (const word of wordsIn(q)) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const used = ctx.questions
    .map((q, index) => ({ q, uses: problems.uses[index] ?? 0 }))
    .filter((entry) => entry.uses > 0)
    .sort((a, b) => a.uses - b.uses || a.q.id.localeCompare(b.q.id));
  let rare: [string, number] | undefined;
  for (const entry of used) {
    const word = [...(entry.q.question.match(/[가-힣]{4,}/g) ?? [])].find((w) => frequency.get(w) === 1);
    if (!word) continue;
    const n = await countMatches(ctx, word);
    if (n > 0) {
      rare = [word, n];
      break;
    }
  }
  const chosen = [...top, ...(rare ? [rare] : []), twoCharacter];
  for (const [term, n] of chosen) counts[term] = n;
  ctx.log(`search terms: ${chosen.map(([term, n]) => `${term} (${n})`).join(', ')}`);
  return { terms: chosen.map(([term]) => term), counts };
}

// ---------------------------------------------------------------- answers (issue 14: statistics)

/** Answers (solve_attempts rows) at scale 1: the statistics' benchmark needs a million. */
export const ATTEMPTS_SCALE_ONE = 1_000_000;
const MINIMUM_ATTEMPTS = 2_000;
/** Share of the approved students who solved the stats exam: its item analysis ranks them all. */
const STATS_EXAM_SHARE = 0.6;
/** Exams the summary student solved (their own stats are the benchmark's /v1/stats/me). */
const SUMMARY_STUDENT_EXAMS = 12;
const ANSWER_SPACING_MS = 40_000;

export function plannedAttempts(scale: number): number {
  return Math.max(MINIMUM_ATTEMPTS, Math.round(ATTEMPTS_SCALE_ONE * scale));
}

/** One sitting of the seeded answers: a member answering one exam from a start time, in solve mode or a study session. */
interface AnswerSitting {
  member: SeededMember;
  ability: number;
  examCode: number;
  start: number;
  source: 'solve' | 'session';
}

/**
 * Students solve whole exams (objective problems) until the planned number of answers is
 * reached: first the stats exam by most of the students, then exams picked at random (recent
 * years more often). About one wrong answer in five is practised again a day later. Sittings are
 * planned first so their solve runs go in with one multi-row insert; answers are written in batches.
 */
async function seedAttempts(ctx: SeedRun, members: Members, statsExamCode: number): Promise<{ attempts: number; runs: number }> {
  const { trx, random, now } = ctx;
  const target = plannedAttempts(ctx.counts.problems / SCALE_ONE.problems);
  const rows = await trx
    .selectFrom('problems')
    .select(['uid', 'test_code', 'answer', 'choice_type'])
    .where('type', '=', 1)
    .orderBy('test_code')
    .orderBy('no')
    .execute();
  const byExam = new Map<number, Array<{ uid: number; key: number; options: number; ease: number }>>();
  for (const row of rows) {
    const options = row.choice_type === 4 ? 4 : 5;
    const key = Math.min(options, parseChoiceAnswer(row.answer)?.[0] ?? 1);
    const list = byExam.get(row.test_code) ?? [];
    list.push({ uid: row.uid, key, options, ease: random.next() });
    byExam.set(row.test_code, list);
  }
  const examCodes = [...byExam.keys()];
  const size = (code: number) => byExam.get(code)?.length ?? 0;
  const abilities = new Map(members.students.map((m) => [m.code, 0.3 + random.next() * 0.65]));
  const solved = new Set<string>();
  const sittings: AnswerSitting[] = [];
  let planned = 0;
  // Planned a little past the target (retries are fewer than planned for); writing stops at the target.
  const planCap = target * 1.2;
  const plan = (member: SeededMember, examCode: number): boolean => {
    const key = `${member.code}:${examCode}`;
    if (solved.has(key) || size(examCode) === 0 || planned >= planCap) return false;
    solved.add(key);
    const start = now.getTime() - random.int(0, 119) * DAY_MS - random.int(1, 12) * 3_600_000;
    sittings.push({ member, ability: abilities.get(member.code) ?? 0.6, examCode, start, source: random.next() < 0.8 ? 'solve' : 'session' });
    planned += Math.round(size(examCode) * 1.1);
    return true;
  };
  const summaryStudent = members.students[0];
  if (summaryStudent) {
    plan(summaryStudent, statsExamCode);
    for (let i = 0; i < SUMMARY_STUDENT_EXAMS * 3 && sittings.length < SUMMARY_STUDENT_EXAMS; i++) plan(summaryStudent, random.pick(examCodes));
  }
  for (const member of members.students.slice(0, Math.round(members.students.length * STATS_EXAM_SHARE))) plan(member, statsExamCode);
  for (let guard = 0; planned < planCap && guard < target; guard++) {
    plan(
      random.pick(members.students),
      random.next() < 0.5 ? (examCodes[examCodes.length - 1 - random.int(0, Math.min(50, examCodes.length - 1))] as number) : random.pick(examCodes),
    );
  }

  // Solve runs for the solve-mode sittings, read back by (member, exam).
  const solveSittings = sittings.filter((s) => s.source === 'solve');
  await insertRows(
    trx,
    'solve_runs',
    solveSittings.map((s) => ({ member_code: s.member.code, test_code: s.examCode, creation_time: new Date(s.start).toISOString() })),
  );
  const runOf = new Map<string, number>();
  for (const run of await trx.selectFrom('solve_runs').select(['code', 'member_code', 'test_code']).execute())
    runOf.set(`${run.member_code}:${run.test_code}`, run.code);

  let buffer: Array<InsertObject<Database, 'solve_attempts'>> = [];
  let written = 0;
  const flush = async () => {
    await insertRows(trx, 'solve_attempts', buffer);
    written += buffer.length;
    buffer = [];
    ctx.log(`answers: ${written}/${target}`);
  };
  sittings.sort((a, b) => a.start - b.start);
  for (const s of sittings) {
    const runCode = s.source === 'solve' ? (runOf.get(`${s.member.code}:${s.examCode}`) ?? null) : null;
    const retries: Array<{ uid: number; key: number }> = [];
    for (const [j, problem] of (byExam.get(s.examCode) ?? []).entries()) {
      if (written + buffer.length >= target) break;
      const right = random.next() < Math.min(0.97, Math.max(0.05, s.ability + (problem.ease - 0.5) * 0.8));
      // A wrong answer is any other option of the problem.
      const chosen = right ? problem.key : ((problem.key + random.int(0, problem.options - 2)) % problem.options) + 1;
      buffer.push({
        run_code: runCode,
        member_code: s.member.code,
        problem_uid: problem.uid,
        answer: CIRCLED_ANSWERS[chosen - 1] as string,
        is_correct: right ? 1 : 0,
        creation_time: new Date(s.start + j * ANSWER_SPACING_MS).toISOString(),
        source: s.source,
        session_code: null,
        judged_by: 'machine',
      });
      if (!right && random.next() < 0.2) retries.push(problem);
    }
    for (const [j, problem] of retries.entries()) {
      if (written + buffer.length >= target) break;
      buffer.push({
        run_code: null,
        member_code: s.member.code,
        problem_uid: problem.uid,
        answer: CIRCLED_ANSWERS[problem.key - 1] as string,
        is_correct: 1,
        creation_time: new Date(s.start + DAY_MS + j * ANSWER_SPACING_MS).toISOString(),
        source: 'review',
        session_code: null,
        judged_by: 'machine',
      });
    }
    if (buffer.length >= 20_000) await flush();
  }
  if (buffer.length > 0) await flush();
  return { attempts: written, runs: solveSittings.length };
}

const CIRCLED_ANSWERS = ['①', '②', '③', '④', '⑤'] as const;
