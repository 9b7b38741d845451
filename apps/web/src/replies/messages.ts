// Korean texts of replies. Shared words and page titles: ../common/messages.ts.
import { commonMessages } from '../common/messages';

export const repliesMessages = {
  replies: {
    toggle: (count: number) => `댓글 ${count}`,
    threadLabel: '댓글',
    listLabel: '댓글 목록',
    deletedAuthor: '탈퇴한 회원',
    none: '아직 댓글이 없습니다.',
    loadFailed: '댓글을 불러올 수 없습니다.',
    retry: '다시 시도',
    inputLabel: '댓글 쓰기',
    placeholder: '댓글을 입력하세요',
    submit: '등록',
    edit: '수정',
    editFor: (author: string) => `${author}의 댓글 수정`,
    editLabel: '댓글 수정',
    save: '저장',
    cancel: '취소',
    delete: '삭제',
    deleteFor: (author: string) => `${author}의 댓글 삭제`,
    edited: '(수정됨)',
    confirmTitle: '댓글 삭제',
    confirmDelete: '댓글을 삭제하시겠습니까?',
    createFailed: '댓글 작성 실패',
    updateFailed: '댓글 수정 실패',
    deleteFailed: '댓글 삭제 실패',
  },
} as const;

/** What the screens of this feature read: the common texts and their own. */
export const messages = {
  ...commonMessages,
  ...repliesMessages,
};
