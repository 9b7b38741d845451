import type { AuditAction, AuditChange, AuditEntry, AuditListQuery, AuditTargetKind } from '@qbank/shared/audit';
import { problemTypeLabelsByCode } from '@qbank/shared/messages';
import { roleOfAuthority, type Role } from '@qbank/shared/roles';
import { koreanDayStart } from './korean-day';
import type { AppContext } from '../core/context';
import { nowIso, type DbOrTx } from '../core/db';
import type { MemberRow } from '../db/schema';
import { roleOf } from '../core/auth-guards';
import { currentRequestId } from './request-scope';
import {
  deleteAuditRowsBefore,
  examLabelOf,
  insertAuditRow,
  postOf,
  problemPlaceOf,
  replyOf,
  listAuditRows,
  retentionDays,
  setRetentionDays,
  type AuditRow,
} from './repository';

// Decision 161. Every administrative act writes one entry with recordAudit, on the transaction of
// the act: the entry and the act commit or roll back together.

/** Who acted: a member (as they were at the time) or the system (null: a lockout, a purge). */
export type AuditActor = Pick<MemberRow, 'code' | 'id' | 'name' | 'authority'> | null;

export interface AuditAct {
  actor: AuditActor;
  action: AuditAction;
  target: { kind: AuditTargetKind; id?: string | number | null; label?: string | null };
  /** The fields as they were; omitted for a creation. */
  before?: Record<string, unknown> | null;
  /** The fields as they are now; omitted for a deletion. */
  after?: Record<string, unknown> | null;
  /** 'superadmin' for acts on admins, which only the superadmin may do (and read). */
  scope?: 'admin' | 'superadmin';
}

// Never written into an entry, whatever a caller passes: passwords, their hashes, tokens, secrets.
const SECRET_KEY = /pass(word)?|token|secret|hash|otp|credential/i;

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, inner]) => [key, withoutSecrets(inner)]),
    );
  }
  return value;
}

/** The fields whose value differs, each with its before and after (null for a side that lacks it). */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (SECRET_KEY.test(key)) continue;
    const old = withoutSecrets(before?.[key] ?? null);
    const now = withoutSecrets(after?.[key] ?? null);
    // A creation or deletion keeps every field; an update only the changed ones.
    if (before && after && JSON.stringify(old) === JSON.stringify(now)) continue;
    changes[key] = { before: before ? old : null, after: after ? now : null };
  }
  return changes;
}

export function actorLabel(actor: { id: string; name: string }): string {
  return `${actor.name} (${actor.id})`;
}

export async function recordAudit(db: DbOrTx, act: AuditAct): Promise<void> {
  await insertAuditRow(db, {
    at: nowIso(),
    actor_code: act.actor?.code ?? null,
    actor_label: act.actor ? actorLabel(act.actor) : null,
    action: act.action,
    target_kind: act.target.kind,
    target_id: act.target.id === undefined || act.target.id === null ? null : String(act.target.id),
    target_label: act.target.label ?? null,
    changes: JSON.stringify(changedFields(act.before, act.after)),
    scope: act.scope ?? 'admin',
    request_id: currentRequestId(),
  });
}

const ADMIN_LEVEL: readonly Role[] = ['admin', 'superadmin'];

/** A member's fields an entry shows (never the password hash or the token version). */
export function memberAuditFields(member: MemberRow): Record<string, unknown> {
  return {
    id: member.id,
    name: member.name,
    nickname: member.nickname,
    email: member.email,
    school_no: member.school_no,
    grade: member.grade,
    grad_year: member.grad_year,
    role: roleOf(member),
    validated: member.validated,
  };
}

/** An act on a member: their before/after, labelled, in the superadmin's scope when an admin is involved. */
export async function recordMemberAct(db: DbOrTx, actor: AuditActor, action: AuditAction, before: MemberRow | null, after: MemberRow | null): Promise<void> {
  const member = (after ?? before)!;
  const adminInvolved = [before, after].some((row) => row !== null && ADMIN_LEVEL.includes(roleOf(row)));
  await recordAudit(db, {
    actor,
    action,
    target: { kind: 'member', id: member.id, label: actorLabel(member) },
    before: before ? memberAuditFields(before) : null,
    after: after ? memberAuditFields(after) : null,
    scope: adminInvolved ? 'superadmin' : 'admin',
  });
}

/** An exam as an entry names it: "2025 해부학 중간고사" (code N when it is gone). */
export async function examTarget(db: DbOrTx, testCode: number): Promise<AuditAct['target']> {
  return { kind: 'exam', id: testCode, label: (await examLabelOf(db, testCode)) ?? `시험 ${testCode}` };
}

/** A problem as an entry names it: its exam and "객관식 3번" (read here unless the caller has the row). */
export async function problemTarget(db: DbOrTx, uidOrRow: number | { uid: number; test_code: number; type: number; no: number }): Promise<AuditAct['target']> {
  const problem = typeof uidOrRow === 'number' ? await problemPlaceOf(db, uidOrRow) : uidOrRow;
  if (!problem) return { kind: 'problem', id: uidOrRow as number, label: `문제 ${String(uidOrRow)}` };
  const exam = (await examLabelOf(db, problem.test_code)) ?? `시험 ${problem.test_code}`;
  return { kind: 'problem', id: problem.uid, label: `${exam} · ${problemTypeLabelsByCode[problem.type] ?? problem.type} ${problem.no}번` };
}

