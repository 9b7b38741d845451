import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { AUTHORITY } from '@qbank/shared/roles';
import { hashToken } from '../../auth/password-change';
import { hashPassword } from '../../core/password';
import type { Dialect } from '../../core/db';
import type { MemberRow } from '../../db/schema';
import type { RateLimits } from '../../env';
import { insertMember } from '../../members/repository';
import { createClass, createProblem, createSetHeader, createSubject, createTest } from '../factories';
import { createTestContext, loginCookie, TEST_PASSWORD, type TestContext } from '../harness';
import type { Actor } from './policy';
import { collectRoutes, type RegisteredRoute } from './route-table';

// The data every security test works on: one member per actor, signed in, and realistic rows
// that belong to the student (the owner in the ownership cases). Built once per dialect; calls
// that destroy or exhaust a row get a fresh one from `fresh`.

export const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
export const dataUrl = (bytes: Buffer | string, type = 'image/png') => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

export type SignedInActor = Exclude<Actor, 'anonymous'>;

interface Fixtures {
  subject: number;
  exam: number;
  /** Written multiple-choice problems 1 and 2 of the exam. */
  problem: number;
  problem2: number;
  /** A vacant slot of the exam, assigned to the student. */
  assignedSlot: number;
  /** A vacant slot nobody owns. */
  vacantSlot: number;
  classUid: number;
  /** Covers problems 3–4 of the exam. */
  setHeader: number;
  /** An ordinary board and the notice board, by slug. */
  board: string;
  noticeBoard: string;
  /** The student's post (with an attachment) and their reply to it. */
  post: number;
  boardReply: number;
  /** A lead's post on the notice board. */
  leadNoticePost: number;
  /** The student's box (holding `problem`) and their reply on `problem`. */
  box: number;
  reply: number;
  /** The student's answer to an essay problem (self-judged by its owner only). */
  essayAttempt: number;
}

export interface World {
  t: TestContext;
  routes: RegisteredRoute[];
  members: Record<SignedInActor, MemberRow>;
  fx: Fixtures;
  /** Signs the actor in again (after a call that ended their sessions). */
  relogin(actor: SignedInActor): Promise<void>;
  /**
   * Makes sure the actor is still signed in with the role and approval it started with, and
   * replaces them with a new member of that role when a fuzzed call deleted, demoted or signed
   * them out. Returns whether they had to be replaced.
   */
  restoreActor(actor: SignedInActor): Promise<boolean>;
  /** A call as the actor (anonymous: no cookie). */
  call(actor: Actor, options: InjectOptions): Promise<LightMyRequestResponse>;
  fresh: ReturnType<typeof freshRows>;
  /** A text no other call has used (ids, names, slugs). */
  unique(prefix?: string): string;
}

type Must = <T = unknown>(actor: Actor, request: InjectOptions) => Promise<T>;

let serial = 0;
const uniqueText = (prefix = 'u') => `${prefix}${(serial += 1)}${randomBytes(3).toString('hex')}`;

