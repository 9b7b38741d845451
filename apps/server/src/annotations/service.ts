import type { Annotation, Highlight } from '@qbank/shared/annotations';
import type { AppContext } from '../core/context';
import { requireVisibleProblem } from '../problems/visibility';
import { findAnnotation, listAnnotations, saveAnnotation, type AnnotationValues } from './repository';

// Strikes, highlights and the review mark of a member on a problem (issue 30 items 1–3, decision
// 165). Each is set by its own call, so changing one never overwrites a change of another made
// meanwhile on another device.

type AnnotationRow = NonNullable<Awaited<ReturnType<typeof findAnnotation>>>;

function present(row: AnnotationRow): Annotation {
  return {
    problem_uid: row.problem_uid,
    struck: row.struck ? row.struck.split(',').map(Number) : [],
    highlights: JSON.parse(row.highlights) as Highlight[],
    marked: row.is_marked === 1,
    update_time: row.update_time,
  };
}

const EMPTY: AnnotationValues = { struck: '', highlights: '[]', highlights_time: null, is_marked: 0 };

export async function getAnnotations(ctx: AppContext, memberCode: number, problemUids: readonly number[]): Promise<Annotation[]> {
  return (await listAnnotations(ctx.db, memberCode, problemUids)).map(present);
}

async function change(
  ctx: AppContext,
  memberCode: number,
  problemUid: number,
  edit: (current: AnnotationValues) => AnnotationValues,
): Promise<Annotation | null> {
  await requireVisibleProblem(ctx.db, problemUid);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await findAnnotation(trx, memberCode, problemUid);
    const current: AnnotationValues = row
      ? { struck: row.struck, highlights: row.highlights, highlights_time: row.highlights_time, is_marked: row.is_marked }
      : EMPTY;
    const next = edit(current);
    if (next !== current) await saveAnnotation(trx, memberCode, problemUid, next);
    const saved = await findAnnotation(trx, memberCode, problemUid);
    return saved ? present(saved) : null;
  });
}

export function setStrikes(ctx: AppContext, memberCode: number, problemUid: number, options: readonly number[]) {
  return change(ctx, memberCode, problemUid, (current) => ({ ...current, struck: options.join(',') }));
}

export function setMark(ctx: AppContext, memberCode: number, problemUid: number, marked: boolean) {
  return change(ctx, memberCode, problemUid, (current) => ({ ...current, is_marked: marked ? 1 : 0 }));
}

/**
 * The whole list of highlights. A change made at `changedAt` (the member's clock, for a change
 * queued offline) that is older than the stored one is dropped: the newer change stays.
 */
export function setHighlights(ctx: AppContext, memberCode: number, problemUid: number, highlights: readonly Highlight[], changedAt: string | undefined) {
  const at = changedAt ? new Date(changedAt).toISOString() : new Date().toISOString();
  return change(ctx, memberCode, problemUid, (current) => {
    if (current.highlights_time && current.highlights_time > at) return current;
    const sorted = [...highlights].sort((x, y) => x.part.localeCompare(y.part) || x.start - y.start);
    return {
      ...current,
      highlights: JSON.stringify(sorted.map(({ part, start, end }) => ({ part, start, end }))),
      highlights_time: sorted.length > 0 ? at : null,
    };
  });
}
