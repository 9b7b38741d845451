import type { Member } from '@qbank/shared/auth';
import { isNoticeBoard, type Board } from '@qbank/shared/boards';
import { mayDeleteAuthored, mayEditAuthored, mayWriteOnBoard } from '@qbank/shared/policies';

// Decision 126 (replies and posts), as the screens show it: the server refuses with the same
// rules (@qbank/shared/policies); these only decide which buttons a member sees. Authors are
// matched by member id (what posts carry).

/** The notice board is written by leads and above; every other board by any approved member. */
export function canWriteOn(board: Pick<Board, 'board_name' | 'board_id'>, user: Member): boolean {
  return mayWriteOnBoard(user.role, isNoticeBoard(board));
}

export function isAuthor(user: Member | null, authorId: string | null): boolean {
  return user !== null && authorId !== null && user.id === authorId;
}

/** Only the author edits a post or a reply. */
export function canEdit(user: Member | null, authorId: string | null): boolean {
  return mayEditAuthored(isAuthor(user, authorId));
}

/** The author deletes, and so do admins and superadmins. */
export function canDelete(user: Member | null, authorId: string | null): boolean {
  return user !== null && mayDeleteAuthored(user.role, isAuthor(user, authorId));
}
