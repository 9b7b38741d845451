// Korean texts of home. Shared words and page titles: ../common/messages.ts.
import { commonMessages } from '../common/messages';

export const homeMessages = {
  home: {
    heroTitle: '의과대학 기출문제 학습 포털',
    heroText: '연도와 과목으로 기출 시험을 찾고, 정답과 해설로 복습하세요. 과목의 수업별로 문제를 모아 볼 수도 있습니다.',
    shortcuts: '바로가기',
    cards: {
      exams: { title: '시험', text: '연도·과목별 기출 시험과 문제를 찾아봅니다.' },
      subjects: { title: '과목', text: '과목의 수업과 시험을 한눈에 봅니다.' },
      board: { title: '게시판', text: '공지사항과 질문, 자유 글을 읽습니다.' },
    },
    notices: '공지사항',
    more: '더보기',
    moreLabel: '공지사항 더보기',
    newBadge: 'NEW',
    noNotices: '공지사항이 없습니다 - 게시판 추후 구축 예정',
  },
} as const;

/** What the screens of this feature read: the common texts and their own. */
export const messages = {
  ...commonMessages,
  ...homeMessages,
};
