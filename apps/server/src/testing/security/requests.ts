import type { InjectOptions } from 'fastify';
import { TEST_PASSWORD } from '../harness';
import { createDetectedLink } from '../factories';
import type { Actor } from './policy';
import { fillPath } from './route-table';
import type { World } from './world';

// A well-formed request for every route (and variant) of the policy table: real ids in the path,
// a valid query and body, so the status shows the authorization and nothing else. Rows a call
// consumes (deleted, approved, appointed, restored, filled) are made fresh for that call.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface PlannedRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route's path with its `:params`, as registered. */
  route: string;
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: Json;
  /** The call ends every session of the caller (logout): sign them in again afterwards. */
  endsLogin?: boolean;
}

export type RequestBuilder = (w: World, actor: Actor) => Promise<PlannedRequest> | PlannedRequest;

export function toInject(plan: PlannedRequest): InjectOptions {
  const path = fillPath(plan.route, plan.params ?? {});
  const search = plan.query ? new URLSearchParams(plan.query).toString() : '';
  return {
    method: plan.method,
    url: search ? `${path}?${search}` : path,
    ...(plan.body === undefined ? {} : { payload: plan.body as object }),
  };
}

const get = (route: string, params?: PlannedRequest['params'], query?: PlannedRequest['query']): PlannedRequest => ({ method: 'GET', route, params, query });

/** The caller's own credentials for the password-change request; the other student names the student. */
function passwordChangeBody(w: World, actor: Actor): Json {
  const owner = actor === 'anonymous' || actor === 'other' ? w.members.student : w.members[actor];
  return { id: owner.id, email: owner.email!, old_password: TEST_PASSWORD, new_password: 'a-brand-new-password' };
}

const subjectBody = (w: World) => ({ subject_name: w.unique('과목'), abbr: 'SEC', type: 0, cliexam_type: 0, grades: [11] });
const testBody = (w: World) => ({ test_name: w.unique('시험'), subject_code: w.fx.subject, year: 2025, grades: [11] });
const classBody = (w: World) => ({ class_name: w.unique('수업'), class_date: '2025-03-04', class_time: 2, professor: '김민수 교수' });

/** Two fresh problems that detection linked (a weak suggestion), for a lead to confirm or reject. */
async function detectedPair(w: World): Promise<{ problem_a: number; problem_b: number }> {
  const [a, b] = [(await w.fresh.problem()).uid, (await w.fresh.problem()).uid];
  await createDetectedLink(w.t.db, { problem_a: Math.min(a, b), problem_b: Math.max(a, b), relation: 'variant', similarity: 0.75 });
  return { problem_a: a, problem_b: b };
}

/** A fresh private exam entry of the student's, three days ahead, over the fixture subject. */
async function ownExamDate(w: World): Promise<number> {
  const day = new Date(Date.now() + (9 + 72) * 3_600_000).toISOString().slice(0, 10);
  const row = await w.t.db
    .insertInto('exam_dates')
    .values({ title: w.unique('시험 '), exam_date: day, exam_time: null, subject_code: w.fx.subject, grade: null, owner_code: w.members.student.code })
    .returning('code')
    .executeTakeFirstOrThrow();
  return row.code;
}

