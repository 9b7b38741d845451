import type {
  CreateExamDateRequest,
  ExamDate,
  MemoryModelResponse,
  PlanResponse,
  PlanSettings,
  ReadinessResponse,
  UpdateExamDateRequest,
} from '@qbank/shared/exam-dates';
import { DAILY_MINUTES_DEFAULT, TARGET_RECALL_DEFAULT } from '@qbank/shared/exam-dates';
import { isLeadRole } from '@qbank/shared/roles';
import { SESSION_COUNT_MAX } from '@qbank/shared/study';
import type { AppContext } from '../core/context';
import { roleOf } from '../core/auth-guards';
import type { DbOrTx } from '../core/db';
import type { MemberRow } from '../db/schema';
import { forbidden, notFound, validationError } from '../errors';
import { syncReviewCards } from '../study/review-service';
import { startPlannedSession } from '../study/service';
import { listFirstSeenRates, listMemberFirstAnswers } from '../answers/readiness-repository';
import { MIN_TRAINING_ITEMS } from './memory-fit';
import { weightsOf } from '../study/member-weights';
import { daysBetween, koreanDay } from './memory';
import { examDateServerMessages as m } from './messages';
import { buildPlan } from './plan';
import { publishedFields, recordPublishedAct } from './audit';
import { predictReadiness } from './readiness';
import {
  deleteExamDate,
  existingScope,
  findExamDate,
  findFsrsParams,
  findPlanSettings,
  insertExamDate,
  listCards,
  listClassNames,
  listScopeLists,
  listScopeProblems,
  listVisibleExamDates,
  replaceScope,
  updateExamDate,
  upsertPlanSettings,
  type ExamDateRow,
} from './repository';

// The exam calendar (issue 29, decision 150): leads publish exams for their grade, every member
// keeps their own private entries; the plan and the readiness are always the caller's own.

type Member = Pick<MemberRow, 'code' | 'grade' | 'authority'>;
/** A member who writes: named in the audit entry of a published entry's change. */
type Writer = Member & Pick<MemberRow, 'id' | 'name'>;
const now = () => new Date();

function present(row: ExamDateRow, scope: { classes: number[]; tests: number[] }, member: Member, today: string): ExamDate {
  return {
    code: row.code,
    title: row.title,
    date: row.exam_date,
    time: row.exam_time,
    subject_code: row.subject_code,
    subject_name: row.subject_name,
    class_uids: scope.classes,
    test_codes: scope.tests,
    grade: row.grade,
    editable: mayEdit(row, member),
    days_left: daysBetween(today, row.exam_date),
  };
}

/** Who sees an entry: its owner; for a published one, every member of its grade. */
function maySee(row: ExamDateRow, member: Member): boolean {
  return row.owner_code === member.code || (row.grade !== null && row.grade === member.grade);
}

/** Who changes it: the owner of a private one; a lead of the grade (or its publisher) for a published one. */
function mayEdit(row: ExamDateRow, member: Member): boolean {
  if (row.grade === null) return row.owner_code === member.code;
  return isLeadRole(roleOf(member)) && (row.owner_code === member.code || row.grade === member.grade);
}

async function scopeOf(db: DbOrTx, codes: number[]) {
  const lists = await listScopeLists(db, codes);
  const of = (code: number) => ({
    classes: lists.classes.filter((row) => row.exam_date_code === code).map((row) => row.class_uid),
    tests: lists.tests.filter((row) => row.exam_date_code === code).map((row) => row.test_code),
  });
  return of;
}

async function requireVisible(ctx: AppContext, member: Member, code: number): Promise<ExamDateRow> {
  const row = await findExamDate(ctx.db, code);
  // Another member's private entry is not there for the caller (404, as if it did not exist).
  if (!row || !maySee(row, member)) throw notFound(m.notFound);
  return row;
}

async function presentOne(ctx: AppContext, row: ExamDateRow, member: Member): Promise<ExamDate> {
  const of = await scopeOf(ctx.db, [row.code]);
  return present(row, of(row.code), member, koreanDay(now()));
}

