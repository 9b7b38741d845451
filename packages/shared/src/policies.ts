import { isAdminRole, isLeadRole, type Role } from './roles';

// Who may change what (decisions 122, 126, 043). The server's
// services refuse with these, and the web's screens hide the buttons with the same functions, so
// a rule is written once. Which role may call a route at all is the route's guard (LEAD_ROLES,
// ADMIN_ROLES in ./roles); the rules here are the ones that depend on the row being changed.
// Private rows (boxes, notes, study sessions) need no rule here: their queries are scoped to the
// owner, so someone else's row answers 404 as if it did not exist.

/** Who acts, or whose account is acted on: the member code and role. */
export interface Actor {
  code: number;
  role: Role;
}

/** Only the author edits a post, a reply or a comment: admins may delete, never put words in someone's mouth. */
export function mayEditAuthored(isAuthor: boolean): boolean {
  return isAuthor;
}

/** The author deletes a post, a reply or a comment, and so do admins and superadmins. */
export function mayDeleteAuthored(role: Role, isAuthor: boolean): boolean {
  return isAuthor || isAdminRole(role);
}

/** The notice board is written by leads and above; every other board by any approved member. */
export function mayWriteOnBoard(role: Role, noticeBoard: boolean): boolean {
  return !noticeBoard || isLeadRole(role);
}

/** Exam content (exams, subjects, classes, problems, set headers), assignments and disputes' rulings. */
export function mayAuthor(role: Role): boolean {
  return isLeadRole(role);
}

/** A slot's detail and its submit: the member it is assigned to, or a lead. */
export function mayWorkOnSlot(role: Role, isAssignee: boolean): boolean {
  return isAssignee || mayAuthor(role);
}

/** Leads see every dispute; a student sees the ones they filed or supported. */
export function seesAllDisputes(role: Role): boolean {
  return mayAuthor(role);
}

/** Why a member may not be changed by this actor (decision 122): the server's message and the screen's hint differ. */
export type MemberProtection = 'superadmin' | 'self' | 'adminsBySuperadmin';

/**
 * Nobody changes a superadmin or their own account; only a superadmin changes an admin, or makes
 * one (`makesAdmin`). Null when the change is allowed.
 */
export function memberProtection(actor: Actor, target: Actor, makesAdmin = false): MemberProtection | null {
  if (target.role === 'superadmin') return 'superadmin';
  if (target.code === actor.code) return 'self';
  if ((target.role === 'admin' || makesAdmin) && actor.role !== 'superadmin') return 'adminsBySuperadmin';
  return null;
}

/** Which role holders an actor appoints and removes: admins and superadmins the leads, a superadmin the admins. */
export function mayAppoint(actor: Role, kind: 'lead' | 'admin'): boolean {
  return kind === 'admin' ? actor === 'superadmin' : isAdminRole(actor);
}
