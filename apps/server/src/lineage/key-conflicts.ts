import type { KeyConflictVersion } from '@qbank/shared/lineage';
import type { DbOrTx } from '../core/db';
import { isVisibleLink } from './detect';
import { keyVersionRows, lineageCodesOf, linksOf, membersOfLineages } from './repository';

// Keys that disagree (issue 28 item 7): a lineage holding `same` problems keyed to different
// answers. Detection marks such a pair keys_agree = 0 by answer text, so the same answer under
// another option number is no conflict (decision 129). Only the links students see count
// (confirmed, or strong and undecided): a weak suggestion flags nothing.

/** For each of `uids` in such a lineage, the versions whose keys disagree, by year. */
export async function keyConflictsOf(db: DbOrTx, uids: number[]): Promise<Map<number, KeyConflictVersion[]>> {
  const codes = await lineageCodesOf(db, uids);
  if (codes.size === 0) return new Map();
  const members = await membersOfLineages(db, [...new Set(codes.values())]);
  const codeOf = await lineageCodesOf(db, members);
  const ends = new Map<number, Set<number>>();
  for (const link of await linksOf(db, members)) {
    if (link.relation !== 'same' || link.keys_agree !== 0 || !isVisibleLink(link)) continue;
    const code = codeOf.get(link.problem_a);
    if (code === undefined || code !== codeOf.get(link.problem_b)) continue;
    const set = ends.get(code) ?? new Set<number>();
    set.add(link.problem_a).add(link.problem_b);
    ends.set(code, set);
  }
  if (ends.size === 0) return new Map();
  const rows = await keyVersionRows(db, [...new Set([...ends.values()].flatMap((set) => [...set]))]);
  rows.sort((a, b) => a.year - b.year || a.test_code - b.test_code || a.no - b.no);
  const out = new Map<number, KeyConflictVersion[]>();
  for (const uid of uids) {
    const set = ends.get(codes.get(uid) ?? -1);
    if (set)
      out.set(
        uid,
        rows.filter((row) => set.has(row.uid)),
      );
  }
  return out;
}
