import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import { SOLVE_BOX_SLOTS } from '@qbank/shared/boxes';
import type { StudyFilter, StudyScope } from '@qbank/shared/study';
import { DIFFICULTIES, DIFFICULTY_MIN_RATERS, type Difficulty } from '@qbank/shared/ratings';
import type { DbOrTx } from '../core/db';
import type { Database, StudySessionsTable } from '../db/schema';
import { problemColumns, replyCount } from '../problems/repository';
import { visibleProblems } from '../visibility/visible-problems';
import { onePage, type Paging } from '../core/paging';
import { withExamSubjectAndPassage } from '../problems/problem-joins';
import { answeredProblemUids, answersOfMemberTo, latestWrongProblemUids, studySessionAnswerCount } from '../answers/query-parts';

type ProblemsQuery = SelectQueryBuilder<Database, 'problems' | 'tests', object>;

/**
 * With an official answer. Together with visibleProblems() (a literal is_vacant = 0) it spells the
 * predicate of the partial index problems_answerable_idx (migration 2026-11-25-060) literally, so
 * both planners count and draw from the index.
 */
const HAS_ANSWER = sql<boolean>`trim(problems.answer) <> ''`;

/**
 * Problems whose members' difficulty (issue 30, decision 167) is one of `difficulties`: rated by at
 * least DIFFICULTY_MIN_RATERS members, the most frequent answer winning and a tie going to the
 * harder one, as the figures beside a problem show it (ratings/service.ts).
 */
function feltDifficultyUids(db: DbOrTx, difficulties: readonly Difficulty[]) {
  const votes = (level: number) => sql<number>`sum(case when problem_ratings.difficulty = ${sql.lit(level)} then 1 else 0 end)`;
  const felt = sql<number>`case when ${votes(3)} >= ${votes(2)} and ${votes(3)} >= ${votes(1)} then 3 when ${votes(2)} >= ${votes(1)} then 2 else 1 end`;
  return db
    .selectFrom('problem_ratings')
    .select('problem_ratings.problem_uid')
    .where('problem_ratings.difficulty', 'is not', null)
    .groupBy('problem_ratings.problem_uid')
    .having((eb) => eb.fn.countAll(), '>=', DIFFICULTY_MIN_RATERS)
    .having(
      felt,
      'in',
      difficulties.map((d) => DIFFICULTIES.indexOf(d) + 1),
    );
}

/**
 * The problems a session may draw from: written (never a vacant slot, the readers' rule) with an
 * official answer to judge against (as in solve mode), inside the scope, passing the filter.
 * A box filter's box must already be known to be the member's (the service checks).
 */
function matchingProblems(db: DbOrTx, memberCode: number, filter: StudyFilter, scope: StudyScope): ProblemsQuery {
  const list = (values: number[] | undefined) => (values && values.length > 0 ? values : undefined);
  const subjects = list(scope.subject_codes);
  const years = list(scope.years);
  const tests = list(scope.test_codes);
  const classes = list(scope.class_codes);
  return db
    .selectFrom('problems')
    .innerJoin('tests', 'tests.code', 'problems.test_code')
    .where(visibleProblems())
    .where(HAS_ANSWER)
    .$if(subjects !== undefined, (qb) => qb.where('tests.subject_code', 'in', subjects!))
    .$if(years !== undefined, (qb) => qb.where('tests.year', 'in', years!))
    .$if(tests !== undefined, (qb) => qb.where('problems.test_code', 'in', tests!))
    .$if(classes !== undefined, (qb) =>
      qb.where('problems.uid', 'in', (eb) =>
        eb.selectFrom('problem_classes').select('problem_classes.problem_uid').where('problem_classes.class_uid', 'in', classes!),
      ),
    )
    .$if(filter === 'unseen', (qb) => qb.where((eb) => eb.not(eb.exists(answersOfMemberTo(db, memberCode, eb.ref('problems.uid'))))))
    .$if(filter === 'wrong', (qb) => qb.where('problems.uid', 'in', latestWrongProblemUids(db, memberCode)))
    .$if(filter === 'marked', (qb) =>
      qb.where('problems.uid', 'in', (eb) =>
        eb
          .selectFrom('box_problems')
          .innerJoin('boxes', 'boxes.code', 'box_problems.box_code')
          .select('box_problems.problem_uid')
          .where('boxes.member_code', '=', memberCode)
          .where('boxes.solve_slot', '=', SOLVE_BOX_SLOTS.important),
      ),
    )
    .$if(filter === 'box', (qb) =>
      qb.where('problems.uid', 'in', (eb) =>
        eb
          .selectFrom('box_problems')
          .select('box_problems.problem_uid')
          .where('box_problems.box_code', '=', scope.box_code ?? 0),
      ),
    )
    .$if((scope.difficulties?.length ?? 0) > 0, (qb) => qb.where('problems.uid', 'in', feltDifficultyUids(db, scope.difficulties!)))
    .$if(filter === 'confused', (qb) =>
      qb.where('problems.uid', 'in', (eb) =>
        eb
          .selectFrom('problem_notes')
          .select('problem_notes.problem_uid')
          .where('problem_notes.member_code', '=', memberCode)
          .where('problem_notes.is_confused', '=', 1),
      ),
    );
}

