import { itemAnalysisResponseSchema, myTestStatsResponseSchema, problemStatsResponseSchema, statsMeResponseSchema } from '@qbank/shared/stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { downloadFile } from '../lib/download';

// The calls of the statistics feature. Query keys come only from `statsKeys`; anything that
// records an answer invalidates `statsKeys.all` so the figures follow.

export const statsKeys = {
  all: ['stats'] as const,
  me: () => [...statsKeys.all, 'me'] as const,
  problem: (uid: number) => [...statsKeys.all, 'problem', uid] as const,
  myTest: (testCode: number) => [...statsKeys.all, 'my-test', testCode] as const,
  analysis: (testCode: number) => [...statsKeys.all, 'analysis', testCode] as const,
};

export const myStatsQueryOptions = () =>
  queryOptions({ queryKey: statsKeys.me(), queryFn: ({ signal }) => apiRequest('/v1/stats/me', { schema: statsMeResponseSchema, signal }) });

export function useMyStats() {
  return useQuery(myStatsQueryOptions());
}

export function useProblemStats(uid: number, enabled = true) {
  return useQuery({
    queryKey: statsKeys.problem(uid),
    queryFn: ({ signal }) => apiRequest(`/v1/problem/${uid}/stats`, { schema: problemStatsResponseSchema, signal }),
    enabled,
  });
}

export function useMyTestStats(testCode: number, enabled = true) {
  return useQuery({
    queryKey: statsKeys.myTest(testCode),
    queryFn: ({ signal }) => apiRequest(`/v1/stats/me/tests/${testCode}`, { schema: myTestStatsResponseSchema, signal }),
    enabled,
  });
}

export function useItemAnalysis(testCode: number) {
  return useQuery({
    queryKey: statsKeys.analysis(testCode),
    queryFn: ({ signal }) => apiRequest(`/v1/test/${testCode}/item-analysis`, { schema: itemAnalysisResponseSchema, signal }),
  });
}

/** Saves the analysis as .xlsx; resolves with the file's name. */
export function downloadItemAnalysis(testCode: number): Promise<string> {
  return downloadFile(`/v1/test/${testCode}/item-analysis/xlsx`, `item-analysis-${testCode}.xlsx`);
}
