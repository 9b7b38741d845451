// Korean texts of solve mode. The texts of answering a problem: ../answering/messages.ts; shared
// words and page titles: ../common/messages.ts.
import { answeringMessages } from '../answering/messages';
import { commonMessages } from '../common/messages';
import { problemsMessages } from '../problems/messages';

export const solveMessages = {
  solve: {
    bookmarkAdded: '북마크에 추가되었습니다.',
    bookmarkRemoved: '박스에서 제거되었습니다.',
    bookmarkAddFailed: '북마크 추가에 실패했습니다',
    bookmarkRemoveFailed: '박스에서 제거에 실패했습니다',
    wrongNoteAdded: '오답 노트에 추가되었습니다',
    wrongNoteAddedText: '틀린 문제는 내 보관함의 오답 노트에 자동으로 담깁니다.',
    wrongNoteFailed: '오답 노트에 추가하지 못했습니다',
    resumeTitle: '이전 풀이 기록',
    resumeText: (count: number) => `${count}문항을 풀었습니다. 이어서 푸시겠습니까?`,
    resume: '이어서 풀기',
    restart: '처음부터 풀기',
    restartFailed: '처음부터 풀기에 실패했습니다. 잠시 후 다시 시도하세요.',
    progressFailed: '이전 풀이 기록을 불러오지 못했습니다. 처음부터 풀이를 시작합니다.',
    empty: '풀 수 있는 문제가 없습니다.',
    backToList: '문제 목록으로',
    loadFailed: '문제 로드 실패',
    reload: '다시 시도',
    testNotFound: '시험 정보를 찾을 수 없습니다.',
    backToExams: '시험 목록으로',
  },
} as const;

/** What the screens of this feature read: the common texts and their own (and the few they show from the features they build on). */
export const messages = {
  ...commonMessages,
  problems: problemsMessages.problems,
  answering: answeringMessages,
  ...solveMessages,
};
