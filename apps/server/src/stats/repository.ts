import { sql, type RawBuilder } from 'kysely';
import { perPollPhaseByIntegerKey } from '../core/batched-reads';
import type { Db, DbOrTx, Dialect } from '../core/db';
import { visibleProblems } from '../visibility/visible-problems';
import type { AnswersAtScore } from './figures';
import { hasVerdict } from '../answers/verdict-sql';

// Every statistic's SQL lives in this one module. Each query aggregates in the database and
// returns one row per subject, day, exam, distinct answer text or score: never one per attempt.
//
// "First answer" = a member's earliest row (smallest code) for a problem: repeated practice does
// not move the class's figures. The indexes (problem_uid, member_code, code) and
// (member_code, problem_uid, code) serve the MIN(code) groupings; migration 040 adds
// (member_code, creation_time) for the activity by day.

/**
 * Which problems count in any statistic (p = problems). Vacant slots never do. This is the one
 * place a further exclusion (e.g. voided problems) belongs.
 */
// Counted in statistics: written problems that are not voided (문항 무효 takes a problem out of scoring, decision 103).
const countedProblem = (alias: string): RawBuilder<boolean> => sql<boolean>`${visibleProblems(alias)} and ${sql.ref(`${alias}.is_voided`)} = 0`;

/** Objective problems: the ones scored by the machine (multiple choice). */
const OBJECTIVE_TYPE = 1;

/** The Asia/Seoul calendar day (YYYY-MM-DD) of an ISO-8601 UTC text column (Korea has no DST). */
function seoulDay(dialect: Dialect, column: string): RawBuilder<string> {
  const ref = sql.ref(column);
  return dialect === 'postgres' ? sql<string>`to_char(${ref}::timestamp + interval '9 hours', 'YYYY-MM-DD')` : sql<string>`date(${ref}, '+9 hours')`;
}

// ---------------------------------------------------------------- a member's own figures

/**
 * The member's first judged answer to each problem: an essay answer still waiting for their
 * 맞음 / 틀림 counts in no figure until judged, and then as the verdict says (decision 075).
 */
function myFirstJudgedAnswers(memberCode: number) {
  return sql`select a.problem_uid as problem_uid, min(a.code) as code
    from solve_attempts a join problems ap on ap.uid = a.problem_uid
    where a.member_code = ${memberCode} and ${hasVerdict('a', 'ap')}
    group by a.problem_uid`;
}

/** The member's first answers grouped by subject (self-judged ones counted separately too). */
export async function myFirstAnswersBySubject(db: DbOrTx, memberCode: number) {
  const { rows } = await sql<{ subject_code: number; subject_name: string; answered: number; correct: number; self_judged: number }>`
    select s.code as subject_code, s.subject_name as subject_name,
      count(*) as answered,
      sum(sa.is_correct) as correct,
      sum(case when sa.judged_by = 'self' then 1 else 0 end) as self_judged
    from (${myFirstJudgedAnswers(memberCode)}) f
    join solve_attempts sa on sa.code = f.code
    join problems p on p.uid = sa.problem_uid and ${countedProblem('p')}
    join tests t on t.code = p.test_code
    join subjects s on s.code = t.subject_code
    group by s.code, s.subject_name`.execute(db);
  return rows.map((row) => ({ ...row, answered: Number(row.answered), correct: Number(row.correct), self_judged: Number(row.self_judged) }));
}

/**
 * The member's first answers grouped by exam, with the exam's problem count; latest exam first.
 * `completed`: the member's solve-mode first pass covers every scored problem of the exam, as
 * myFirstPass counts it (first solve-mode answer, machine-judged) — the exams whose percentile
 * 내 학습 통계 shows (issue 26 item 11). Only the member's own rows decide it.
 */
