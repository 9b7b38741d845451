import type { Kysely, Transaction } from 'kysely';
import { AUTHORITY, roleOfAuthority, type Role } from '@qbank/shared/roles';
import { sanitizeRichHtml } from '../rich-text/html';
import { buildProblemSearchText } from '../problems/search-text';
import { hashPassword } from '../core/password';
import { seedDemoDisputes } from './demo-disputes';
import { askedLastYear } from './demo-lineage';
import type { Database } from '../db/schema';
import type { FileStore } from '../core/file-store';
import { storeImage } from '../uploads/storage';
import { seedDemoAnswers, type DemoExam } from './demo-answers';
import { DEMO_POSTS, DEMO_PROBLEM_REPLIES } from './demo-community';
import { renderDemoImages } from './demo-images';
import { renderSlideImages } from './demo-slide-images';
import { seedDemoStudySessions } from './demo-study-sessions';
import {
  DEMO_SUBJECTS,
  LETTERS,
  circled,
  type DemoImageName,
  type ExamSeed,
  type ProblemSeed,
  type ProblemType,
  type SetSeed,
  type SubjectSeed,
} from './demo-subjects';

// Korean demo data set (seeded on first start with an empty database; decision 031 says when).
// Everything here is original teaching material written for the demo: members of every role,
// subjects with their classes, three years of exams with problems of every type and choice
// format, common passages, pictures, boards, comments, bookmark boxes and assigned empty slots.
// The subjects and their problems are data, in demo-subjects.json (read by demo-subjects.ts), and
// so are the board posts and the comments on problems, in demo-community.json (demo-community.ts).
// Dates are derived from `options.now`, so the data always looks current.

export interface DemoAccount {
  role: Role;
  id: string;
  password: string;
  note: string;
}

export const DEMO_PASSWORD = 'qbank-demo-2026';

/** The member id whose presence means "the demo data is already there". */
export const DEMO_MARKER_ID = 'demo-admin';

// ---------------------------------------------------------------- members

interface MemberSeed {
  id: string;
  name: string;
  nickname: string;
  authority: number | null;
  /** Calculated grade (1–4) for students; null for staff. */
  grade: number | null;
  validated: 0 | 1;
  schoolNo: string;
  joinedDaysAgo: number;
  note: string;
}

const MEMBERS: MemberSeed[] = [
  {
    id: 'demo-super',
    name: '윤성호',
    nickname: '시스템관리자',
    authority: AUTHORITY.superadmin,
    grade: null,
    validated: 1,
    schoolNo: '2015190001',
    joinedDaysAgo: 900,
    note: 'Super Admin — 관리자 임명·해제를 포함한 모든 관리 기능',
  },
  {
    id: 'demo-admin',
    name: '이서진',
    nickname: '교학팀 이서진',
    authority: AUTHORITY.admin,
    grade: null,
    validated: 1,
    schoolNo: '2017190004',
    joinedDaysAgo: 700,
    note: '관리자 — 가입 승인, 학습부장 임명, 회원 관리, 유급 처리',
  },
  {
    id: 'demo-lead',
    name: '박준영',
    nickname: '3학년 학습부장',
    authority: AUTHORITY.lead,
    grade: 3,
    validated: 1,
    schoolNo: '',
    joinedDaysAgo: 620,
    note: '학습부장 (3학년) — 시험·과목·문제 관리와 빈 문제 배정',
  },
  {
    id: 'demo-student',
    name: '김지민',
    nickname: '지민',
    authority: null,
    grade: 2,
    validated: 1,
    schoolNo: '',
    joinedDaysAgo: 300,
    note: '학생 (2학년) — 북마크 박스와 배정받은 빈 문제가 있음',
  },
  { id: 'han-seoyeon', name: '한서연', nickname: '서연', authority: null, grade: 2, validated: 1, schoolNo: '', joinedDaysAgo: 290, note: '학생 (2학년)' },
  { id: 'choi-yujin', name: '최유진', nickname: '유진', authority: null, grade: 1, validated: 1, schoolNo: '', joinedDaysAgo: 60, note: '학생 (1학년)' },
  { id: 'jung-hyunwoo', name: '정현우', nickname: '현우', authority: null, grade: 4, validated: 1, schoolNo: '', joinedDaysAgo: 1000, note: '학생 (4학년)' },
  {
    id: 'newbie-kim',
    name: '김도윤',
    nickname: '도윤',
    authority: null,
    grade: 1,
    validated: 0,
    schoolNo: '',
    joinedDaysAgo: 2,
    note: '승인 대기 중인 가입자 (1학년)',
  },
  {
    id: 'newbie-lee',
    name: '이하은',
    nickname: '하은',
    authority: null,
    grade: 1,
    validated: 0,
    schoolNo: '',
    joinedDaysAgo: 1,
    note: '승인 대기 중인 가입자 (1학년)',
  },
];