export const REQUESTS: Readonly<Record<string, RequestBuilder>> = {
  'GET /healthz': () => get('/healthz'),
  'GET /readyz': () => get('/readyz'),

  'POST /v1/auth/login': (w) => ({
    method: 'POST',
    route: '/v1/auth/login',
    body: { id: w.members.other.id, email: w.members.other.id, password: TEST_PASSWORD },
  }),
  'POST /v1/auth/signup': (w) => {
    const id = w.unique('signup');
    return { method: 'POST', route: '/v1/auth/signup', body: { name: '김가입', id, password: 'signup-password', nickname: id, school_no: id } };
  },
  'POST /v1/auth/logout': () => ({ method: 'POST', route: '/v1/auth/logout', endsLogin: true }),
  'POST /v1/auth/refresh': () => ({ method: 'POST', route: '/v1/auth/refresh' }),
  'GET /v1/auth/me': () => get('/v1/auth/me'),
  'POST /v1/auth/update-password/request': (w, actor) => ({ method: 'POST', route: '/v1/auth/update-password/request', body: passwordChangeBody(w, actor) }),
  'POST /v1/auth/update-password/confirm': async (w) => ({
    method: 'POST',
    route: '/v1/auth/update-password/confirm',
    body: { token: await w.fresh.passwordChangeToken() },
  }),

  'GET /v1/member/members': () => get('/v1/member/members', undefined, { page: '1', limit: '20' }),
  'POST /v1/member': (w) => {
    const id = w.unique('added');
    return { method: 'POST', route: '/v1/member', body: { name: '박추가', id, nickname: id, school_no: id, email: `${id}@example.ac.kr`, grade: 2 } };
  },
  'POST /v1/member/retain-grade': async (w) => ({
    method: 'POST',
    route: '/v1/member/retain-grade',
    body: { member_codes: [(await w.fresh.member({ gradYear: 2028 })).code] },
  }),
  'POST /v1/member/:code/validate': async (w) => ({
    method: 'POST',
    route: '/v1/member/:code/validate',
    params: { code: (await w.fresh.member({ validated: false })).code },
  }),
  'GET /v1/admin/audit': () =>
    get('/v1/admin/audit', undefined, { action: 'member.approve', actor: '테스트', from: '2026-01-01', to: '2026-12-31', page: '1' }),
  'GET /v1/admin/audit/settings': () => get('/v1/admin/audit/settings'),
  'PUT /v1/admin/audit/settings': () => ({ method: 'PUT', route: '/v1/admin/audit/settings', body: { retention_days: 730 } }),
  'POST /v1/member/:code/authority': async (w) => ({
    method: 'POST',
    route: '/v1/member/:code/authority',
    params: { code: (await w.fresh.member()).code },
    body: { authority: 2, grade: 2 },
  }),
  'PATCH /v1/member/:code': async (w) => ({ method: 'PATCH', route: '/v1/member/:code', params: { code: (await w.fresh.member()).code }, body: { grade: 3 } }),
  'DELETE /v1/member/:code': async (w) => ({ method: 'DELETE', route: '/v1/member/:code', params: { code: (await w.fresh.member()).code } }),

  'GET /v1/test/tests': (w) => get('/v1/test/tests', undefined, { subject_code: String(w.fx.subject), year: '2025', search: '해부', page: '1', limit: '20' }),
  'GET /v1/test/count': (w) => get('/v1/test/count', undefined, { subject_code: String(w.fx.subject) }),
  'GET /v1/test/years': () => get('/v1/test/years'),
  'GET /v1/test/:id': (w) => get('/v1/test/:id', { id: w.fx.exam }),
  'GET /v1/test/:id/meta': (w) => get('/v1/test/:id/meta', { id: w.fx.exam }),
  'POST /v1/test': (w) => ({ method: 'POST', route: '/v1/test', body: testBody(w) }),
  'PUT /v1/test/:id': async (w) => ({ method: 'PUT', route: '/v1/test/:id', params: { id: await w.fresh.test() }, body: testBody(w) }),
  'GET /v1/test/:id/delete-check': (w) => get('/v1/test/:id/delete-check', { id: w.fx.exam }),
  'DELETE /v1/test/:id': async (w) => ({ method: 'DELETE', route: '/v1/test/:id', params: { id: await w.fresh.test() } }),
  'GET /v1/test/:id/export': (w) => get('/v1/test/:id/export', { id: w.fx.exam }, { format: 'docx', mode: 'all' }),
  'POST /v1/test/:id/import': async (w) => ({
    method: 'POST',
    route: '/v1/test/:id/import',
    params: { id: await w.fresh.test() },
    body: { problems: [{ no: 1, type: 1, choice_type: 4, question: '가져온 문제', illustration: '① 가\n② 나\n③ 다\n④ 라', answer: '②', comments: '' }] },
  }),
  'GET /v1/test/import-template': () => get('/v1/test/import-template', undefined, { format: 'csv' }),

  'GET /v1/subject/subjects': () => get('/v1/subject/subjects', undefined, { search: '해부', grade: '1', subject_type: '0' }),
  'GET /v1/subject/years': (w) => get('/v1/subject/years', undefined, { subject_code: String(w.fx.subject) }),
  'GET /v1/subject/names': () => get('/v1/subject/names'),
  'GET /v1/subject/:id/classes': (w) => get('/v1/subject/:id/classes', { id: w.fx.subject }, { year: '2025', search: '신경' }),
  'GET /v1/subject/:id/tests': (w) => get('/v1/subject/:id/tests', { id: w.fx.subject }, { search: '중간' }),
  'POST /v1/subject': (w) => ({ method: 'POST', route: '/v1/subject', body: subjectBody(w) }),
  'PUT /v1/subject': async (w) => ({ method: 'PUT', route: '/v1/subject', body: { code: await w.fresh.subject(), ...subjectBody(w) } }),
  'DELETE /v1/subject': async (w) => ({ method: 'DELETE', route: '/v1/subject', body: { code: await w.fresh.subject() } }),
  'GET /v1/class/:code/meta': (w) => get('/v1/class/:code/meta', { code: w.fx.classUid }),
  'POST /v1/subject/:id/classes': (w) => ({ method: 'POST', route: '/v1/subject/:id/classes', params: { id: w.fx.subject }, body: classBody(w) }),
  'PUT /v1/class/:code': async (w) => ({ method: 'PUT', route: '/v1/class/:code', params: { code: await w.fresh.classUid() }, body: classBody(w) }),
  'DELETE /v1/class/:code': async (w) => ({ method: 'DELETE', route: '/v1/class/:code', params: { code: await w.fresh.classUid() } }),

  'GET /v1/problem': (w) => get('/v1/problem', undefined, { test_code: String(w.fx.exam), page: '1', limit: '50' }),
  'GET /v1/problem/header': (w) => get('/v1/problem/header', undefined, { test_code: String(w.fx.exam) }),
  'GET /v1/problem/:id': (w) => get('/v1/problem/:id', { id: w.fx.problem }),
  'GET /v1/problem/lead': (w) => get('/v1/problem/lead', undefined, { test_code: String(w.fx.exam), include_vacant: '1' }),
  'POST /v1/problem/create-empty': async (w) => ({
    method: 'POST',
    route: '/v1/problem/create-empty',
    body: { test_code: await w.fresh.test(), counts: { multiple_choice: 2, subjective: 1, slide: 0 } },
  }),
  'POST /v1/problem/create-specific': async (w) => ({
    method: 'POST',
    route: '/v1/problem/create-specific',
    body: { test_code: await w.fresh.test(), numbers: [3, { type: 2, no: 1 }] },
  }),
  'GET /v1/problem/:id/detail': (w) => get('/v1/problem/:id/detail', { id: w.fx.assignedSlot }),
  'PATCH /v1/problem/:id': (w) => ({
    method: 'PATCH',
    route: '/v1/problem/:id',
    params: { id: w.fx.problem },
    body: { question: `<p>${w.unique('수정된 문제 ')}</p>`, answer: '3', class_uids: [w.fx.classUid] },
  }),
  'PUT /v1/problem': (w) => ({
    method: 'PUT',
    route: '/v1/problem',
    body: { uid: w.fx.problem2, test_code: w.fx.exam, no: 2, type: 1, question: `<p>${w.unique('고친 문제 ')}</p>` },
  }),
  'POST /v1/problem': async (w) => ({
    method: 'POST',
    route: '/v1/problem',
    body: { test_code: await w.fresh.test(), no: 1, type: 1, question: '<p>새로 만든 문제</p>', illustration: '① 가\n② 나', answer: '1' },
  }),
  'GET /v1/problem/:id/versions': (w) => get('/v1/problem/:id/versions', { id: w.fx.problem }, { page: '1', limit: '10' }),
  'POST /v1/problem/:id/versions/:versionCode/restore': async (w) => {
    const { uid, version } = await w.fresh.problemWithVersion();
    return { method: 'POST', route: '/v1/problem/:id/versions/:versionCode/restore', params: { id: uid, versionCode: version } };
  },
  'POST /v1/problem/:id/submit': async (w) => ({
    method: 'POST',
    route: '/v1/problem/:id/submit',
    params: { id: await w.fresh.slotOfStudent() },
    body: { content: { question: '<p>제출한 문제</p>', illustration: '① 가\n② 나', answer: '1', choice_type: 5 } },
  }),
  'POST /v1/problem/header': async (w) => ({
    method: 'POST',
    route: '/v1/problem/header',
    body: { test_code: await w.fresh.test(), type: 1, begin_problem_no: 1, end_problem_no: 3, header_text: '<p>다음 증례를 읽고 답하시오.</p>' },
  }),
  'PATCH /v1/problem/header/:code': (w) => ({
    method: 'PATCH',
    route: '/v1/problem/header/:code',
    params: { code: w.fx.setHeader },
    body: { header_text: `<p>${w.unique('공통 지문 ')}</p>` },
  }),
  'DELETE /v1/problem/header/:code': async (w) => ({ method: 'DELETE', route: '/v1/problem/header/:code', params: { code: await w.fresh.setHeader() } }),
  'DELETE /v1/problem/bulk-delete-vacant': async (w) => ({
    method: 'DELETE',
    route: '/v1/problem/bulk-delete-vacant',
    body: { test_code: (await w.fresh.problem({ vacant: true })).test },
  }),
  'DELETE /v1/problem': async (w) => {
    const { test, no, type } = await w.fresh.problem();
    return { method: 'DELETE', route: '/v1/problem', query: { test_code: String(test), no: String(no), type: String(type) } };
  },
  'DELETE /v1/problem/:id': async (w) => ({ method: 'DELETE', route: '/v1/problem/:id', params: { id: (await w.fresh.problem()).uid } }),

  'GET /v1/problem/assignments': (w) => get('/v1/problem/assignments', undefined, { test_code: String(w.fx.exam) }),
  'POST /v1/problem/assign': async (w) => ({
    method: 'POST',
    route: '/v1/problem/assign',
    body: { assignments: [{ problem_code: (await w.fresh.problem({ vacant: true })).uid, assignee_code: w.members.other.code }] },
  }),
  'GET /v1/problem/my-slots': () => get('/v1/problem/my-slots', undefined, { year: '2025' }),
  'GET /v1/problem/assigned': (w) => get('/v1/problem/assigned', undefined, { subject_code: String(w.fx.subject) }),

  'GET /v1/problem/:id/replies': (w) => get('/v1/problem/:id/replies', { id: w.fx.problem }),
  'POST /v1/problem/:id/reply': (w) => ({
    method: 'POST',
    route: '/v1/problem/:id/reply',
    params: { id: w.fx.problem },
    body: { reply_text: '좋은 문제입니다.' },
  }),
  'PUT /v1/problem/:id/reply/:replyCode': (w) => ({
    method: 'PUT',
    route: '/v1/problem/:id/reply/:replyCode',
    params: { id: w.fx.problem, replyCode: w.fx.reply },
    body: { reply_text: w.unique('고친 댓글 ') },
  }),
  'DELETE /v1/problem/:id/reply/:replyCode': async (w) => {
    const { problem, reply } = await w.fresh.replyOfStudent();
    return { method: 'DELETE', route: '/v1/problem/:id/reply/:replyCode', params: { id: problem, replyCode: reply } };
  },

  'GET /v1/box': (w) => get('/v1/box', undefined, { problem_uid: String(w.fx.problem) }),
  'POST /v1/box': (w) => ({ method: 'POST', route: '/v1/box', body: { box_name: w.unique('박스 ') } }),
  'POST /v1/box/solve-boxes': () => ({ method: 'POST', route: '/v1/box/solve-boxes' }),
  'DELETE /v1/box/:id': async (w) => ({ method: 'DELETE', route: '/v1/box/:id', params: { id: await w.fresh.boxOfStudent() } }),
  'GET /v1/box/:id/problem': (w) => get('/v1/box/:id/problem', { id: w.fx.box }, { type: '1', q: '신경' }),
  'GET /v1/box/:id/export': (w) => get('/v1/box/:id/export', { id: w.fx.box }, { format: 'docx', mode: 'all' }),
  'POST /v1/box/:boxId/problem/:problemId': (w) => ({
    method: 'POST',
    route: '/v1/box/:boxId/problem/:problemId',
    params: { boxId: w.fx.box, problemId: w.fx.problem2 },
  }),
  'DELETE /v1/box/:boxId/problem/:problemId': (w) => ({
    method: 'DELETE',
    route: '/v1/box/:boxId/problem/:problemId',
    params: { boxId: w.fx.box, problemId: w.fx.problem2 },
  }),

  'GET /v1/solve/tests/:testCode': (w) => get('/v1/solve/tests/:testCode', { testCode: w.fx.exam }),
  'POST /v1/solve/tests/:testCode/restart': (w) => ({ method: 'POST', route: '/v1/solve/tests/:testCode/restart', params: { testCode: w.fx.exam } }),
  'POST /v1/solve/attempts': (w) => ({ method: 'POST', route: '/v1/solve/attempts', body: { problem_uid: w.fx.problem, answer: '③' } }),
  'POST /v1/solve/attempts/:code/self-judgment': (w) => ({
    method: 'POST',
    route: '/v1/solve/attempts/:code/self-judgment',
    params: { code: w.fx.essayAttempt },
    body: { is_correct: true },
  }),

  'GET /v1/stats/me': () => get('/v1/stats/me'),
  'GET /v1/stats/me/tests/:testCode': (w) => get('/v1/stats/me/tests/:testCode', { testCode: w.fx.exam }),
  'GET /v1/problem/:id/stats': (w) => get('/v1/problem/:id/stats', { id: w.fx.problem }),
  'GET /v1/test/:id/item-analysis': (w) => get('/v1/test/:id/item-analysis', { id: w.fx.exam }),
  'GET /v1/test/:id/item-analysis/xlsx': (w) => get('/v1/test/:id/item-analysis/xlsx', { id: w.fx.exam }),

  'GET /v1/study/sessions/count': (w) => get('/v1/study/sessions/count', undefined, { filter: 'all', subject_codes: String(w.fx.subject), years: '2025' }),
  'POST /v1/study/sessions': async (w) => ({
    method: 'POST',
    route: '/v1/study/sessions',
    body: { scope: { test_codes: [(await w.fresh.answerableExam()).test] }, filter: 'all', count: 2, order: 'exam', mode: 'timed', minutes: 5 },
  }),
  'GET /v1/study/sessions': () => get('/v1/study/sessions', undefined, { page: '1', limit: '20' }),
  'GET /v1/study/sessions/:code': async (w) => get('/v1/study/sessions/:code', { code: (await w.fresh.studySessionOfStudent()).code }),
  'POST /v1/study/sessions/:code/answers': async (w) => {
    const { code, problem } = await w.fresh.studySessionOfStudent();
    return { method: 'POST', route: '/v1/study/sessions/:code/answers', params: { code }, body: { problem_uid: problem, answer: '③' } };
  },
  'POST /v1/study/sessions/:code/finish': async (w) => ({
    method: 'POST',
    route: '/v1/study/sessions/:code/finish',
    params: { code: (await w.fresh.studySessionOfStudent()).code },
  }),
  // A finished session with its one problem unanswered: one miss to retry or to note.
  'POST /v1/study/sessions/:code/retry': async (w) => ({
    method: 'POST',
    route: '/v1/study/sessions/:code/retry',
    params: { code: (await w.fresh.studySessionOfStudent({ finished: true })).code },
    body: { mode: 'tutor' },
  }),
  'POST /v1/study/sessions/:code/wrong-notes': async (w) => ({
    method: 'POST',
    route: '/v1/study/sessions/:code/wrong-notes',
    params: { code: (await w.fresh.studySessionOfStudent({ finished: true })).code },
  }),
  'GET /v1/study/review': () => get('/v1/study/review'),
  'GET /v1/study/review/count': () => get('/v1/study/review/count'),
  'POST /v1/study/review/:problemUid': (w) => ({
    method: 'POST',
    route: '/v1/study/review/:problemUid',
    params: { problemUid: w.fx.problem },
    body: { answer: '③', rating: 'good' },
  }),
  // A rating is for the caller's own latest review answer: each signed-in caller gets one first.
  'PUT /v1/study/review/:problemUid/rating': async (w, actor) => {
    if (actor !== 'anonymous') {
      await w.t.db
        .insertInto('solve_attempts')
        .values({ member_code: w.members[actor].code, problem_uid: w.fx.problem2, answer: '①', is_correct: 0, source: 'review' })
        .execute();
    }
    return { method: 'PUT', route: '/v1/study/review/:problemUid/rating', params: { problemUid: w.fx.problem2 }, body: { rating: 'hard' } };
  },
  'GET /v1/problem/:id/lineage': (w) => get('/v1/problem/:id/lineage', { id: w.fx.problem }),
  'GET /v1/lineages': (w) => get('/v1/lineages', undefined, { subject_code: String(w.fx.subject), min_size: '2', sort: 'frequency', page: '1', limit: '20' }),
  'GET /v1/lineages/summary': (w) => get('/v1/lineages/summary', undefined, { uids: `${w.fx.problem},${w.fx.problem2}` }),
  'GET /v1/lineages/class/:code': (w) => get('/v1/lineages/class/:code', { code: w.fx.classUid }),
  'GET /v1/search': (w) => get('/v1/search', undefined, { q: '환자', subject_code: String(w.fx.subject), exam_type: 'midterm', page: '1', limit: '20' }),
  'GET /v1/problem/similar': (w) =>
    get('/v1/problem/similar', undefined, { text: '65세 남자가 가슴 통증으로 응급실에 왔다. 가장 적절한 치료는?', subject_code: String(w.fx.subject) }),
  'GET /v1/lineages/progress': () => get('/v1/lineages/progress'),
  'POST /v1/lineages/run': () => ({ method: 'POST', route: '/v1/lineages/run' }),
  'GET /v1/lineage/suggestions': (w) => get('/v1/lineage/suggestions', undefined, { subject_code: String(w.fx.subject), page: '1', limit: '20' }),
  'GET /v1/lineage/key-conflicts': (w) => get('/v1/lineage/key-conflicts', undefined, { subject_code: String(w.fx.subject), page: '1', limit: '20' }),
  // A decision to undo: each caller first rejects the detected pair (as the lead it is allowed to be).
  'POST /v1/lineage/links/reset': async (w) => {
    const pair = await detectedPair(w);
    await w.t.db
      .updateTable('lineage_links')
      .set({ decision: 'rejected', decided_by: w.members.lead.code, decided_at: new Date().toISOString() })
      .where('problem_a', '=', Math.min(pair.problem_a, pair.problem_b))
      .where('problem_b', '=', Math.max(pair.problem_a, pair.problem_b))
      .execute();
    return { method: 'POST', route: '/v1/lineage/links/reset', body: pair };
  },
  'POST /v1/lineage/links/confirm': async (w) => ({ method: 'POST', route: '/v1/lineage/links/confirm', body: await detectedPair(w) }),
  'POST /v1/lineage/links/reject': async (w) => ({ method: 'POST', route: '/v1/lineage/links/reject', body: await detectedPair(w) }),
  'POST /v1/lineages/merge': (w) => ({
    method: 'POST',
    route: '/v1/lineages/merge',
    body: { problem_a: w.fx.problem, problem_b: w.fx.problem2, relation: 'variant' },
  }),
  'POST /v1/problem/:id/lineage/split': (w) => ({ method: 'POST', route: '/v1/problem/:id/lineage/split', params: { id: w.fx.problem } }),
  'GET /v1/exam-dates': () => get('/v1/exam-dates', undefined, { past: '1' }),
  'POST /v1/exam-dates': (w) => ({
    method: 'POST',
    route: '/v1/exam-dates',
    body: {
      title: w.unique('시험 '),
      date: new Date(Date.now() + (9 + 72) * 3_600_000).toISOString().slice(0, 10),
      time: '09:00',
      subject_code: w.fx.subject,
      class_uids: [w.fx.classUid],
      test_codes: [w.fx.exam],
    },
  }),
  'GET /v1/exam-dates/settings': () => get('/v1/exam-dates/settings'),
  'GET /v1/exam-dates/memory-model': () => get('/v1/exam-dates/memory-model'),
  'PUT /v1/exam-dates/settings': () => ({ method: 'PUT', route: '/v1/exam-dates/settings', body: { daily_minutes: 45, target_recall: 0.9 } }),
  'GET /v1/exam-dates/:code': async (w) => get('/v1/exam-dates/:code', { code: await ownExamDate(w) }),
  'PATCH /v1/exam-dates/:code': async (w) => ({
    method: 'PATCH',
    route: '/v1/exam-dates/:code',
    params: { code: await ownExamDate(w) },
    body: { title: w.unique('바꾼 시험 ') },
  }),
  'DELETE /v1/exam-dates/:code': async (w) => ({ method: 'DELETE', route: '/v1/exam-dates/:code', params: { code: await ownExamDate(w) } }),
  'GET /v1/exam-dates/:code/plan': async (w) => get('/v1/exam-dates/:code/plan', { code: await ownExamDate(w) }),
  'GET /v1/exam-dates/:code/readiness': async (w) => get('/v1/exam-dates/:code/readiness', { code: await ownExamDate(w) }),
  'POST /v1/exam-dates/:code/session': async (w) => ({
    method: 'POST',
    route: '/v1/exam-dates/:code/session',
    params: { code: await ownExamDate(w) },
    body: {},
  }),
  'GET /v1/problem/:id/note': (w) => get('/v1/problem/:id/note', { id: w.fx.problem }),
  'PUT /v1/problem/:id/note': (w) => ({ method: 'PUT', route: '/v1/problem/:id/note', params: { id: w.fx.problem }, body: { text: w.unique('메모 ') } }),
  'PUT /v1/problem/:id/confused': (w) => ({ method: 'PUT', route: '/v1/problem/:id/confused', params: { id: w.fx.problem }, body: { is_confused: true } }),
  'GET /v1/notes': () => get('/v1/notes', undefined, { q: '메모', confused: '1', page: '1', limit: '20' }),
  'GET /v1/annotations': (w) => get('/v1/annotations', undefined, { problem_uids: `${w.fx.problem},${w.fx.problem2}` }),
  'PUT /v1/problem/:id/strikes': (w) => ({ method: 'PUT', route: '/v1/problem/:id/strikes', params: { id: w.fx.problem }, body: { options: [2, 4] } }),
  'PUT /v1/problem/:id/highlights': (w) => ({
    method: 'PUT',
    route: '/v1/problem/:id/highlights',
    params: { id: w.fx.problem },
    body: { highlights: [{ part: 'question', start: 0, end: 3 }], changed_at: new Date().toISOString() },
  }),
  'PUT /v1/problem/:id/mark': (w) => ({ method: 'PUT', route: '/v1/problem/:id/mark', params: { id: w.fx.problem }, body: { marked: true } }),
  'GET /v1/problem/:id/rating': (w) => get('/v1/problem/:id/rating', { id: w.fx.problem }),
  // Only a member who answered the problem rates it: each signed-in caller answers first.
  'PUT /v1/problem/:id/rating': async (w, actor) => {
    if (actor !== 'anonymous') {
      await w.t.db
        .insertInto('solve_attempts')
        .values({ member_code: w.members[actor].code, problem_uid: w.fx.problem2, answer: '①', is_correct: 0, source: 'session' })
        .execute();
    }
    return {
      method: 'PUT',
      route: '/v1/problem/:id/rating',
      params: { id: w.fx.problem2 },
      body: { good: true, erroneous: false, difficulty: 'hard', comment: '' },
    };
  },
  'GET /v1/ratings/summary': (w) => get('/v1/ratings/summary', undefined, { problem_uids: `${w.fx.problem},${w.fx.problem2}` }),
  'GET /v1/ratings/flagged': () => get('/v1/ratings/flagged', undefined, { page: '1', limit: '20' }),
  'GET /v1/settings': () => get('/v1/settings'),
  'PUT /v1/settings': () => ({ method: 'PUT', route: '/v1/settings', body: { theme: 'dark', type_size: 'large' } }),
  'GET /v1/reference-values': () => get('/v1/reference-values'),
  'PUT /v1/reference-values': () => ({
    method: 'PUT',
    route: '/v1/reference-values',
    body: { source: '검사의학 교과서', values: [{ category: '전해질', name: '나트륨', abbr: 'Na', range: '135–145', unit: 'mEq/L' }] },
  }),
  'POST /v1/problem/:id/disputes': async (w) => ({
    method: 'POST',
    route: '/v1/problem/:id/disputes',
    params: { id: (await w.fresh.problem()).uid },
    body: { claimed_answer: '③', reason: '교과서에 따르면 ③이 맞습니다.', reference: '해부학 3판 120쪽' },
  }),
  'GET /v1/problem/:id/disputes': (w) => get('/v1/problem/:id/disputes', { id: w.fx.problem }),
  'GET /v1/disputes': () => get('/v1/disputes', undefined, { status: 'open', page: '1', limit: '20' }),
  'GET /v1/disputes/summary': (w) => get('/v1/disputes/summary', undefined, { problem_uids: `${w.fx.problem},${w.fx.problem2}` }),
  'POST /v1/disputes/:code/support': async (w) => ({ method: 'POST', route: '/v1/disputes/:code/support', params: { code: (await w.fresh.dispute()).code } }),
  'POST /v1/disputes/:code/comments': async (w) => ({
    method: 'POST',
    route: '/v1/disputes/:code/comments',
    params: { code: (await w.fresh.dispute()).code },
    body: { comment_text: '저도 같은 생각입니다.' },
  }),
  'POST /v1/disputes/:code/ruling': async (w) => ({
    method: 'POST',
    route: '/v1/disputes/:code/ruling',
    params: { code: (await w.fresh.dispute()).code },
    body: { decision: 'accepted', answer: '③', reason: '교과서 확인' },
  }),
  // A voided problem of its own for each caller (the lead's restore must find one to restore).
  'POST /v1/problem/:id/unvoid': async (w) => {
    const { uid } = await w.fresh.problem();
    await w.t.db.updateTable('problems').set({ is_voided: 1 }).where('uid', '=', uid).execute();
    return { method: 'POST', route: '/v1/problem/:id/unvoid', params: { id: uid } };
  },
  'POST /v1/problem/:id/review': async (w) => ({
    method: 'POST',
    route: '/v1/problem/:id/review',
    params: { id: await w.fresh.submittedSlotOfStudent() },
    body: { decision: 'changes_requested', comment: '보기 ③의 철자를 확인해 주세요.' },
  }),
  'GET /v1/problem/:id/reviews': (w) => get('/v1/problem/:id/reviews', { id: w.fx.assignedSlot }),
  'GET /v1/problem/review-counts': (w) => get('/v1/problem/review-counts', undefined, { test_code: String(w.fx.exam) }),
  'GET /v1/notifications': () => get('/v1/notifications', undefined, { page: '1', limit: '20' }),
  'POST /v1/notifications/read': () => ({ method: 'POST', route: '/v1/notifications/read', body: {} }),

  'GET /boards': () => get('/boards'),
  'GET /boards/:id': (w) => get('/boards/:id', { id: w.fx.board }),
  'GET /boards/:id/contents': (w) => get('/boards/:id/contents', { id: w.fx.board }, { page: '1', limit: '20' }),
  'GET /boards/:id/contents/:contentId': (w) => get('/boards/:id/contents/:contentId', { id: w.fx.board, contentId: w.fx.post }),
  'POST /boards/:id/contents': (w) => ({
    method: 'POST',
    route: '/boards/:id/contents',
    params: { id: w.fx.board },
    body: { title: '스터디 모집', content: '<p>같이 공부해요</p>', attachment: { filename: '일정.txt', data_url: 'data:text/plain;base64,7J287KCV' } },
  }),
  'PATCH /boards/:id/contents/:contentId': (w) => ({
    method: 'PATCH',
    route: '/boards/:id/contents/:contentId',
    params: { id: w.fx.board, contentId: w.fx.post },
    body: { title: w.unique('고친 제목 ') },
  }),
  'DELETE /boards/:id/contents/:contentId': async (w) => ({
    method: 'DELETE',
    route: '/boards/:id/contents/:contentId',
    params: { id: w.fx.board, contentId: await w.fresh.postOfStudent() },
  }),
  'GET /boards/:id/contents/:contentId/attachment': (w) => get('/boards/:id/contents/:contentId/attachment', { id: w.fx.board, contentId: w.fx.post }),
  'POST /boards/:id/contents/:contentId/replies': (w) => ({
    method: 'POST',
    route: '/boards/:id/contents/:contentId/replies',
    params: { id: w.fx.board, contentId: w.fx.post },
    body: { reply_text: '감사합니다.' },
  }),
  'PUT /boards/:id/contents/:contentId/replies/:replyCode': (w) => ({
    method: 'PUT',
    route: '/boards/:id/contents/:contentId/replies/:replyCode',
    params: { id: w.fx.board, contentId: w.fx.post, replyCode: w.fx.boardReply },
    body: { reply_text: w.unique('고친 댓글 ') },
  }),
  'DELETE /boards/:id/contents/:contentId/replies/:replyCode': async (w) => {
    const { post, reply } = await w.fresh.boardReplyOfStudent();
    return { method: 'DELETE', route: '/boards/:id/contents/:contentId/replies/:replyCode', params: { id: w.fx.board, contentId: post, replyCode: reply } };
  },
  'POST /boards': (w) => ({ method: 'POST', route: '/boards', body: { board_name: '스터디 게시판', board_id: w.unique('study-') } }),
  'PATCH /boards/:id': async (w) => ({ method: 'PATCH', route: '/boards/:id', params: { id: await w.fresh.board() }, body: { board_name: '자료실' } }),
};

