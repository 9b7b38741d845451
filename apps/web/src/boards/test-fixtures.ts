import type { BoardContentDetail } from '@qbank/shared/boards';

// Canned board data for the UI tests (shapes from the shared schemas).

export const ISO = '2026-03-02T00:30:00.000Z';

/** A post on the free board (자유게시판) by student01, without replies or attachment. */
export function postDetail(overrides: Partial<BoardContentDetail> = {}): BoardContentDetail {
  return {
    code: 31,
    board_code: 2,
    title: '스터디 모집',
    author_id: 'student01',
    author_nickname: '학생일',
    creation_time: ISO,
    update_time: ISO,
    access_no: 1,
    reply_count: 0,
    attached_filename: null,
    attached_filesize: null,
    content: '<p>같이 공부해요</p>',
    board_name: '자유게시판',
    replies: [],
    ...overrides,
  };
}
