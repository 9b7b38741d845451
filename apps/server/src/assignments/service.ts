import { problemStatus } from '@qbank/shared/authoring';
import { type AssignRequest } from '@qbank/shared/assignments';
import { type MySlot } from '@qbank/shared/my-problems';
import { preview } from '@qbank/shared/html-text';
import type { AppContext } from '../core/context';
import type { MemberRow } from '../db/schema';
import { validationError } from '../errors';
import { messages } from '../messages';
import { PREVIEW_LENGTH, presentAssignee } from '../authoring/presenter';
import { insertNotifications } from '../notifications/repository';
import { latestReturnComments, syncWithheld } from '../authoring/submission-review-repository';
import { getTestInfo } from '../exams/service';
import { specVacancy } from '../visibility/visible-problems';
import {
  countMySlots,
  deleteAssignments,
  existingAssignments,
  findMembers,
  findProblems,
  insertAssignments,
  listMySlots,
  listTestAssignments,
  problemUidsOfTest,
} from './repository';

// Decision 028: a lead saves who owns which problem; one transaction, all or nothing.

type AssignmentMap = Record<string, number[]>;

function toMap(rows: ReadonlyArray<{ problem_uid: number; member_code: number }>): AssignmentMap {
  const map: AssignmentMap = {};
  for (const row of rows) (map[String(row.problem_uid)] ??= []).push(row.member_code);
  return map;
}

function listed(items: readonly string[]): string {
  return items.slice(0, 10).join(', ') + (items.length > 10 ? ' …' : '');
}

export async function testAssignments(ctx: AppContext, testCode: number) {
  await getTestInfo(ctx, testCode);
  const rows = await listTestAssignments(ctx.db, testCode);
  const members = new Map<number, (typeof rows)[number]>();
  for (const row of rows) members.set(row.member_code, row);
  return {
    assignments: toMap(rows),
    members: [...members.values()].map((row) => ({ ...presentAssignee(row), validated: row.validated })),
  };
}

/**
 * Replaces the assignment set of the exam (with test_code) or of the problems named. Problems
 * must exist (and belong to the exam); assignees must be approved members. Pairs that stay keep
 * their status (a submitted slot stays submitted); new pairs start as 'assigned'.
 */
export async function saveAssignments(ctx: AppContext, lead: MemberRow, body: AssignRequest) {
  const pairs = new Map<string, { problem_uid: number; member_code: number }>();
  for (const entry of body.assignments) {
    pairs.set(`${entry.problem_code}:${entry.assignee_code}`, { problem_uid: entry.problem_code, member_code: entry.assignee_code });
  }
  const named = [...new Set(body.assignments.map((entry) => entry.problem_code))];
  const assigneeCodes = [...new Set(body.assignments.map((entry) => entry.assignee_code))];
  if (body.test_code !== undefined) await getTestInfo(ctx, body.test_code);

  return ctx.db.transaction().execute(async (trx) => {
    const problems = await findProblems(trx, named);
    const known = new Set(problems.filter((p) => body.test_code === undefined || p.test_code === body.test_code).map((p) => p.uid));
    const unknown = named.filter((uid) => !known.has(uid));
    if (unknown.length > 0) {
      throw validationError(messages.assignProblemsUnknown(listed(unknown.map((uid) => `#${uid}`))), {
        assignments: messages.assignProblemsUnknown(listed(unknown.map((uid) => `#${uid}`))),
      });
    }

    const members = new Map((await findMembers(trx, assigneeCodes)).map((member) => [member.code, member]));
    const refused = assigneeCodes.filter((code) => members.get(code)?.validated !== 1);
    if (refused.length > 0) {
      const names = listed(
        refused.map((code) => {
          const member = members.get(code);
          return member ? `${member.name}(${member.id})` : `#${code}`;
        }),
      );
      throw validationError(messages.assignMembersInvalid(names), { assignments: messages.assignMembersInvalid(names) });
    }

    const scope = body.test_code !== undefined ? await problemUidsOfTest(trx, body.test_code) : named;
    const existing = await existingAssignments(trx, scope);
    const existingKeys = new Set(existing.map((row) => `${row.problem_uid}:${row.member_code}`));
    await deleteAssignments(
      trx,
      existing.filter((row) => !pairs.has(`${row.problem_uid}:${row.member_code}`)),
    );
    const added = [...pairs.entries()].filter(([key]) => !existingKeys.has(key)).map(([, pair]) => pair);
    await insertAssignments(trx, added, lead.code);
    // A returned submission whose assignment is taken away is no longer waiting for a revision.
    await syncWithheld(trx, [...new Set(existing.filter((row) => !pairs.has(`${row.problem_uid}:${row.member_code}`)).map((row) => row.problem_uid))]);
    await insertNotifications(
      trx,
      added.map((pair) => ({ member_code: pair.member_code, kind: 'slot_assigned', problem_uid: pair.problem_uid })),
    );
    return { assignments: toMap([...pairs.values()].sort((a, b) => a.problem_uid - b.problem_uid || a.member_code - b.member_code)) };
  });
}

export async function mySlots(ctx: AppContext, member: MemberRow, filters: { year?: number | undefined; subject_code?: number | undefined }) {
  const [rows, counts] = await Promise.all([listMySlots(ctx.db, member.code, filters), countMySlots(ctx.db, member.code)]);
  const returned = await latestReturnComments(
    ctx.db,
    rows.filter((row) => row.review_status === 'changes_requested').map((row) => row.uid),
  );
  const problems: MySlot[] = rows.map((row) => ({
    uid: row.uid,
    problem_code: row.uid,
    no: row.no,
    type: row.type,
    choice_type: row.choice_type,
    test_code: row.test_code,
    test_name: row.test_name,
    year: row.year,
    subject_code: row.subject_code,
    subject_name: row.subject_name,
    status: problemStatus(row.is_vacant, [row.review_status]),
    is_vacant: specVacancy(row.is_vacant),
    question_text: preview(row.question_text, PREVIEW_LENGTH),
    update_time: row.update_time,
    review_status: row.review_status,
    review_comment: returned.get(row.uid) ?? null,
  }));
  return { problems, counts: { total: counts.total, completed: counts.completed, incomplete: counts.total - counts.completed } };
}
