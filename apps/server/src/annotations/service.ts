import type { Annotation, Highlight } from '@qbank/shared/annotations';
import type { AppContext } from '../core/context';
import { requireVisibleProblem } from '../problems/visibility';
import { findAnnotation, isEmptyAnnotation, listAnnotations, saveAnnotation, type AnnotationValues } from './repository';

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

const EMPTY: AnnotationValues = { struck: '', struck_time: null, highlights: '[]', highlights_time: null, is_marked: 0, marked_time: null };

export async function getAnnotations(ctx: AppContext, memberCode: number, problemUids: readonly number[]): Promise<Annotation[]> {
  return (await listAnnotations(ctx.db, memberCode, problemUids)).map(present);
}

/**
 * Changes one of the annotation's parts. `changedAt` is when the member made the change (their
 * clock: a change queued offline arrives later); one older than the part's stored time is dropped,
 * so the newer change stays and a replay changes nothing (decision 197).
 */
async function change(
  ctx: AppContext,
  memberCode: number,
  problemUid: number,
  changedAt: string | undefined,
  timeOf: (values: AnnotationValues) => string | null,
  edit: (current: AnnotationValues, at: string) => AnnotationValues,
): Promise<Annotation | null> {
  await requireVisibleProblem(ctx.db, problemUid);
  const at = changedAt ? new Date(changedAt).toISOString() : new Date().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const row = await findAnnotation(trx, memberCode, problemUid);
    const current: AnnotationValues = row
      ? {
          struck: row.struck,
          struck_time: row.struck_time,
          highlights: row.highlights,
          highlights_time: row.highlights_time,
          is_marked: row.is_marked,
          marked_time: row.marked_time,
        }
      : EMPTY;
    const stored = timeOf(current);
    if (!(stored && stored > at)) await saveAnnotation(trx, memberCode, problemUid, edit(current, at));
    const saved = await findAnnotation(trx, memberCode, problemUid);
    return saved && !isEmptyAnnotation(saved) ? present(saved) : null;
  });
}

export function setStrikes(ctx: AppContext, memberCode: number, problemUid: number, options: readonly number[], changedAt?: string) {
  return change(
    ctx,
    memberCode,
    problemUid,
    changedAt,
    (values) => values.struck_time,
    (current, at) => ({ ...current, struck: options.join(','), struck_time: at }),
  );
}

export function setMark(ctx: AppContext, memberCode: number, problemUid: number, marked: boolean, changedAt?: string) {
  return change(
    ctx,
    memberCode,
    problemUid,
    changedAt,
    (values) => values.marked_time,
    (current, at) => ({ ...current, is_marked: marked ? 1 : 0, marked_time: at }),
  );
}

/** The whole list of highlights. */
export function setHighlights(ctx: AppContext, memberCode: number, problemUid: number, highlights: readonly Highlight[], changedAt?: string) {
  const sorted = [...highlights].sort((x, y) => x.part.localeCompare(y.part) || x.start - y.start);
  return change(
    ctx,
    memberCode,
    problemUid,
    changedAt,
    (values) => values.highlights_time,
    (current, at) => ({
      ...current,
      highlights: JSON.stringify(sorted.map(({ part, start, end }) => ({ part, start, end }))),
      highlights_time: at,
    }),
  );
}
