import { SOLVE_BOX_SLOTS, type Box, type CreateBoxRequest } from '@qbank/shared/boxes';
import type { AppContext } from '../core/context';
import { plainDialectRead, plainRead } from '../core/plain-reads';
import { notFound } from '../errors';
import { messages } from '../messages';
import { requireVisibleProblem } from '../problems/visibility';
import {
  addProblemToBox,
  countMemberBoxes,
  deleteBox as deleteBoxRow,
  ensureSolveBox,
  findMemberBox,
  insertBox,
  listBookmarkedUids,
  listBoxProblems as listBoxProblemRows,
  listMemberBoxes as listMemberBoxRows,
  removeProblemFromBox,
  type BoxRow,
} from './repository';

export async function requireMemberBox(ctx: AppContext, memberCode: number, boxCode: number): Promise<BoxRow> {
  const box = await findMemberBox(ctx.db, memberCode, boxCode);
  if (!box) throw notFound(messages.boxNotFound);
  return box;
}

// A new box's precidence equals the current box count, so it goes last.
export async function createBox(ctx: AppContext, memberCode: number, request: CreateBoxRequest): Promise<BoxRow> {
  const code = await ctx.db.transaction().execute(async (trx) => {
    const precidence = request.precidence ?? (await countMemberBoxes(trx, memberCode));
    return insertBox(trx, { member_code: memberCode, box_name: request.box_name, precidence, solve_slot: null });
  });
  return requireMemberBox(ctx, memberCode, code);
}

/** Solve mode's 중요 문제 and 오답 노트 boxes, created on first use (decision 016). */
export async function ensureSolveBoxes(ctx: AppContext, memberCode: number): Promise<{ important: Box; wrong: Box }> {
  await ctx.db.transaction().execute(async (trx) => {
    const count = await countMemberBoxes(trx, memberCode);
    await ensureSolveBox(trx, memberCode, SOLVE_BOX_SLOTS.important, messages.solveBoxNames.important, count);
    await ensureSolveBox(trx, memberCode, SOLVE_BOX_SLOTS.wrong, messages.solveBoxNames.wrong, count + 1);
  });
  const boxes = await listMemberBoxRows(ctx.db, memberCode);
  const important = boxes.find((box) => box.solve_slot === SOLVE_BOX_SLOTS.important);
  const wrong = boxes.find((box) => box.solve_slot === SOLVE_BOX_SLOTS.wrong);
  if (!important || !wrong) throw new Error('solve boxes missing after ensure');
  return { important, wrong };
}

export async function putProblemInBox(ctx: AppContext, memberCode: number, boxCode: number, problemUid: number): Promise<boolean> {
  await requireMemberBox(ctx, memberCode, boxCode);
  await requireVisibleProblem(ctx.db, problemUid);
  return addProblemToBox(ctx.db, boxCode, problemUid);
}

export async function takeProblemOutOfBox(ctx: AppContext, memberCode: number, boxCode: number, problemUid: number): Promise<void> {
  await requireMemberBox(ctx, memberCode, boxCode);
  await removeProblemFromBox(ctx.db, boxCode, problemUid);
}

// Plain reads with no rule of their own: the service is still the routes' one door to the repository.
export const deleteBox = plainRead(deleteBoxRow);
export const listBoxProblems = plainDialectRead(listBoxProblemRows);
/** The member's boxes; asked about one problem, each box says whether it holds it; asked about a page of problems, which of them are bookmarked. */
export async function listBoxesFor(ctx: AppContext, memberCode: number, query: { problem_uid?: number | undefined; problem_uids?: number[] | undefined }) {
  const boxes = await listMemberBoxRows(ctx.db, memberCode, query.problem_uid);
  if (!query.problem_uids) return { boxes };
  return { boxes, bookmarked_uids: await listBookmarkedUids(ctx.db, memberCode, query.problem_uids) };
}
