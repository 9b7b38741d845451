import type { ExamType } from '@qbank/shared/exam-types';
import type { LineageCount } from '@qbank/shared/lineage';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { createUidBatcher } from '../lib/batch-by-uid';

// The reads of what the app shell draws on problem cards and class pages (app/providers.tsx card
// slots): the 출제 N회 badge and a class's recurrence line. Apart from api.ts, whose screens are
// lazy: a module the shell imports stays whole in the shell's entry chunk when lazy chunks import
// it too, and api.ts there was most of the 출제 이력 code over the first screen's JS budget
// (bench/web-assets.mjs). The schemas come through loaders (lib/api-client.ts, decision 050), so
// zod stays out of the shell as well.

/** The whole-bank search's filters (bank-search-page.tsx); each absent one is any. */
export interface BankSearchFilters {
  subjectCode?: number | undefined;
  year?: number | undefined;
  examType?: ExamType | undefined;
}

// 출제 이력 (issue 28). Query keys come only from `lineageKeys`; a lead's decision refetches every
// lineage read (it changes the badges of every member at once).
export const lineageKeys = {
  all: ['lineage'] as const,
  summary: (uid: number) => [...lineageKeys.all, 'summary', uid] as const,
  problem: (uid: number) => [...lineageKeys.all, 'problem', uid] as const,
  content: (uid: number) => [...lineageKeys.all, 'content', uid] as const,
  search: (q: string, filters: BankSearchFilters, page: number) =>
    [...lineageKeys.all, 'search', q, filters.subjectCode ?? null, filters.year ?? null, filters.examType ?? null, page] as const,
  progress: () => [...lineageKeys.all, 'progress'] as const,
  suggestions: (subjectCode: number | undefined, page: number) => [...lineageKeys.all, 'suggestions', subjectCode ?? null, page] as const,
  keyConflicts: (subjectCode: number | undefined, page: number) => [...lineageKeys.all, 'key-conflicts', subjectCode ?? null, page] as const,
  similar: (text: string, subjectCode: number | undefined) => [...lineageKeys.all, 'similar', text, subjectCode ?? null] as const,
  classRecurrence: (classCode: number) => [...lineageKeys.all, 'class', classCode] as const,
};

/** How much of a lecture class recurs (decision 190): its problems and those asked twice or more. */
export const classRecurrenceQueryOptions = (classCode: number) =>
  queryOptions({
    queryKey: lineageKeys.classRecurrence(classCode),
    queryFn: ({ signal }) =>
      apiRequest(`/v1/lineages/class/${classCode}`, { schema: () => import('@qbank/shared/lineage').then((m) => m.classRecurrenceResponseSchema), signal }),
    staleTime: 60_000,
  });

export function useClassRecurrence(classCode: number) {
  return useQuery(classRecurrenceQueryOptions(classCode));
}

// The badges of a list's chunk go out as one call (decision 068), like the notes and dispute badges.
const SUMMARY_BATCH_MAX = 200;
const loadSummary = createUidBatcher<LineageCount>(SUMMARY_BATCH_MAX, async (uids) => {
  const { summaries } = await apiRequest('/v1/lineages/summary', {
    query: { uids: uids.join(',') },
    schema: () => import('@qbank/shared/lineage').then((m) => m.lineageCountsResponseSchema),
  });
  return new Map(summaries.map((summary) => [summary.uid, summary]));
});

export const lineageSummaryQueryOptions = (problemUid: number) =>
  queryOptions({ queryKey: lineageKeys.summary(problemUid), queryFn: () => loadSummary(problemUid), staleTime: 60_000 });

/** The badge's figures; null when the problem appeared once. */
export function useLineageSummary(problemUid: number) {
  return useQuery(lineageSummaryQueryOptions(problemUid));
}

/**
 * The badges of the problems the server draws (app/server-paint.tsx), in one call of this drawing's
 * own: the batcher's queue is shared by the process, and two members' drawings must not share it.
 * A problem asked once gets null, so the card knows it has no badge instead of asking again.
 */
export async function fetchLineageSummariesInto(queryClient: QueryClient, problemUids: readonly number[]): Promise<void> {
  if (problemUids.length === 0) return;
  const { summaries } = await apiRequest('/v1/lineages/summary', {
    query: { uids: problemUids.join(',') },
    schema: () => import('@qbank/shared/lineage').then((m) => m.lineageCountsResponseSchema),
  });
  const byUid = new Map(summaries.map((summary) => [summary.uid, summary]));
  for (const uid of problemUids) queryClient.setQueryData(lineageKeys.summary(uid), byUid.get(uid) ?? null);
}

/** A list's chunk of problems asks for all its badges at once, before its cards are drawn. */
export function prefetchLineageSummaries(queryClient: QueryClient, problemUids: readonly number[]): void {
  for (const uid of problemUids) void queryClient.prefetchQuery(lineageSummaryQueryOptions(uid));
}