/**
 * Board moderation: someone else's post or reply removed (an author removing their own is not an
 * administrative act). Call before the delete, in its transaction: the entry keeps what was removed.
 */
export async function recordRemoval(
  db: DbOrTx,
  actor: MemberRow,
  removed: { kind: 'post'; contentCode: number } | { kind: 'board_reply' | 'problem_reply'; replyCode: number; problemUid?: number },
): Promise<void> {
  if (removed.kind === 'post') {
    const post = await postOf(db, removed.contentCode);
    if (!post) return;
    await recordAudit(db, {
      actor,
      action: 'board.post_delete',
      target: { kind: 'post', id: post.code, label: `${post.board} · ${post.title}` },
      before: { title: post.title, author: post.author },
    });
    return;
  }
  const reply = await replyOf(db, removed.kind === 'board_reply' ? 'board' : 'problem', removed.replyCode);
  if (!reply) return;
  const onProblem = removed.kind === 'problem_reply' && removed.problemUid !== undefined ? await problemTarget(db, removed.problemUid) : null;
  await recordAudit(db, {
    actor,
    action: removed.kind === 'board_reply' ? 'board.reply_delete' : 'problem.reply_delete',
    target: { kind: 'reply', id: removed.replyCode, label: onProblem?.label ?? null },
    before: { text: reply.text.slice(0, 500), author: reply.author },
  });
}

/** A board created or renamed (admins). */
export async function recordBoardAct(
  db: DbOrTx,
  actor: MemberRow,
  board: { code: number; board_name: string; board_id: string },
  beforeName: string | null,
): Promise<void> {
  await recordAudit(db, {
    actor,
    action: beforeName === null ? 'board.create' : 'board.rename',
    target: { kind: 'board', id: board.board_id, label: board.board_name },
    before: beforeName === null ? null : { board_name: beforeName },
    after: beforeName === null ? { board_id: board.board_id, board_name: board.board_name } : { board_name: board.board_name },
  });
}

/**
 * A login identifier locked after too many failed passwords (decision 124): by the system, on the
 * member it names or on the typed identifier when it names nobody (someone guessing accounts).
 * Only the failure that locks writes an entry, so a guessing run costs one row per window.
 */
export async function recordLockout(db: DbOrTx, identifier: string, member: MemberRow | null, windowMinutes: number): Promise<void> {
  const typed = identifier.trim().toLowerCase().slice(0, 100);
  await recordAudit(db, {
    actor: null,
    action: 'auth.lockout',
    target: { kind: 'login', id: member?.id ?? typed, label: member ? actorLabel(member) : typed },
    after: { locked_minutes: windowMinutes },
    scope: member && ADMIN_LEVEL.includes(roleOf(member)) ? 'superadmin' : 'admin',
  });
}

function presentEntry(row: AuditRow): AuditEntry {
  let changes: Record<string, AuditChange> = {};
  try {
    changes = JSON.parse(row.changes) as Record<string, AuditChange>;
  } catch {
    // Written by recordAudit only; an unreadable value shows as no changes rather than failing the list.
  }
  return {
    code: Number(row.code),
    at: row.at,
    actor_code: row.actor_code,
    actor_label: row.actor_label,
    action: row.action as AuditEntry['action'],
    target_kind: row.target_kind as AuditEntry['target_kind'],
    target_id: row.target_id,
    target_label: row.target_label,
    changes,
    request_id: row.request_id,
  };
}

/** A date alone is a whole Korean calendar day; an instant is taken as it is. */
function instantOf(value: string, endOfDay: boolean): string {
  if (value.length > 10) return new Date(value).toISOString();
  return koreanDayStart(value, endOfDay ? 1 : 0);
}

export async function listAudit(ctx: AppContext, reader: MemberRow, query: AuditListQuery) {
  const { page, limit } = query;
  const { rows, total } = await listAuditRows(
    ctx.db,
    ctx.dialect,
    {
      actor: query.actor,
      action: query.action,
      target: query.target,
      fromIso: query.from ? instantOf(query.from, false) : undefined,
      toIso: query.to ? instantOf(query.to, true) : undefined,
      scope: roleOfAuthority(reader.authority) === 'superadmin' ? undefined : 'admin',
    },
    { page, limit },
  );
  return { entries: rows.map(presentEntry), total, page, limit, size: rows.length };
}

export function auditRetention(ctx: AppContext): Promise<number> {
  return retentionDays(ctx.db);
}

/** The period is itself an audited act; only the superadmin changes it (the route's guard). */
export async function changeAuditRetention(ctx: AppContext, actor: MemberRow, days: number): Promise<number> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await setRetentionDays(trx, days);
    if (before === days) return;
    await recordAudit(trx, {
      actor,
      action: 'audit.retention',
      target: { kind: 'setting', id: 'audit.retention_days', label: '감사 기록 보관 기간' },
      before: { retention_days: before },
      after: { retention_days: days },
      scope: 'superadmin',
    });
  });
  return days;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The purge job's work: entries older than the period go; returns how many. */
export async function purgeExpiredAudit(db: DbOrTx, now: Date): Promise<number> {
  const days = await retentionDays(db);
  // A minute inside the period, so this process's clock running ahead of the database's never
  // asks for a row the trigger still protects.
  return deleteAuditRowsBefore(db, new Date(now.getTime() - days * DAY_MS - 60_000).toISOString());
}