export async function buildWorld(dialect: Dialect, options: { rateLimits?: Partial<RateLimits> } = {}): Promise<World> {
  const { result: t, routes } = await collectRoutes(() =>
    // Several calls per actor and member run in one test: the per-member and per-address limits
    // of the password change are tested on their own, not here.
    createTestContext(dialect, {
      rateLimits: { passwordChangePerIpPerHour: 100_000, passwordChangePerMemberPerHour: 100_000, ...options.rateLimits },
    }),
  );
  const passwordHash = await hashPassword(TEST_PASSWORD);

  async function member(values: { role?: 'student' | 'lead' | 'admin' | 'superadmin'; validated?: boolean; gradYear?: number } = {}): Promise<MemberRow> {
    const id = uniqueText('m');
    return insertMember(t.db, {
      id,
      name: `보안${id}`,
      nickname: `닉${id}`,
      email: `${id}@example.ac.kr`,
      school_no: `S${id}`,
      password_hash: passwordHash,
      grad_year: values.gradYear ?? null,
      grade: null,
      authority: values.role && values.role !== 'student' ? AUTHORITY[values.role] : null,
      validated: values.validated === false ? 0 : 1,
    });
  }

  const members: Record<SignedInActor, MemberRow> = {
    unapproved: await member({ validated: false }),
    student: await member(),
    other: await member(),
    lead: await member({ role: 'lead' }),
    admin: await member({ role: 'admin' }),
    superadmin: await member({ role: 'superadmin' }),
  };
  const cookies = new Map<Actor, string>();
  const relogin = async (actor: SignedInActor) => {
    cookies.set(actor, await loginCookie(t.app, members[actor].id));
  };
  for (const actor of Object.keys(members) as SignedInActor[]) await relogin(actor);
  const roleOfActor = (actor: SignedInActor) => (actor === 'lead' || actor === 'admin' || actor === 'superadmin' ? actor : ('student' as const));
  const restoreActor = async (actor: SignedInActor) => {
    const before = members[actor];
    const me = await t.app.inject({ method: 'GET', url: '/v1/auth/me', headers: { cookie: cookies.get(actor) ?? '' } });
    if (me.statusCode === 200) {
      const { user } = me.json<{ user: { code: number; authority: number | null; validated: number } }>();
      if (user.code === before.code && user.authority === before.authority && user.validated === before.validated) return false;
    }
    const still = await t.db.selectFrom('members').select(['authority', 'validated']).where('code', '=', before.code).executeTakeFirst();
    if (still && still.authority === before.authority && still.validated === before.validated) {
      await relogin(actor);
      return false;
    }
    members[actor] = await member({ role: roleOfActor(actor), validated: actor !== 'unapproved' });
    await relogin(actor);
    return true;
  };

  const call = (actor: Actor, request: InjectOptions) => {
    const cookie = cookies.get(actor);
    return t.app.inject({ ...request, headers: { ...request.headers, ...(cookie ? { cookie } : {}) } });
  };
  /** A call that must succeed while the world is built. */
  const must: Must = async <T>(actor: Actor, request: InjectOptions) => {
    const response = await call(actor, request);
    if (response.statusCode >= 300) throw new Error(`${request.method} ${request.url} as ${actor}: ${response.statusCode} ${response.body}`);
    return response.json<T>();
  };

  const subject = await createSubject(t.db, { subject_name: '해부학', grades: [11] });
  const exam = await createTest(t.db, { subject_code: subject, test_name: '2025 해부학 중간고사', year: 2025 });
  const problem = await createProblem(t.db, { test_code: exam, no: 1, question: '<p>팔신경얼기의 가지는?</p>', answer: '3' });
  const problem2 = await createProblem(t.db, { test_code: exam, no: 2, question: '<p>심장의 판막은?</p>', answer: '2' });
  const setHeader = await createSetHeader(t.db, { test_code: exam, begin_problem_no: 3, end_problem_no: 4 });
  await createProblem(t.db, { test_code: exam, no: 3, set_header_code: setHeader });
  await createProblem(t.db, { test_code: exam, no: 4, set_header_code: setHeader });
  const assignedSlot = await createProblem(t.db, { test_code: exam, no: 5, is_vacant: 1 });
  const vacantSlot = await createProblem(t.db, { test_code: exam, no: 6, is_vacant: 1 });
  await must('lead', {
    method: 'POST',
    url: '/v1/problem/assign',
    payload: { assignments: [{ problem_code: assignedSlot, assignee_code: members.student.code }] },
  });
  const classUid = await createClass(t.db, { subject_code: subject, problems: [problem] });
  // One version in the history of problem 1.
  await must('lead', { method: 'PATCH', url: `/v1/problem/${problem}`, payload: { comments: '<p>해설</p>' } });

  const board = uniqueText('free');
  await t.db.insertInto('boards').values({ board_name: '자유게시판', board_id: board }).execute();
  await t.db.insertInto('boards').values({ board_name: '공지사항', board_id: 'notice' }).execute();

  const post = (
    await must<{ content: { code: number } }>('student', {
      method: 'POST',
      url: `/boards/${board}/contents`,
      payload: {
        title: '시험 범위 질문',
        content: '<p>범위가 어디까지인가요?</p>',
        attachment: { filename: '범위.txt', data_url: dataUrl('1-3장', 'text/plain') },
      },
    })
  ).content.code;
  const boardReply = (
    await must<{ reply: { code: number } }>('student', {
      method: 'POST',
      url: `/boards/${board}/contents/${post}/replies`,
      payload: { reply_text: '저도 궁금합니다.' },
    })
  ).reply.code;
  const leadNoticePost = (
    await must<{ content: { code: number } }>('lead', {
      method: 'POST',
      url: '/boards/notice/contents',
      payload: { title: '공지', content: '<p>시험 공지</p>' },
    })
  ).content.code;
  const box = (await must<{ box: { code: number } }>('student', { method: 'POST', url: '/v1/box', payload: { box_name: '복습' } })).box.code;
  await must('student', { method: 'POST', url: `/v1/box/${box}/problem/${problem}` });
  const reply = (
    await must<{ reply: { reply_code: number } }>('student', {
      method: 'POST',
      url: `/v1/problem/${problem}/reply`,
      payload: { reply_text: '정답이 3번인가요?' },
    })
  ).reply.reply_code;

  const essay = await createProblem(t.db, { test_code: exam, no: 7, type: 2, choice_type: null, answer: '정중신경' });
  const essayAttempt = (
    await must<{ attempt: { code: number } }>('student', { method: 'POST', url: '/v1/solve/attempts', payload: { problem_uid: essay, answer: '정중 신경' } })
  ).attempt.code;

  const fx: Fixtures = {
    subject,
    exam,
    problem,
    problem2,
    assignedSlot,
    vacantSlot,
    classUid,
    setHeader,
    board,
    noticeBoard: 'notice',
    post,
    boardReply,
    leadNoticePost,
    box,
    reply,
    essayAttempt,
  };

  return {
    t,
    routes,
    members,
    fx,
    relogin,
    restoreActor,
    call,
    fresh: freshRows({ t, fx, members, member, must }),
    unique: uniqueText,
  };
}

