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
// The subjects and their problems are data, in demo-subjects.json (read by demo-subjects.ts).
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

interface PostSeed {
  board: 'notice' | 'free' | 'qna';
  author: string;
  daysAgo: number;
  title: string;
  content: string;
  views: number;
  replies: Array<{ author: string; text: string; hoursLater: number }>;
}

const BOARDS: Array<{ board_id: 'notice' | 'free' | 'qna'; board_name: string }> = [
  { board_id: 'notice', board_name: '공지사항' },
  { board_id: 'free', board_name: '자유게시판' },
  { board_id: 'qna', board_name: '질문게시판' },
];

const POSTS: PostSeed[] = [
  {
    board: 'notice',
    author: 'demo-lead',
    daysAgo: 1,
    title: '[시험] 2학기 기말고사 일정 및 족보 정리 일정 안내',
    content:
      '<p>2·3학년 2학기 기말고사 일정을 안내드립니다. 강의실과 세부 시간은 학사 공지를 다시 확인해 주세요.</p>' +
      '<ul><li>순환기내과학·소화기내과학: 12월 둘째 주 월요일 1~2교시</li><li>호흡기내과학: 12월 둘째 주 수요일 3~4교시</li><li>예방의학: 12월 둘째 주 금요일 1교시</li></ul>' +
      '<p>시험이 끝나면 학습부장이 과목별로 빈 문제를 만들어 배정합니다. 배정받은 문제는 <strong>대시보드 → 내 문제</strong>에서 시험 후 3일 이내에 작성해 주세요.</p>',
    views: 142,
    replies: [
      { author: 'han-seoyeon', text: '정리 감사합니다! 순환기 범위는 부정맥까지 맞나요?', hoursLater: 3 },
      { author: 'demo-lead', text: '네, 부정맥과 판막 질환까지입니다. 고혈압은 형성평가로 끝났어요.', hoursLater: 5 },
    ],
  },
  {
    board: 'notice',
    author: 'demo-lead',
    daysAgo: 5,
    title: '족보 업로드 및 빈 문제 배정 안내',
    content:
      '<p>이번 학기부터 족보는 모두 qbank에서 관리합니다.</p>' +
      '<ol><li>시험이 끝나면 학습부장이 시험을 만들고 문항 수만큼 빈 문제를 생성합니다.</li><li>빈 문제는 학년별로 자동 배정되며, 본인에게 배정된 문제는 <strong>내 문제</strong> 화면에 보입니다.</li><li>기억나는 대로 문제, 보기, 정답, 해설을 적어 주세요. 사진이나 표도 넣을 수 있습니다.</li></ol>' +
      '<p>정답이 확실하지 않으면 해설에 "정답 확인 필요"라고 적어 주시면 학습부장이 교수님 자료로 확인합니다.</p>',
    views: 96,
    replies: [
      { author: 'demo-student', text: '내 문제 화면에서 저장하면 바로 다른 학생들에게 보이나요?', hoursLater: 20 },
      { author: 'demo-lead', text: '저장하면 바로 시험 문제 목록에 반영됩니다. 수정도 계속 가능해요.', hoursLater: 22 },
    ],
  },
  {
    board: 'notice',
    author: 'demo-admin',
    daysAgo: 12,
    title: 'qbank 서비스 이용 안내',
    content:
      '<p>의과대학 기출문제 은행 qbank에 오신 것을 환영합니다.</p>' +
      '<ul><li><strong>가입 승인</strong>: 회원가입 후 관리자가 학번을 확인하고 승인하면 문제와 해설을 볼 수 있습니다.</li><li><strong>시험·과목 찾기</strong>: 연도, 과목, 검색어로 시험을 찾고 과목별 수업 목록에서 관련 문제를 모아 볼 수 있습니다.</li><li><strong>풀이 모드</strong>: 시험 문제 목록의 "풀이 모드" 버튼으로 문제를 직접 풀고 정답률을 확인하세요. 방향키와 숫자키를 쓸 수 있습니다.</li><li><strong>북마크 박스</strong>: 별 아이콘으로 문제를 내 박스에 모아 두고 서재에서 다시 볼 수 있습니다.</li><li><strong>워드 내보내기</strong>: 문제만, 문제+정답, 문제+정답+해설 등 다섯 가지 형식으로 내려받을 수 있습니다.</li></ul>',
    views: 311,
    replies: [],
  },
  {
    board: 'notice',
    author: 'demo-admin',
    daysAgo: 19,
    title: '문제 오류 신고 및 해설 수정 요청 방법',
    content:
      '<p>정답이나 해설에 오류가 있으면 해당 문제 아래 댓글로 알려 주세요. 근거(교과서 쪽수, 강의 자료)를 함께 적어 주시면 확인이 빠릅니다.</p>' +
      '<p>학습부장이 확인 후 수정하며, 수정 전 내용은 이력으로 보관됩니다.</p>',
    views: 88,
    replies: [],
  },
  {
    board: 'notice',
    author: 'demo-super',
    daysAgo: 33,
    title: '족보 자료 외부 유출 금지 및 개인정보 보호 안내',
    content:
      '<p>qbank의 문제와 해설은 본교 학생의 학습을 위한 자료입니다. 캡처나 파일을 외부 커뮤니티, 타 학교에 공유하는 것을 금지합니다.</p>' +
      '<p>계정은 본인만 사용해야 하며, 공용 컴퓨터에서는 반드시 로그아웃해 주세요. 비밀번호는 대시보드의 설정 메뉴에서 이메일 확인을 거쳐 바꿀 수 있습니다.</p>',
    views: 204,
    replies: [],
  },
  {
    board: 'free',
    author: 'demo-student',
    daysAgo: 2,
    title: '도서관 4층 스터디룸 예약 꿀팁',
    content:
      '<p>시험 기간에는 스터디룸이 오전 9시 정각에 다 차요. 전날 밤 12시에 열리는 다음 날 예약을 노리면 거의 성공합니다. 4층 안쪽 방이 조용하고 콘센트도 많아요.</p>',
    views: 57,
    replies: [
      { author: 'han-seoyeon', text: '꿀팁 감사해요! 오늘 밤에 바로 해볼게요.', hoursLater: 2 },
      { author: 'choi-yujin', text: '1학년도 예약 가능한가요?', hoursLater: 6 },
      { author: 'demo-student', text: '네, 학생증만 있으면 학년 상관없이 돼요.', hoursLater: 7 },
    ],
  },
  {
    board: 'free',
    author: 'han-seoyeon',
    daysAgo: 4,
    title: '순환기 형성평가 2차 다들 어떠셨어요?',
    content: '<p>심전도 문제가 생각보다 많이 나와서 당황했어요. 특히 서맥에 ST 상승 나온 문제요. 빈 문제 배정 받으신 분들 기억나는 거 같이 맞춰봐요!</p>',
    views: 73,
    replies: [
      { author: 'demo-student', text: '저 5번, 6번 배정받았어요. 5번은 심방세동 항응고 문제였던 것 같아요.', hoursLater: 1 },
      { author: 'jung-hyunwoo', text: '작년에도 그 유형 나왔어요. 족보 꼭 보세요.', hoursLater: 9 },
    ],
  },
  {
    board: 'free',
    author: 'jung-hyunwoo',
    daysAgo: 9,
    title: '해부학 실습복·실습 도구 나눔합니다',
    content:
      '<p>4학년이라 이제 필요 없어서 나눔합니다. 실습복 M 사이즈 2벌, 해부 도구 세트(메스 손잡이, 포셉, 가위) 있어요. 댓글 남겨 주시면 학생회실에 맡겨 둘게요.</p>',
    views: 40,
    replies: [{ author: 'choi-yujin', text: '저 받고 싶어요! 실습복 M 사이즈 필요했어요.', hoursLater: 4 }],
  },
  {
    board: 'free',
    author: 'jung-hyunwoo',
    daysAgo: 16,
    title: '국시 대비 스터디원 구합니다 (4학년, 주 2회)',
    content:
      '<p>화·목 저녁 7시에 2시간씩, 과목별로 기출 문제를 풀고 해설을 나누는 스터디입니다. qbank 풀이 모드로 같이 풀고 오답 노트 박스를 공유하려고 해요. 2명 더 구합니다.</p>',
    views: 35,
    replies: [],
  },
  {
    board: 'qna',
    author: 'han-seoyeon',
    daysAgo: 1,
    title: '순환기 중간고사 증례 세트 2번 질문',
    content: '<p>하벽 경색이면 RCA가 답인 건 알겠는데, LCx 우세형인 사람도 있잖아요. 이 문제에서 LCx를 답으로 하면 안 되는 이유가 있을까요?</p>',
    views: 23,
    replies: [
      {
        author: 'demo-lead',
        text: '"가능성이 가장 높은" 동맥을 묻는 문제라서 RCA가 정답입니다. 서맥이 동반된 것도 RCA 쪽 단서예요. 해설에 보충해 두었습니다.',
        hoursLater: 4,
      },
    ],
  },
  {
    board: 'qna',
    author: 'choi-yujin',
    daysAgo: 3,
    title: '풀이 모드에서 해설을 바로 보려면 어떻게 하나요?',
    content: '<p>풀이 모드에서 답을 고르면 정답만 나오고 해설은 안 보이네요. 해설도 같이 보는 방법이 있나요?</p>',
    views: 31,
    replies: [
      {
        author: 'demo-admin',
        text: '풀이 화면 위쪽의 해설 보기 스위치를 켜거나 H 키를 누르면 답을 제출할 때 해설도 함께 보입니다. ? 키를 누르면 단축키 도움말이 열려요.',
        hoursLater: 2,
      },
    ],
  },
  {
    board: 'qna',
    author: 'demo-student',
    daysAgo: 7,
    title: '병리학 슬라이드 문제 사진이 작게 보여요',
    content: '<p>말초혈액도말 슬라이드 문제에서 사진이 작아서 세포가 잘 안 보입니다. 크게 보는 방법이 있을까요?</p>',
    views: 19,
    replies: [{ author: 'demo-admin', text: '사진을 누르면 새 창에서 원본 크기로 열립니다. 휴대폰에서는 두 손가락으로 확대해 보세요.', hoursLater: 5 }],
  },
  {
    board: 'qna',
    author: 'demo-student',
    daysAgo: 11,
    title: 'Holliday-Segar 계산에서 20 kg 넘는 경우 질문',
    content: '<p>25 kg이면 1,600 mL/일인데 4-2-1 법칙으로 하면 65 mL/시간이라 24시간 곱하면 1,560 mL가 나와요. 시험에서는 어느 쪽으로 써야 하나요?</p>',
    views: 27,
    replies: [
      {
        author: 'jung-hyunwoo',
        text: '둘 다 근사식이라 문제에서 요구하는 단위대로 쓰면 돼요. 하루 양을 물으면 1,600 mL, 시간당을 물으면 65 mL로 답했어요.',
        hoursLater: 3,
      },
    ],
  },
];