export async function listExamDates(ctx: AppContext, member: Member, past: boolean): Promise<{ exam_dates: ExamDate[] }> {
  const today = koreanDay(now());
  const from = past ? new Date(Date.parse(`${today}T00:00:00Z`) - 60 * 86_400_000).toISOString().slice(0, 10) : today;
  const rows = await listVisibleExamDates(ctx.db, member, from);
  const of = await scopeOf(
    ctx.db,
    rows.map((row) => row.code),
  );
  return { exam_dates: rows.map((row) => present(row, of(row.code), member, today)) };
}

export async function getExamDate(ctx: AppContext, member: Member, code: number): Promise<ExamDate> {
  return presentOne(ctx, await requireVisible(ctx, member, code), member);
}

async function checkScope(db: DbOrTx, subjectCode: number, classUids: readonly number[], testCodes: readonly number[]) {
  const found = await existingScope(db, subjectCode, classUids, testCodes);
  if (!found.subject) throw validationError(m.subjectMissing, { subject_code: m.subjectMissing });
  const classes = new Map(found.classes.map((row) => [row.uid, row.subject_code]));
  if (classUids.some((uid) => classes.get(uid) !== subjectCode)) throw validationError(m.classOutsideSubject, { class_uids: m.classOutsideSubject });
  const tests = new Map(found.tests.map((row) => [row.code, row.subject_code]));
  if (testCodes.some((code) => tests.get(code) !== subjectCode)) throw validationError(m.testOutsideSubject, { test_codes: m.testOutsideSubject });
}

const unique = (values: readonly number[]) => [...new Set(values)];

export async function createExamDate(ctx: AppContext, member: Writer, request: Required<CreateExamDateRequest>): Promise<ExamDate> {
  if (request.publish && !isLeadRole(roleOf(member))) throw forbidden(m.publishLeadsOnly);
  if (request.publish && member.grade === null) throw validationError(m.noGrade);
  if (request.date < koreanDay(now())) throw validationError(m.pastDate, { date: m.pastDate });
  const classes = unique(request.class_uids);
  const tests = unique(request.test_codes);
  await checkScope(ctx.db, request.subject_code, classes, tests);
  const code = await ctx.db.transaction().execute(async (trx) => {
    const created = await insertExamDate(trx, {
      title: request.title,
      exam_date: request.date,
      exam_time: request.time,
      subject_code: request.subject_code,
      grade: request.publish ? member.grade : null,
      owner_code: member.code,
    });
    await replaceScope(trx, created, 'classes', classes);
    await replaceScope(trx, created, 'tests', tests);
    if (request.publish) await recordPublishedAct(trx, member, 'exam_date.publish', created, null, await publishedFields(trx, created));
    return created;
  });
  return getExamDate(ctx, member, code);
}

export async function changeExamDate(ctx: AppContext, member: Writer, code: number, request: UpdateExamDateRequest): Promise<ExamDate> {
  const row = await requireVisible(ctx, member, code);
  if (!mayEdit(row, member)) throw forbidden(m.notYours);
  if (request.date !== undefined && request.date < koreanDay(now())) throw validationError(m.pastDate, { date: m.pastDate });
  const current = (await scopeOf(ctx.db, [code]))(code);
  const subject = request.subject_code ?? row.subject_code;
  const classes = unique(request.class_uids ?? current.classes);
  const tests = unique(request.test_codes ?? current.tests);
  await checkScope(ctx.db, subject, classes, tests);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await publishedFields(trx, code);
    await updateExamDate(trx, code, {
      ...(request.title === undefined ? {} : { title: request.title }),
      ...(request.date === undefined ? {} : { exam_date: request.date }),
      ...(request.time === undefined ? {} : { exam_time: request.time }),
      ...(request.subject_code === undefined ? {} : { subject_code: request.subject_code }),
    });
    if (request.class_uids !== undefined || request.subject_code !== undefined) await replaceScope(trx, code, 'classes', classes);
    if (request.test_codes !== undefined || request.subject_code !== undefined) await replaceScope(trx, code, 'tests', tests);
    await recordPublishedAct(trx, member, 'exam_date.update', code, before, await publishedFields(trx, code));
  });
  return getExamDate(ctx, member, code);
}

export async function removeExamDate(ctx: AppContext, member: Writer, code: number): Promise<void> {
  const row = await requireVisible(ctx, member, code);
  if (!mayEdit(row, member)) throw forbidden(m.notYours);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await publishedFields(trx, code);
    await deleteExamDate(trx, code);
    await recordPublishedAct(trx, member, 'exam_date.delete', code, before, null);
  });
}

