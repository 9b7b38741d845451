import type { Member } from '@qbank/shared/auth';
import { isNoticeBoard, type Board } from '@qbank/shared/boards';
import { isAdminRole, isLeadRole } from '@qbank/shared/roles';

// DESIGN.md §5 "Replies and posts", as the screens show it. The server decides; these only
// decide which buttons a member sees. Authors are matched by member id (what posts carry).

/** The notice board is written by leads and above; every other board by any approved member. */
export function canWriteOn(board: Pick<Board, 'board_name' | 'board_id'>, user: Member): boolean {
  return !isNoticeBoard(board) || isLeadRole(user.role);
}

export function isAuthor(user: Member | null, authorId: string | null): boolean {
  return user !== null && authorId !== null && user.id === authorId;
}

/** Only the author edits a post or a reply. */
export function canEdit(user: Member | null, authorId: string | null): boolean {
  return isAuthor(user, authorId);
}

/** The author deletes, and so do admins and superadmins. */
export function canDelete(user: Member | null, authorId: string | null): boolean {
  return user !== null && (isAuthor(user, authorId) || isAdminRole(user.role));
}