const PROBLEM_REPLIES: Array<{ key: string; author: string; text: string; daysAgo: number }> = [
  {
    key: 'card-stemi-artery',
    author: 'demo-student',
    text: 'II, III, aVF에서 ST가 올라가고 서맥까지 있으면 RCA라고 외우면 편해요. 동방결절·방실결절 가지가 대부분 RCA에서 나오니까요.',
    daysAgo: 6,
  },
  { key: 'card-stemi-artery', author: 'jung-hyunwoo', text: '우심실 경색 동반 여부를 보려면 V4R을 꼭 찍어 보라고 교수님이 강조하셨어요.', daysAgo: 5 },
  { key: 'card-stemi-tx', author: 'han-seoyeon', text: '하벽 경색에 저혈압이면 니트로글리세린 주의! 해설의 이 부분이 또 나올 것 같아요.', daysAgo: 4 },
  { key: 'gast-hav', author: 'choi-yujin', text: '그래프 보니까 ALT가 AST보다 높네요. 20~30대 급성 간염이면 A형 간염부터 생각하기.', daysAgo: 8 },
  { key: 'gast-hav', author: 'demo-lead', text: '해설에 급성 B형 간염 감별(IgM anti-HBc)도 추가해 두었습니다.', daysAgo: 7 },
  {
    key: 'prev-sensitivity',
    author: 'demo-student',
    text: '표에서 민감도와 특이도는 세로(질병 유무) 기준, 예측도는 가로(검사 결과) 기준으로 보면 안 헷갈려요.',
    daysAgo: 10,
  },
  { key: 'path-smear', author: 'han-seoyeon', text: '과분엽 호중구는 5엽 이상이 5% 넘거나 6엽 이상이 하나라도 있으면이라고 배웠어요.', daysAgo: 12 },
  { key: 'ped-holliday', author: 'jung-hyunwoo', text: '시간당으로는 4-2-1 법칙: 25 kg이면 40 + 20 + 5 = 65 mL/시간이에요.', daysAgo: 9 },
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
  for (const r of PROBLEM_REPLIES) {
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
  const posts = [...POSTS].sort((a, b) => b.daysAgo - a.daysAgo);
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