export async function myFirstAnswersByTest(db: DbOrTx, memberCode: number) {
  const { rows } = await sql<{
    test_code: number;
    test_name: string;
    year: number;
    subject_name: string;
    problem_count: number;
    answered: number;
    correct: number;
    scored_count: number;
    first_pass: number;
  }>`
    select t.code as test_code, t.test_name as test_name, t.year as year, s.subject_name as subject_name,
      (select count(*) from problems pc where pc.test_code = t.code and ${countedProblem('pc')}) as problem_count,
      count(*) as answered,
      sum(sa.is_correct) as correct,
      (select count(*) from problems ps where ps.test_code = t.code and ps.type = ${OBJECTIVE_TYPE} and ${countedProblem('ps')}) as scored_count,
      (select count(*) from problems ps where ps.test_code = t.code and ps.type = ${OBJECTIVE_TYPE} and ${countedProblem('ps')}
        and (select fs.judged_by from solve_attempts fs
             where fs.member_code = ${memberCode} and fs.problem_uid = ps.uid and fs.source = 'solve'
             order by fs.code limit 1) = 'machine') as first_pass
    from (${myFirstJudgedAnswers(memberCode)}) f
    join solve_attempts sa on sa.code = f.code
    join problems p on p.uid = sa.problem_uid and ${countedProblem('p')}
    join tests t on t.code = p.test_code
    join subjects s on s.code = t.subject_code
    group by t.code, t.test_name, t.year, s.subject_name
    order by max(sa.code) desc`.execute(db);
  return rows.map(({ scored_count: scored, first_pass: firstPass, ...row }) => ({
    ...row,
    problem_count: Number(row.problem_count),
    answered: Number(row.answered),
    correct: Number(row.correct),
    completed: Number(scored) > 0 && Number(firstPass) === Number(scored),
  }));
}

/** Every judged answer of the member (repeats included) to counted problems per Asia/Seoul day, oldest first: one row per active day. */
export async function myAnswersByDay(db: DbOrTx, dialect: Dialect, memberCode: number) {
  const day = seoulDay(dialect, 'a.creation_time');
  const { rows } = await sql<{ date: string; answered: number; correct: number }>`
    select ${day} as date, count(*) as answered, sum(a.is_correct) as correct
    from solve_attempts a join problems ap on ap.uid = a.problem_uid and ${countedProblem('ap')}
    where a.member_code = ${memberCode} and ${hasVerdict('a', 'ap')}
    group by ${day}
    order by ${day}`.execute(db);
  return rows.map((row) => ({ date: row.date, answered: Number(row.answered), correct: Number(row.correct) }));
}

// ---------------------------------------------------------------- one problem, the class

/**
 * The problem as the statistics need it, or undefined when it is not shown (vacant or missing). A
 * voided one is returned, flagged: it exists, and its panel says it is not counted.
 */
export function findStatsProblem(db: DbOrTx, uid: number) {
  return db
    .selectFrom('problems as p')
    .select(['p.uid', 'p.test_code', 'p.no', 'p.type', 'p.choice_type', 'p.illustration', 'p.answer', 'p.is_voided'])
    .where('p.uid', '=', uid)
    .where(visibleProblems('p'))
    .executeTakeFirst();
}

/** The problem's answers version (migration 2026-11-26-020) as text; 'none' before anyone answered it. */
export function problemAnswersVersion(db: Db, dialect: Dialect, uid: number): Promise<string> {
  return answersVersionLoad(db, dialect, uid);
}

// Read before every class-answers panel from the cache (stats/routes.ts): the requests of one poll
// phase share the statement (../core/batched-reads.ts, decision 212).
const answersVersionLoad = perPollPhaseByIntegerKey(
  (db, uidsIn) => db.selectFrom('problem_answer_versions').select(['problem_uid', 'version']).where(uidsIn('problem_uid')),
  (row) => row.problem_uid,
  (row) => String(row.version),
  'none',
);

/**
 * The exam's answers version (migration 2026-12-08-217): raised with each of its problems' answers
 * versions, so it changes whenever the class's first answers to any of them can. Read before
 * every exam report from the cache (stats/routes.ts); the requests of one poll phase share the
 * statement (decision 212). 'none' before anyone answered the exam.
 */
export function examAnswersVersion(db: Db, dialect: Dialect, testCode: number): Promise<string> {
  return examAnswersVersionLoad(db, dialect, testCode);
}

const examAnswersVersionLoad = perPollPhaseByIntegerKey(
  (db, testCodesIn) => db.selectFrom('exam_answer_versions').select(['test_code', 'version']).where(testCodesIn('test_code')),
  (row) => row.test_code,
  // Named apart from the sums that keyed the shared cache before (a process of the older code
  // may still be answering beside this one while a deploy rolls).
  (row) => `exam-${row.version}`,
  'none',
);

/** Approved members' machine-judged first answers to one problem, grouped by the answer given. */
export async function classFirstAnswers(db: DbOrTx, uid: number) {
  const { rows } = await sql<{ answer: string; is_correct: number; n: number }>`
    select sa.answer as answer, sa.is_correct as is_correct, count(*) as n
    from (select member_code, min(code) as code from solve_attempts where problem_uid = ${uid} group by member_code) f
    join solve_attempts sa on sa.code = f.code
    join members m on m.code = f.member_code and m.validated = 1
    where sa.judged_by = 'machine'
    group by sa.answer, sa.is_correct`.execute(db);
  return rows.map((row) => ({ answer: row.answer, is_correct: Number(row.is_correct), n: Number(row.n) }));
}