export async function planSettingsOf(ctx: AppContext, memberCode: number): Promise<PlanSettings> {
  const row = await findPlanSettings(ctx.db, memberCode);
  return { daily_minutes: row?.daily_minutes ?? DAILY_MINUTES_DEFAULT, target_recall: row?.target_recall ?? TARGET_RECALL_DEFAULT };
}

export async function savePlanSettings(ctx: AppContext, memberCode: number, settings: PlanSettings): Promise<PlanSettings> {
  await upsertPlanSettings(ctx.db, memberCode, settings);
  return planSettingsOf(ctx, memberCode);
}

/** Everything the plan and the readiness read: the scope, the member's (synced) cards, settings, weights. */
async function studyState(ctx: AppContext, member: Member, row: ExamDateRow) {
  const scope = (await scopeOf(ctx.db, [row.code]))(row.code);
  await syncReviewCards(ctx.db, member.code);
  const problems = await listScopeProblems(ctx.db, row, scope);
  const [cards, settings, weights] = await Promise.all([
    listCards(
      ctx.db,
      member.code,
      problems.map((problem) => problem.uid),
    ),
    planSettingsOf(ctx, member.code),
    weightsOf(ctx.db, member.code),
  ]);
  return { scope, problems, cards, settings, weights };
}

export async function planOf(ctx: AppContext, member: Member, code: number): Promise<PlanResponse> {
  const row = await requireVisible(ctx, member, code);
  const state = await studyState(ctx, member, row);
  const plan = buildPlan({
    now: now(),
    examDay: row.exam_date,
    problems: state.problems,
    cards: state.cards,
    dailyMinutes: state.settings.daily_minutes,
    targetRecall: state.settings.target_recall,
    weights: state.weights.weights,
  });
  return { exam_date: present(row, state.scope, member, koreanDay(now())), settings: state.settings, ...plan };
}

export async function readinessOf(ctx: AppContext, member: Member, code: number): Promise<ReadinessResponse> {
  const row = await requireVisible(ctx, member, code);
  const state = await studyState(ctx, member, row);
  const memberFirst = await listMemberFirstAnswers(ctx.db, member.code, row.subject_code);
  const uids = unique([...state.problems.map((problem) => problem.uid), ...memberFirst.map((first) => first.problem_uid)]);
  const classUids = unique(state.problems.flatMap((problem) => (problem.class_uid === null ? [] : [problem.class_uid])));
  const [classRates, classNames] = await Promise.all([listFirstSeenRates(ctx.db, ctx.dialect, uids, member.code), listClassNames(ctx.db, classUids)]);
  const result = predictReadiness({
    examDay: row.exam_date,
    problems: state.problems,
    cards: state.cards,
    classRates,
    memberFirst,
    targetRecall: state.settings.target_recall,
    weights: state.weights.weights,
    classNames: new Map(classNames.map((item) => [item.uid, item.class_name])),
    subjectName: row.subject_name,
  });
  return { exam_date: present(row, state.scope, member, koreanDay(now())), ...result, memory_model: state.weights.fitted ? 'fitted' : 'default' };
}

/** Today's problems of the plan as a tutor session (오늘 할 일). */
export async function startToday(ctx: AppContext, member: Member, code: number) {
  const plan = await planOf(ctx, member, code);
  if (plan.today.problem_uids.length === 0) throw validationError(m.nothingToday);
  const row = await requireVisible(ctx, member, code);
  return { session: await startPlannedSession(ctx, member.code, plan.today.problem_uids.slice(0, SESSION_COUNT_MAX), { subject_codes: [row.subject_code] }) };
}

/** The stats page's report on the member's memory model (decision 153). */
export async function memoryModelOf(ctx: AppContext, memberCode: number): Promise<MemoryModelResponse> {
  const row = await findFsrsParams(ctx.db, memberCode);
  return {
    fitted: row
      ? {
          review_count: row.review_count,
          log_loss_fitted: row.log_loss_fitted,
          log_loss_default: row.log_loss_default,
          rmse_fitted: row.rmse_fitted,
          rmse_default: row.rmse_default,
          fitted_at: row.fitted_at,
        }
      : null,
    min_reviews: MIN_TRAINING_ITEMS,
  };
}
