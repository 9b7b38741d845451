import type { KeyConflictVersion } from '@qbank/shared/lineage';
import type { DbOrTx } from '../core/db';
import { isVisibleLink } from './detect';
import { keyVersionRows, lineageCodesOf, sameLinksKeyedApartIn } from './repository';

// Keys that disagree (issue 28 item 7): a lineage holding `same` problems keyed to different
// answers. Detection marks such a pair keys_agree = 0 by answer text, so the same answer under
// another option number is no conflict (decision 129). Only the links students see count
// (confirmed, or strong and undecided): a weak suggestion flags nothing.

/** For each of `uids` in such a lineage, the versions whose keys disagree, by year. */
export async function keyConflictsOf(db: DbOrTx, uids: number[]): Promise<Map<number, KeyConflictVersion[]>> {
  const codes = await lineageCodesOf(db, uids);
  if (codes.size === 0) return new Map();
  const ends = new Map<number, Set<number>>();
  // From the few links keyed apart (a partial index), not from every link of the lineages: an
  // exam's lineages at 100,000 problems hold thousands of links (decision 206).
  for (const link of await sameLinksKeyedApartIn(db, [...new Set(codes.values())])) {
    if (!isVisibleLink(link)) continue;
    const set = ends.get(link.lineage_code) ?? new Set<number>();
    set.add(link.problem_a).add(link.problem_b);
    ends.set(link.lineage_code, set);
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
