import { examTypeOf, type ExamType } from '@qbank/shared/exam-types';
import type { BankSearchGroup, BankSearchResponse } from '@qbank/shared/lineage';
import type { AppContext } from '../core/context';
import { SEARCH_COUNT_CAP } from '../problems/search-page';
import { bankSearchMatches, examNames, lineageYears, questionTexts, type BankExamFilters, type BankSearchMatch } from './bank-search-repository';

// The whole-bank search (issue 28 item 5): "심근경색: 14 lineages, 31 problems". The matches are
// gathered as the per-exam search gathers them (at most SEARCH_COUNT_CAP, decision 042: past that
// a term is too common to read whole, and the totals say "at least"), then grouped by lineage here.

const PREVIEW_CHARS = 160;

function newestFirst(a: BankSearchMatch, b: BankSearchMatch): number {
  return b.year - a.year || b.test_code - a.test_code || a.type - b.type || a.no - b.no;
}

async function examsOfType(ctx: AppContext, type: ExamType, filters: BankExamFilters): Promise<number[]> {
  const exams = await examNames(ctx.db, filters);
  return exams.filter((exam) => examTypeOf(exam.test_name) === type).map((exam) => exam.code);
}

export async function searchBank(
  ctx: AppContext,
  query: BankExamFilters & { q: string; exam_type?: ExamType | undefined; page: number; limit: number },
): Promise<BankSearchResponse> {
  // An exam's kind is in its name only (decision 207): the exams of that kind are picked from the
  // small tests table first, and the search keeps to them.
  const testCodes = query.exam_type === undefined ? undefined : await examsOfType(ctx, query.exam_type, query);
  const matches = testCodes?.length === 0 ? [] : await bankSearchMatches(ctx.db, ctx.dialect, { ...query, test_codes: testCodes }, SEARCH_COUNT_CAP + 1);
  const capped = matches.length > SEARCH_COUNT_CAP;
  const kept = matches.slice(0, SEARCH_COUNT_CAP).sort(newestFirst);

  // A problem in no lineage is a group of its own (keyed by its negated uid, never a lineage code).
  const groups = new Map<number, BankSearchMatch[]>();
  for (const match of kept) {
    const key = match.lineage_code ?? -match.uid;
    groups.set(key, [...(groups.get(key) ?? []), match]);
  }
  // The questions asked most often first, then the most matches, then the newest.
  const ordered = [...groups.values()].sort(
    (a, b) => (b[0]!.lineage_size ?? 1) - (a[0]!.lineage_size ?? 1) || b.length - a.length || newestFirst(a[0]!, b[0]!),
  );
  const page = ordered.slice((query.page - 1) * query.limit, query.page * query.limit);

  const shown = page.flat();
  const codes = [...new Set(shown.flatMap((match) => (match.lineage_code === null ? [] : [match.lineage_code])))];
  const [texts, years] = await Promise.all([
    questionTexts(
      ctx.db,
      shown.map((match) => match.uid),
    ),
    lineageYears(ctx.db, codes),
  ]);

  return {
    groups: page.map((members): BankSearchGroup => ({
      lineage_code: members[0]!.lineage_code,
      lineage_size: members[0]!.lineage_size ?? 1,
      years: members[0]!.lineage_code === null ? [members[0]!.year] : (years.get(members[0]!.lineage_code) ?? []),
      problems: members.map((match) => ({
        uid: match.uid,
        test_code: match.test_code,
        test_name: match.test_name,
        year: match.year,
        no: match.no,
        subject_name: match.subject_name,
        question_text: (texts.get(match.uid) ?? '').slice(0, PREVIEW_CHARS),
      })),
    })),
    total_problems: kept.length,
    total_groups: ordered.length,
    capped,
    page: query.page,
    limit: query.limit,
  };
}
