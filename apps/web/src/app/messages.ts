// Korean texts of app. Shared words and page titles: ../common/messages.ts.
import { commonMessages } from '../common/messages';

export const appShellMessages = {
  footer: {
    contactLabel: '문의',
    contactEmail: 'qbank-help@example.ac.kr',
    about: '의과대학 기출문제 학습 포털',
    copyright: '© 2026 qbank',
  },
  dashboard: {
    nav: '대시보드 메뉴',
    adminSection: '관리자',
    leadSection: '학습부장',
    mySection: '내 메뉴',
    backToExams: '시험 목록으로',
    collapseSidebar: '사이드바 접기',
    expandSidebar: '사이드바 펼치기',
    profileLink: '내 정보',
  },
} as const;

/** What the screens of this feature read: the common texts and their own (and the few they show from the features they build on). */
export const messages = {
  ...commonMessages,
  ...appShellMessages,
};