export const VARIANT_REQUESTS: Readonly<Record<string, RequestBuilder>> = {
  'POST /boards/:id/contents # notice board': (w) => ({
    method: 'POST',
    route: '/boards/:id/contents',
    params: { id: w.fx.noticeBoard },
    body: { title: '공지 작성', content: '<p>공지 본문</p>' },
  }),
  'PATCH /boards/:id/contents/:contentId # lead post on the notice board': (w) => ({
    method: 'PATCH',
    route: '/boards/:id/contents/:contentId',
    params: { id: w.fx.noticeBoard, contentId: w.fx.leadNoticePost },
    body: { title: w.unique('공지 수정 ') },
  }),
  'POST /v1/member/:code/authority # a superadmin': async (w) => ({
    method: 'POST',
    route: '/v1/member/:code/authority',
    params: { code: (await w.fresh.member({ role: 'superadmin' })).code },
    body: { authority: 2 },
  }),
  'DELETE /v1/member/:code # a superadmin': async (w) => ({
    method: 'DELETE',
    route: '/v1/member/:code',
    params: { code: (await w.fresh.member({ role: 'superadmin' })).code },
  }),
  'POST /v1/member/:code/authority # an admin': async (w) => ({
    method: 'POST',
    route: '/v1/member/:code/authority',
    params: { code: (await w.fresh.member({ role: 'admin' })).code },
    body: { authority: null },
  }),
  'PATCH /v1/member/:code # an admin': async (w) => ({
    method: 'PATCH',
    route: '/v1/member/:code',
    params: { code: (await w.fresh.member({ role: 'admin' })).code },
    body: { validated: 0 },
  }),
  'DELETE /v1/member/:code # an admin': async (w) => ({
    method: 'DELETE',
    route: '/v1/member/:code',
    params: { code: (await w.fresh.member({ role: 'admin' })).code },
  }),
  'GET /v1/box # the stars of a page of problems': (w) => get('/v1/box', undefined, { problem_uids: `${w.fx.problem},${w.fx.problem2}` }),
  'GET /v1/problem/:id # a vacant slot': (w) => get('/v1/problem/:id', { id: w.fx.vacantSlot }),
};