export function demoAccounts(): DemoAccount[] {
  return MEMBERS.map((m) => ({ role: roleOfAuthority(m.authority), id: m.id, password: DEMO_PASSWORD, note: m.note }));
}

/** grad_year such that 5 − (grad_year − currentYear) is the wanted grade (@qbank/shared/grade). */
function gradYearFor(grade: number, currentYear: number): number {
  return currentYear + 5 - grade;
}

// ---------------------------------------------------------------- boards

const BOARDS: Array<{ board_id: 'notice' | 'free' | 'qna'; board_name: string }> = [
  { board_id: 'notice', board_name: '공지사항' },
  { board_id: 'free', board_name: '자유게시판' },
  { board_id: 'qna', board_name: '질문게시판' },
];

/**
 * The demo student's earlier answers (oldest first, as past reviews): enough of them fell due for the review deck
 * to show "오늘 복습할 문제" at once; one right answer yesterday is not due yet.
 */
const PAST_ANSWERS: Array<{ key: string; correct: boolean; daysAgo: number }> = [
  { key: 'path-smear', correct: true, daysAgo: 40 },
  { key: 'path-smear', correct: true, daysAgo: 36 },
  { key: 'gast-hav', correct: true, daysAgo: 21 },
  { key: 'prev-sensitivity', correct: false, daysAgo: 9 },
  { key: 'prev-sensitivity', correct: true, daysAgo: 8 },
  { key: 'gast-hav', correct: false, daysAgo: 6 },
  { key: 'card-stemi-artery', correct: false, daysAgo: 4 },
  { key: 'ped-holliday', correct: false, daysAgo: 2 },
  { key: 'card-hfref', correct: true, daysAgo: 1 },
];

/** The demo student's private memos and 헷갈림 flags. */
const NOTES: Array<{ key: string; text: string; confused: boolean; daysAgo: number }> = [
  { key: 'card-stemi-artery', text: 'II, III, aVF + 서맥 → RCA.\n우심실 경색 의심되면 V4R, 니트로글리세린 금지!', confused: false, daysAgo: 4 },
  { key: 'gast-hav', text: 'IgM anti-HAV(A형) vs IgM anti-HBc(급성 B형) 자꾸 헷갈림', confused: true, daysAgo: 6 },
  { key: 'prev-sensitivity', text: '', confused: true, daysAgo: 8 },
];

const BOXES: Array<{ owner: string; name: string; precidence: number; keys: string[] }> = [
  { owner: 'demo-student', name: '순환기 복습', precidence: 0, keys: ['card-stemi-dx', 'card-stemi-artery', 'card-stemi-tx', 'card-hfref', 'card-as'] },
  { owner: 'demo-student', name: '헷갈린 문제', precidence: 1, keys: ['gast-hav', 'ped-holliday', 'prev-sensitivity', 'path-smear', 'ped-dehydration-a'] },
  { owner: 'han-seoyeon', name: '슬라이드 모음', precidence: 0, keys: ['path-smear', 'pulm-cxr-pneumonia'] },
];

/** Empty slots of the partly written exam (by slot number among its empty multiple-choice slots) and their owners. */
const ASSIGNMENTS: Array<{ vacantIndex: number; owner: string }> = [
  { vacantIndex: 0, owner: 'demo-student' },
  { vacantIndex: 1, owner: 'demo-student' },
  { vacantIndex: 2, owner: 'han-seoyeon' },
];