/**
 * Rows made for one call that consumes them (a deletion, an approval, a restore…). Each makes
 * its own parents, so it still works after a fuzzed call deleted the shared fixtures.
 */
function freshRows(deps: {
  t: TestContext;
  fx: Fixtures;
  members: Record<SignedInActor, MemberRow>;
  member: (values?: { role?: 'student' | 'lead' | 'admin' | 'superadmin'; validated?: boolean; gradYear?: number }) => Promise<MemberRow>;
  must: Must;
}) {
  const { t, fx, members, member, must } = deps;
  const db = t.db;
  return {
    member,
    subject: () => createSubject(db, { subject_name: uniqueText('과목') }),
    test: () => createTest(db, { subject_code: fx.subject, test_name: uniqueText('시험') }),
    classUid: () => createClass(db, { subject_code: fx.subject, class_name: uniqueText('수업') }),
    async problem(values: { vacant?: boolean } = {}) {
      const test = await createTest(db, { subject_code: fx.subject, test_name: uniqueText('시험') });
      const uid = await createProblem(db, { test_code: test, no: 1, is_vacant: values.vacant ? 1 : 0 });
      return { test, uid, no: 1, type: 1 };
    },
    async setHeader() {
      const test = await createTest(db, { subject_code: fx.subject, test_name: uniqueText('시험') });
      return createSetHeader(db, { test_code: test, begin_problem_no: 1, end_problem_no: 2 });
    },
    async slotOfStudent() {
      const test = await createTest(db, { subject_code: fx.subject, test_name: uniqueText('시험') });
      const uid = await createProblem(db, { test_code: test, no: 1, is_vacant: 1 });
      await db.insertInto('assignments').values({ problem_uid: uid, member_code: members.student.code, assigned_by: members.lead.code }).execute();
      return uid;
    },
    /** A problem with one version in its history, different from its content now. */
    async problemWithVersion() {
      const test = await createTest(db, { subject_code: fx.subject, test_name: uniqueText('시험') });
      const uid = await createProblem(db, { test_code: test, no: 1, question: '<p>처음 문제</p>' });
      await must('lead', { method: 'PATCH', url: `/v1/problem/${uid}`, payload: { question: '<p>고친 문제</p>' } });
      const version = await db.selectFrom('problem_versions').select('code').where('problem_uid', '=', uid).executeTakeFirstOrThrow();
      return { uid, version: version.code };
    },
    /** A reply of the student on a new problem. */
    async replyOfStudent() {
      const test = await createTest(db, { subject_code: fx.subject, test_name: uniqueText('시험') });
      const uid = await createProblem(db, { test_code: test, no: 1 });
      const body = await must<{ reply: { reply_code: number } }>('student', {
        method: 'POST',
        url: `/v1/problem/${uid}/reply`,
        payload: { reply_text: '지울 댓글' },
      });
      return { problem: uid, reply: body.reply.reply_code };
    },
    async boxOfStudent() {
      const body = await must<{ box: { code: number } }>('student', { method: 'POST', url: '/v1/box', payload: { box_name: uniqueText('박스') } });
      return body.box.code;
    },
    async postOfStudent() {
      const body = await must<{ content: { code: number } }>('student', {
        method: 'POST',
        url: `/boards/${fx.board}/contents`,
        payload: { title: '지울 글', content: '<p>본문</p>' },
      });
      return body.content.code;
    },
    /** A reply of the student under a new post of theirs. */
    async boardReplyOfStudent() {
      const post = await this.postOfStudent();
      const body = await must<{ reply: { code: number } }>('student', {
        method: 'POST',
        url: `/boards/${fx.board}/contents/${post}/replies`,
        payload: { reply_text: '지울 댓글' },
      });
      return { post, reply: body.reply.code };
    },
    /** A new exam with one written problem that has an official answer (③): what a study session draws. */
    async answerableExam() {
      const test = await createTest(db, { subject_code: fx.subject, test_name: uniqueText('시험') });
      const problem = await createProblem(db, { test_code: test, no: 1, illustration: '① 가\n② 나\n③ 다', answer: '③' });
      return { test, problem };
    },
    /**
     * A tutor session of the student over a new exam's one answerable problem (its own rows, so a
     * fuzzed edit of the shared fixtures cannot empty it); finished when asked.
     */
    async studySessionOfStudent(values: { finished?: boolean } = {}) {
      const { test, problem } = await this.answerableExam();
      const body = await must<{ session: { code: number } }>('student', {
        method: 'POST',
        url: '/v1/study/sessions',
        payload: { scope: { test_codes: [test] }, filter: 'all', count: 1, order: 'exam', mode: 'tutor' },
      });
      if (values.finished) await must('student', { method: 'POST', url: `/v1/study/sessions/${body.session.code}/finish` });
      return { code: body.session.code, problem };
    },
    async board() {
      const slug = uniqueText('board');
      await db
        .insertInto('boards')
        .values({ board_name: `게시판 ${slug}`, board_id: slug })
        .execute();
      return slug;
    },
    /** A slot of the student, submitted and waiting for review. */
    async submittedSlotOfStudent() {
      const uid = await this.slotOfStudent();
      await db.updateTable('problems').set({ is_vacant: 0, question: '<p>제출한 문제</p>' }).where('uid', '=', uid).execute();
      await db.updateTable('assignments').set({ status: 'submitted' }).where('problem_uid', '=', uid).execute();
      return uid;
    },
    /** An open answer-key dispute on a new problem, filed by a new member (anyone else may support it). */
    async dispute() {
      const test = await createTest(db, { subject_code: fx.subject, test_name: uniqueText('시험') });
      const uid = await createProblem(db, { test_code: test, no: 1, answer: '②' });
      const filer = await member();
      const row = await db
        .insertInto('problem_disputes')
        .values({ problem_uid: uid, member_code: filer.code, claimed_answer: '③', reason: '③이 맞습니다.' })
        .returning('code')
        .executeTakeFirstOrThrow();
      return { problem: uid, code: row.code };
    },
    /** A pending password change of a new member, and the token of its link. */
    async passwordChangeToken() {
      const owner = await member();
      const token = randomBytes(32).toString('base64url');
      await db
        .insertInto('password_change_requests')
        .values({
          member_code: owner.code,
          token_hash: hashToken(token),
          email: owner.email!,
          new_password_hash: owner.password_hash,
          expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
        })
        .execute();
      return token;
    },
  };
}