/** The names of the subjects, exams, classes and boxes (of this member) that the given codes name. */
export async function listScopeNames(db: DbOrTx, memberCode: number, codes: { subjects: number[]; tests: number[]; classes: number[]; boxes: number[] }) {
  const names = async <T extends { code: number; name: string }>(list: number[], read: (list: number[]) => Promise<T[]>) =>
    new Map((list.length === 0 ? [] : await read(list)).map((row) => [row.code, row.name]));
  const [subjects, tests, classes, boxes] = await Promise.all([
    names(codes.subjects, (list) => db.selectFrom('subjects').select(['code', 'subject_name as name']).where('code', 'in', list).execute()),
    names(codes.tests, (list) => db.selectFrom('tests').select(['code', 'test_name as name']).where('code', 'in', list).execute()),
    names(codes.classes, (list) => db.selectFrom('classes').select(['uid as code', 'class_name as name']).where('uid', 'in', list).execute()),
    names(codes.boxes, (list) =>
      db.selectFrom('boxes').select(['code', 'box_name as name']).where('code', 'in', list).where('member_code', '=', memberCode).execute(),
    ),
  ]);
  return { subjects, tests, classes, boxes };
}

export async function countMatching(
  db: DbOrTx,
  memberCode: number,
  filter: StudyFilter,
  scope: StudyScope,
  options: { onePerLineage?: boolean } = {},
): Promise<number> {
  const count = async (query: ProblemsQuery) => Number((await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  // 한 계열에 한 문제: a lineage counts once, a problem in none by itself, as pickRandom draws.
  if (options.onePerLineage) {
    const row = await matchingProblems(db, memberCode, filter, scope)
      .leftJoin('problem_lineages', 'problem_lineages.problem_uid', 'problems.uid')
      .select(sql<number>`count(distinct coalesce(problem_lineages.lineage_code, -problems.uid))`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  // "Unseen" counted directly tests every problem of the scope against the member's answers (0.2 s
  // over 100,000 problems); the scope's count less the few hundred answered ones is the same number.
  if (filter === 'unseen') {
    const all = matchingProblems(db, memberCode, 'all', scope);
    const answered = all.where('problems.uid', 'in', answeredProblemUids(db, memberCode));
    return (await count(all)) - (await count(answered));
  }
  return count(matchingProblems(db, memberCode, filter, scope));
}

export interface PickedProblem {
  uid: number;
  year: number;
  test_code: number;
  type: number;
  no: number;
}

/**
 * Up to `count` matching problems drawn at random (the database's random(), both dialects). The
 * draw orders only the uids (from the index); the picked few are then read in full.
 * `frequent` draws the problems of the largest lineages first (decision 173), and keeps each
 * lineage's members together; `onePerLineage` keeps one random member of each lineage. Lineages
 * are problem_lineages' rows, drawn over the links students may see (decision 130); a problem in
 * none is a lineage of one.
 */
export async function pickRandom(
  db: DbOrTx,
  memberCode: number,
  filter: StudyFilter,
  scope: StudyScope,
  count: number,
  options: { frequent?: boolean; onePerLineage?: boolean } = {},
): Promise<PickedProblem[]> {
  const matching = matchingProblems(db, memberCode, filter, scope);
  const picked =
    !options.frequent && !options.onePerLineage
      ? await matching
          .select('problems.uid')
          .orderBy(sql`random()`)
          .limit(count)
          .execute()
      : await db
          .selectFrom(
            matching
              .leftJoin('problem_lineages', 'problem_lineages.problem_uid', 'problems.uid')
              .select([
                'problems.uid',
                sql<number>`coalesce(problem_lineages.lineage_size, 1)`.as('size'),
                sql<number>`coalesce(problem_lineages.lineage_code, -problems.uid)`.as('lineage'),
                sql<number>`row_number() over (partition by coalesce(problem_lineages.lineage_code, -problems.uid) order by random())`.as('nth'),
              ])
              .as('m'),
          )
          .select('m.uid')
          .$if(options.onePerLineage === true, (qb) => qb.where('m.nth', '=', 1))
          // A lineage's members side by side; problems in no lineage at random among themselves.
          .$if(options.frequent === true, (qb) => qb.orderBy('m.size', 'desc').orderBy(sql`case when m.size > 1 then m.lineage else 0 end`))
          .orderBy(sql`random()`)
          .limit(count)
          .execute();
  if (picked.length === 0) return [];
  const rows = await db
    .selectFrom('problems')
    .innerJoin('tests', 'tests.code', 'problems.test_code')
    .select(['problems.uid', 'tests.year', 'problems.test_code', 'problems.type', 'problems.no'])
    .where(
      'problems.uid',
      'in',
      picked.map((row) => row.uid),
    )
    .execute();
  const byUid = new Map(rows.map((row) => [row.uid, row]));
  return picked.flatMap((row) => byUid.get(row.uid) ?? []);
}

export type NewStudySession = Omit<StudySessionsTable, 'code' | 'creation_time' | 'scope' | 'finish_time'> & { scope: string; creation_time: string };

export async function insertStudySession(db: DbOrTx, values: NewStudySession, problemUids: readonly number[]): Promise<number> {
  const { code } = await db
    .insertInto('study_sessions')
    .values({ ...values, finish_time: null })
    .returning('code')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('study_session_problems')
    .values(problemUids.map((problem_uid, position) => ({ session_code: code, position, problem_uid })))
    .execute();
  return code;
}

const studySessionColumns = [
  'study_sessions.code',
  'study_sessions.member_code',
  'study_sessions.mode',
  'study_sessions.filter',
  'study_sessions.scope',
  'study_sessions.problem_order',
  'study_sessions.minutes',
  'study_sessions.ends_at',
  'study_sessions.finish_time',
  'study_sessions.retry_of',
  'study_sessions.creation_time',
] as const;

// 문항 무효 (voided) problems stay readable in a session but count in none of its figures. An
// essay answer waiting for its member's verdict is answered, but neither right nor wrong: `pending`
// counts those (decision 075).
function studySessionCounts(db: DbOrTx, eb: ExpressionBuilder<Database, 'study_sessions'>) {
  const sessionCode = eb.ref('study_sessions.code');
  return [
    eb
      .selectFrom('study_session_problems')
      .innerJoin('problems', 'problems.uid', 'study_session_problems.problem_uid')
      .where('problems.is_voided', '=', 0)
      .select((inner) => inner.fn.countAll<number>().as('n'))
      .whereRef('study_session_problems.session_code', '=', 'study_sessions.code')
      .as('total'),
    studySessionAnswerCount(db, sessionCode, 'answered').as('answered'),
    studySessionAnswerCount(db, sessionCode, 'correct').as('correct'),
    studySessionAnswerCount(db, sessionCode, 'pending').as('pending'),
  ];
}

/** Sessions with their figures; the caller narrows them to one member's. */
function selectStudySessions(db: DbOrTx) {
  return db
    .selectFrom('study_sessions')
    .select(studySessionColumns)
    .select((eb) => studySessionCounts(db, eb));
}

export type StudySessionRow = Awaited<ReturnType<typeof findMemberStudySession>> & object;

/** The session only when it is the member's: another member's session does not exist for them. */
export async function findMemberStudySession(db: DbOrTx, memberCode: number, code: number) {
  const row = await selectStudySessions(db).where('study_sessions.code', '=', code).where('study_sessions.member_code', '=', memberCode).executeTakeFirst();
  return row && withNumbers(row);
}

function withNumbers<T extends { total: unknown; answered: unknown; correct: unknown; pending: unknown; minutes: number | null }>(row: T) {
  return {
    ...row,
    total: Number(row.total),
    answered: Number(row.answered),
    correct: Number(row.correct),
    pending: Number(row.pending),
    minutes: row.minutes === null ? null : Number(row.minutes),
  };
}

export async function listMemberStudySessions(db: DbOrTx, memberCode: number, paging: Paging) {
  const rows = await selectStudySessions(db)
    .where('study_sessions.member_code', '=', memberCode)
    .orderBy('study_sessions.code', 'desc')
    .$call(onePage(paging))
    .execute();
  const count = await db
    .selectFrom('study_sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_code', '=', memberCode)
    .executeTakeFirstOrThrow();
  return { rows: rows.map(withNumbers), total: Number(count.n) };
}

export async function listStudySessionProblemUids(db: DbOrTx, sessionCode: number): Promise<number[]> {
  const rows = await db.selectFrom('study_session_problems').select('problem_uid').where('session_code', '=', sessionCode).orderBy('position').execute();
  return rows.map((row) => row.problem_uid);
}

/** The session's problems that are still written, with everything a reader sees, in session order. */
export function listStudySessionProblems(db: DbOrTx, sessionCode: number) {
  return db
    .selectFrom('study_session_problems')
    .innerJoin('problems', 'problems.uid', 'study_session_problems.problem_uid')
    .$call(withExamSubjectAndPassage)
    .select(problemColumns)
    .select((eb) => replyCount(eb as unknown as ExpressionBuilder<Database, 'problems'>))
    .where('study_session_problems.session_code', '=', sessionCode)
    .where(visibleProblems())
    .orderBy('study_session_problems.position')
    .execute();
}

/** One problem of the session, still written, with what judging needs. */
export function findStudySessionProblem(db: DbOrTx, sessionCode: number, problemUid: number) {
  return db
    .selectFrom('study_session_problems')
    .innerJoin('problems', 'problems.uid', 'study_session_problems.problem_uid')
    .select(['problems.uid', 'problems.type', 'problems.answer', 'problems.is_voided'])
    .where('study_session_problems.session_code', '=', sessionCode)
    .where('study_session_problems.problem_uid', '=', problemUid)
    .where(visibleProblems())
    .executeTakeFirst();
}

/** Marks the session finished at `finishTime` unless it already is; whether this call finished it. */
export async function finishStudySessionAt(db: DbOrTx, sessionCode: number, finishTime: string): Promise<boolean> {
  const result = await db
    .updateTable('study_sessions')
    .set({ finish_time: finishTime })
    .where('code', '=', sessionCode)
    .where('finish_time', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Every timed session of the member whose time ran out is finished at its ends_at. */
export async function finishExpiredStudySessions(db: DbOrTx, memberCode: number, now: string): Promise<void> {
  await db
    .updateTable('study_sessions')
    .set((eb) => ({ finish_time: eb.ref('ends_at') }))
    .where('member_code', '=', memberCode)
    .where('mode', '=', 'timed')
    .where('finish_time', 'is', null)
    .where('ends_at', '<=', now)
    .execute();
}