// ---------------------------------------------------------------- rendering helpers

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function questionHtml(p: ProblemSeed): string {
  const parts = p.stem.split('\n').map((line) => `<p>${escapeHtml(line)}</p>`);
  if (p.statements) {
    parts.push(`<p>${p.statements.map((s, i) => `${LETTERS[i]}. ${escapeHtml(s)}`).join('<br>')}</p>`);
  }
  if (p.table) {
    const head = p.table.head.map((h) => `<th>${escapeHtml(h)}</th>`).join('');
    const rows = p.table.rows.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`).join('');
    parts.push(`<table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`);
  }
  return parts.join('');
}

function questionPlainText(p: ProblemSeed): string {
  const lines = p.stem.split('\n');
  if (p.statements) lines.push(...p.statements.map((s, i) => `${LETTERS[i]}. ${s}`));
  if (p.table) {
    lines.push(p.table.head.join(' | '));
    for (const row of p.table.rows) lines.push(row.join(' | '));
  }
  return lines.join('\n');
}

function illustrationText(p: ProblemSeed): string {
  return (p.choices ?? []).map((c, i) => `${circled(i + 1)} ${c}`).join('\n');
}

// ---------------------------------------------------------------- time helpers

const DAY_MS = 24 * 60 * 60 * 1000;

function isoDaysAgo(now: Date, days: number, hours = 0): string {
  return new Date(now.getTime() - days * DAY_MS + hours * 60 * 60 * 1000).toISOString();
}

function ymd(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A weekday `weeks` weeks after the first Monday-ish day of the term month. */
function classDate(year: number, month: number, weeks: number, shift: number): Date {
  const date = new Date(Date.UTC(year, month - 1, 3 + weeks * 7 + shift, 0, 0, 0));
  const day = date.getUTCDay();
  if (day === 6) date.setUTCDate(date.getUTCDate() + 2);
  if (day === 0) date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

const EXAM_WEEK: Record<string, number> = { '형성평가 1차': 3, 중간고사: 5, '형성평가 2차': 7, 기말고사: 9 };

function examTime(year: number, termMonth: number, kind: string, now: Date): string {
  const date = new Date(Date.UTC(year, termMonth - 1, 2 + (EXAM_WEEK[kind] ?? 6) * 7, 1, 0, 0));
  const latest = now.getTime() - 2 * DAY_MS;
  return new Date(Math.min(date.getTime(), latest)).toISOString();
}

// ---------------------------------------------------------------- exam composition

interface ExamEntry {
  problem: ProblemSeed | null; // null: an empty slot
  type: ProblemType;
  set?: SetSeed;
}

function composeExam(subject: SubjectSeed, examIndex: number, exam: ExamSeed): ExamEntry[] {
  const mcqs = subject.pool.filter((p) => p.type === 1);
  const essays = subject.pool.filter((p) => p.type === 2);
  const slides = subject.pool.filter((p) => p.type === 4);
  const entry = (p: ProblemSeed): ExamEntry => ({ problem: exam.yearsAgo === 1 ? askedLastYear(p) : p, type: p.type });
  const setEntries = (): ExamEntry[] => (exam.withSet && subject.set ? subject.set.problems.map((p) => ({ problem: p, type: p.type, set: subject.set })) : []);

  if (exam.all) {
    return [...mcqs.slice(0, 2).map(entry), ...setEntries(), ...mcqs.slice(2).map(entry), ...essays.map(entry), ...slides.map(entry)];
  }
  const rotate = <T>(items: T[], start: number, count: number): T[] =>
    Array.from({ length: Math.min(count, items.length) }, (_, i) => items[(start + i) % items.length] as T);
  const mcqCount = exam.written ?? mcqs.length - 1 - (examIndex % 2);
  const entries = [
    ...rotate(mcqs, examIndex * 2, mcqCount).map(entry),
    ...setEntries(),
    ...rotate(essays, examIndex, 1).map(entry),
    ...(exam.vacant ? [] : examIndex % 2 === 0 ? slides.map(entry) : []),
  ];
  if (exam.vacant) {
    for (let i = 0; i < exam.vacant.mcq; i++) entries.push({ problem: null, type: 1 });
    for (let i = 0; i < exam.vacant.essay; i++) entries.push({ problem: null, type: 2 });
  }
  return entries;
}

// ---------------------------------------------------------------- seeding

type Trx = Transaction<Database>;

async function memberExists(db: Kysely<Database> | Trx, id: string): Promise<boolean> {
  const row = await db.selectFrom('members').select('code').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/**
 * Seeds the demo data set in one transaction. Idempotent: when the member `demo-admin`
 * exists nothing is written and `seeded` is false. The account list is returned either way.
 */
export async function seedDemoData(db: Kysely<Database>, options: { storage: FileStore; now?: Date }): Promise<{ seeded: boolean; accounts: DemoAccount[] }> {
  const accounts = demoAccounts();
  if (await memberExists(db, DEMO_MARKER_ID)) return { seeded: false, accounts };

  const now = options.now ?? new Date();
  const currentYear = now.getFullYear();
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const images = { ...renderDemoImages(), ...renderSlideImages() };
  const imagePaths = {} as Record<DemoImageName, string>;
  for (const [name, bytes] of Object.entries(images) as Array<[DemoImageName, Buffer]>) {
    imagePaths[name] = await storeImage(options.storage, bytes);
  }
  const pic = (name: DemoImageName | undefined): string | null => (name ? imagePaths[name] : null);

  try {
    const seeded = await db.transaction().execute(async (trx) => {
      // A concurrent start may have seeded meanwhile.
      if (await memberExists(trx, DEMO_MARKER_ID)) return false;
      await insertAll(trx, { now, currentYear, passwordHash, pic });
      return true;
    });
    return { seeded, accounts };
  } catch (error) {
    // Two processes seeding the same empty database: the loser hits the unique member id.
    if (await memberExists(db, DEMO_MARKER_ID)) return { seeded: false, accounts };
    throw error;
  }
}

interface SeedContext {
  now: Date;
  currentYear: number;
  passwordHash: string;
  pic: (name: DemoImageName | undefined) => string | null;
}

async function insertAll(trx: Trx, ctx: SeedContext): Promise<void> {
  const { now, currentYear, passwordHash, pic } = ctx;

  // Members.
  const memberCodes = new Map<string, number>();
  for (const [index, m] of MEMBERS.entries()) {
    const gradYear = m.grade === null ? null : gradYearFor(m.grade, currentYear);
    // Student numbers: year of entering the medical course, department code 19, serial.
    const schoolNo = m.schoolNo || `${(gradYear ?? currentYear) - 4}19${String(12 + index * 7).padStart(4, '0')}`;
    const joined = isoDaysAgo(now, m.joinedDaysAgo, index);
    const row = await trx
      .insertInto('members')
      .values({
        id: m.id,
        name: m.name,
        nickname: m.nickname,
        email: `${m.id}@example.ac.kr`,
        school_no: schoolNo,
        password_hash: passwordHash,
        grad_year: gradYear,
        grade: m.grade,
        authority: m.authority,
        validated: m.validated,
        token_version: 0,
        creation_time: joined,
        update_time: joined,
      })
      .returning('code')
      .executeTakeFirstOrThrow();
    memberCodes.set(m.id, row.code);
  }
  const member = (id: string): number => {
    const code = memberCodes.get(id);
    if (code === undefined) throw new Error(`unknown demo member ${id}`);
    return code;
  };
  const leadCode = member('demo-lead');

  // Subjects, their classes and exams with problems.
  const problemsByKey = new Map<string, number>();
  const vacantMcqSlots: number[] = [];
  const problemClassRows: Array<{ problem_uid: number; class_uid: number }> = [];

  const demoExams: DemoExam[] = [];
  for (const [subjectIndex, s] of DEMO_SUBJECTS.entries()) {
    const subjectTime = isoDaysAgo(now, 1100 - subjectIndex);
    const subject = await trx
      .insertInto('subjects')
      .values({ subject_name: s.name, abbr: s.abbr, type: s.type, cliexam_type: s.cliexam, creation_time: subjectTime })
      .returning('code')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('subject_grades')
      .values(s.grades.map((grade) => ({ subject_code: subject.code, grade })))
      .execute();

    // Classes (수업): one per topic in every year the subject has exams, none in the future.
    const years = [...new Set(s.exams.map((e) => currentYear - e.yearsAgo))].sort((a, b) => a - b);
    const classUid = new Map<string, number>(); // `${topic}:${year}`
    for (const year of years) {
      for (const [topic, topicName] of s.topics.entries()) {
        const date = classDate(year, s.termMonth, topic, subjectIndex % 3);
        if (date.getTime() > now.getTime()) continue;
        const row = await trx
          .insertInto('classes')
          .values({
            subject_code: subject.code,
            class_name: topicName,
            class_date: ymd(date),
            class_time: ((subjectIndex + topic * 3) % 8) + 1,
            professor: s.professors[topic % 2] ?? null,
            creation_time: new Date(date.getTime() - 7 * DAY_MS).toISOString(),
          })
          .returning('uid')
          .executeTakeFirstOrThrow();
        classUid.set(`${topic}:${year}`, row.uid);
      }
    }
    const classFor = (topic: number, year: number): number | undefined => {
      for (let y = year; y >= year - 3; y--) {
        const uid = classUid.get(`${topic}:${y}`);
        if (uid !== undefined) return uid;
      }
      return undefined;
    };

    for (const [examIndex, exam] of s.exams.entries()) {
      const year = currentYear - exam.yearsAgo;
      const time = examTime(year, s.termMonth, exam.kind, now);
      const test = await trx
        .insertInto('tests')
        .values({ test_name: `${year} ${s.name} ${exam.kind}`, year, subject_code: subject.code, creation_time: time, update_time: time })
        .returning('code')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('test_grades')
        .values(s.grades.map((grade) => ({ test_code: test.code, grade })))
        .execute();

      const demoExam: DemoExam = { test_code: test.code, problems: [] };
      demoExams.push(demoExam);
      const entries = composeExam(s, examIndex, exam);
      const counters: Record<ProblemType, number> = { 1: 0, 2: 0, 4: 0 };
      const numbered = entries.map((e) => ({ ...e, no: ++counters[e.type] }));

      // The common passage covers the consecutive numbers of its problems.
      let setHeaderCode: number | null = null;
      const setNos = numbered.filter((e) => e.set).map((e) => e.no);
      const set = numbered.find((e) => e.set)?.set;
      if (set && setNos.length > 0) {
        const begin = Math.min(...setNos);
        const end = Math.max(...setNos);
        const header = await trx
          .insertInto('set_headers')
          .values({
            test_code: test.code,
            type: set.type,
            begin_problem_no: begin,
            end_problem_no: end,
            header_text: `[${begin}-${end}] ${set.text}`,
            pic_path: pic(set.pic),
          })
          .returning('code')
          .executeTakeFirstOrThrow();
        setHeaderCode = header.code;
      }

      for (const e of numbered) {
        const p = e.problem;
        const content = {
          question: p ? sanitizeRichHtml(questionHtml(p)) : '',
          illustration: p ? illustrationText(p) : '',
          answer: p ? p.answer : '',
          comments: p ? sanitizeRichHtml(`<p>${escapeHtml(p.comments)}</p>`) : '',
        };
        const row = await trx
          .insertInto('problems')
          .values({
            test_code: test.code,
            no: e.no,
            type: e.type,
            choice_type: p ? p.choiceType : null,
            ...content,
            question_text: p ? questionPlainText(p) : '',
            search_text: p ? buildProblemSearchText(content) : '',
            is_vacant: p ? 0 : 1,
            question_pic_path: pic(p?.pic),
            answer_pic_path: null,
            comment_pic_path: pic(p?.commentPic),
            set_header_code: e.set ? setHeaderCode : null,
            updated_by: p ? leadCode : null,
            creation_time: time,
            update_time: time,
          })
          .returning('uid')
          .executeTakeFirstOrThrow();
        if (!p) {
          if (e.type === 1) vacantMcqSlots.push(row.uid);
          continue;
        }
        demoExam.problems.push({ uid: row.uid, type: e.type, choice_type: p.choiceType, illustration: content.illustration, answer: content.answer });
        if (p.key) problemsByKey.set(p.key, row.uid); // exams run oldest first: the latest wins
        const cls = classFor(p.topic, year);
        if (cls !== undefined) problemClassRows.push({ problem_uid: row.uid, class_uid: cls });
      }
    }
  }
  for (let i = 0; i < problemClassRows.length; i += 200) {
    await trx
      .insertInto('problem_classes')
      .values(problemClassRows.slice(i, i + 200))
      .execute();
  }
  const problem = (key: string): number => {
    const uid = problemsByKey.get(key);
    if (uid === undefined) throw new Error(`unknown demo problem ${key}`);
    return uid;
  };

  await seedDemoAnswers(trx, { now, passwordHash, currentYear, memberCode: member, exams: demoExams });

  // Comments on problems.
  for (const r of DEMO_PROBLEM_REPLIES) {
    const time = isoDaysAgo(now, r.daysAgo, 3);
    await trx
      .insertInto('problem_replies')
      .values({ problem_uid: problem(r.key), member_code: member(r.author), reply_text: r.text, creation_time: time, update_time: time })
      .execute();
  }

  // Bookmark boxes.
  for (const [index, b] of BOXES.entries()) {
    const time = isoDaysAgo(now, 20 - index * 3);
    const box = await trx
      .insertInto('boxes')
      .values({ member_code: member(b.owner), box_name: b.name, precidence: b.precidence, solve_slot: null, creation_time: time })
      .returning('code')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('box_problems')
      .values(b.keys.map((key, i) => ({ box_code: box.code, problem_uid: problem(key), creation_time: isoDaysAgo(now, 18 - index * 3 - i * 0.5) })))
      .execute();
  }

  // Study sessions of the demo student (a finished tutor and a finished timed session).
  await seedDemoStudySessions(trx, member('demo-student'), now, problem('card-stemi-dx'));

  // Empty slots assigned to students.
  const assignedSlots: Array<{ uid: number; owner: string }> = [];
  for (const a of ASSIGNMENTS) {
    const uid = vacantMcqSlots[a.vacantIndex];
    if (uid === undefined) throw new Error('not enough empty demo slots');
    const time = isoDaysAgo(now, 1, -2);
    await trx
      .insertInto('assignments')
      .values({ problem_uid: uid, member_code: member(a.owner), status: 'assigned', assigned_by: leadCode, creation_time: time, update_time: time })
      .execute();
    assignedSlots.push({ uid, owner: a.owner });
  }
  await seedDemoDisputes(trx, { now, member, problem, assignedSlots });

  // The demo student's earlier answers, kept as past reviews (no solve run, so every exam still
  // opens fresh in solve mode); the review deck is built from them on first read. Then their notes.
  const student = member('demo-student');
  for (const [index, a] of PAST_ANSWERS.entries()) {
    const row = await trx.selectFrom('problems').select(['uid', 'type', 'answer']).where('uid', '=', problem(a.key)).executeTakeFirstOrThrow();
    const wrongChoice = row.answer.includes('①') || row.answer.trim() === '1' ? '②' : '①';
    const answer = a.correct ? row.answer : row.type === 1 ? wrongChoice : '모르겠음';
    await trx
      .insertInto('solve_attempts')
      .values({
        run_code: null,
        member_code: student,
        problem_uid: row.uid,
        answer,
        is_correct: a.correct ? 1 : 0,
        creation_time: isoDaysAgo(now, a.daysAgo, -(index % 5)),
        source: 'review',
      })
      .execute();
  }
  for (const n of NOTES) {
    await trx
      .insertInto('problem_notes')
      .values({
        member_code: student,
        problem_uid: problem(n.key),
        note_text: n.text,
        is_confused: n.confused ? 1 : 0,
        update_time: isoDaysAgo(now, n.daysAgo),
      })
      .execute();
  }

  // Boards (reusing a board that already exists with the same board_id).
  const boardCodes = new Map<string, number>();
  for (const [index, b] of BOARDS.entries()) {
    const existing = await trx.selectFrom('boards').select('code').where('board_id', '=', b.board_id).executeTakeFirst();
    const code =
      existing?.code ??
      (
        await trx
          .insertInto('boards')
          .values({ board_name: b.board_name, board_id: b.board_id, creation_time: isoDaysAgo(now, 1000 - index) })
          .returning('code')
          .executeTakeFirstOrThrow()
      ).code;
    boardCodes.set(b.board_id, code);
  }
  // Oldest first, so codes grow with time like real posts.
  const posts = [...DEMO_POSTS].sort((a, b) => b.daysAgo - a.daysAgo);
  for (const [index, post] of posts.entries()) {
    const boardCode = boardCodes.get(post.board);
    if (boardCode === undefined) throw new Error(`unknown demo board ${post.board}`);
    const time = isoDaysAgo(now, post.daysAgo, -((index * 5) % 11));
    const content = await trx
      .insertInto('board_contents')
      .values({
        board_code: boardCode,
        title: post.title,
        content: post.content,
        author_code: member(post.author),
        access_no: post.views,
        attached_filename: null,
        attached_filesize: null,
        attached_path: null,
        attached_mime: null,
        creation_time: time,
        update_time: time,
      })
      .returning('code')
      .executeTakeFirstOrThrow();
    for (const reply of post.replies) {
      const replyTime = new Date(Math.min(new Date(time).getTime() + reply.hoursLater * 3600_000, now.getTime() - 60_000)).toISOString();
      await trx
        .insertInto('board_replies')
        .values({ content_code: content.code, member_code: member(reply.author), reply_text: reply.text, creation_time: replyTime, update_time: replyTime })
        .execute();
    }
  }
}