// ---------------------------------------------------------------- one exam

/** The exam's scored problems: counted, objective (multiple choice); in number order. */
export function listScoredProblems(db: DbOrTx, testCode: number) {
  return db
    .selectFrom('problems as p')
    .select(['p.uid', 'p.no', 'p.type', 'p.choice_type', 'p.illustration', 'p.answer'])
    .where('p.test_code', '=', testCode)
    .where('p.type', '=', OBJECTIVE_TYPE)
    .where(countedProblem('p'))
    .orderBy('p.no')
    .orderBy('p.uid')
    .execute();
}

/**
 * Each approved member's machine-judged first answer to each scored problem of the exam.
 * `solveOnly` keeps solve-mode answers only (the first pass of the percentile).
 */
function examFirstAnswers(testCode: number, solveOnly: boolean) {
  const source = solveOnly ? sql`and a.source = 'solve'` : sql``;
  return sql`
    select sa.member_code as member_code, sa.problem_uid as problem_uid, sa.answer as answer, sa.is_correct as is_correct
    from (
      select a.member_code as member_code, a.problem_uid as problem_uid, min(a.code) as code
      from solve_attempts a
      join problems p on p.uid = a.problem_uid
      where p.test_code = ${testCode} and p.type = ${OBJECTIVE_TYPE} and ${countedProblem('p')} ${source}
      group by a.member_code, a.problem_uid
    ) f
    join solve_attempts sa on sa.code = f.code
    join members m on m.code = f.member_code and m.validated = 1
    where sa.judged_by = 'machine'`;
}

/** Members who answered all `scoredCount` problems, with their score (the analysed group). */
function completedScores(testCode: number, scoredCount: number, solveOnly: boolean) {
  return sql`
    select member_code, sum(is_correct) as score
    from (${examFirstAnswers(testCode, solveOnly)}) fa
    group by member_code
    having count(*) = ${scoredCount}`;
}

/**
 * The completers' first answers counted per problem, answer text and the completer's score, in
 * one pass over the exam's first answers: the distribution, the 27 % groups and every item's
 * figures are sums of these rows (service.ts). `materialized` makes both databases compute the
 * first answers once; they are used twice. Rows: problems × distinct answers × distinct scores,
 * never one per attempt.
 */
export async function examAnswersByScore(db: DbOrTx, testCode: number, scoredCount: number): Promise<AnswersAtScore[]> {
  const { rows } = await sql<{ problem_uid: number; answer: string; is_correct: number; score: number; n: number }>`
    with fa as materialized (${examFirstAnswers(testCode, false)}),
    s as (select member_code, sum(is_correct) as score from fa group by member_code having count(*) = ${scoredCount})
    select fa.problem_uid as problem_uid, fa.answer as answer, fa.is_correct as is_correct, s.score as score, count(*) as n
    from fa join s on s.member_code = fa.member_code
    group by fa.problem_uid, fa.answer, fa.is_correct, s.score`.execute(db);
  return rows.map((row) => ({
    problem_uid: Number(row.problem_uid),
    answer: row.answer,
    is_correct: Number(row.is_correct),
    score: Number(row.score),
    n: Number(row.n),
  }));
}

/** The member's solve-mode first pass on the exam's scored problems: answered and correct. */
export async function myFirstPass(db: DbOrTx, testCode: number, memberCode: number) {
  const { rows } = await sql<{ answered: number; correct: number }>`
    select count(*) as answered, coalesce(sum(is_correct), 0) as correct
    from (${examFirstAnswers(testCode, true)}) fa
    where fa.member_code = ${memberCode}`.execute(db);
  const row = rows[0];
  return { answered: Number(row?.answered ?? 0), correct: Number(row?.correct ?? 0) };
}

/** Members of `grade` who completed the exam in solve mode: how many, and how many scored below / the same as `score`. */
export async function gradePeersAround(db: DbOrTx, testCode: number, scoredCount: number, grade: number, score: number) {
  const { rows } = await sql<{ peers: number; below: number; equal: number }>`
    select count(*) as peers,
      coalesce(sum(case when s.score < ${score} then 1 else 0 end), 0) as below,
      coalesce(sum(case when s.score = ${score} then 1 else 0 end), 0) as equal
    from (${completedScores(testCode, scoredCount, true)}) s
    join members m on m.code = s.member_code
    where m.grade = ${grade}`.execute(db);
  const row = rows[0];
  return { peers: Number(row?.peers ?? 0), below: Number(row?.below ?? 0), equal: Number(row?.equal ?? 0) };
}
