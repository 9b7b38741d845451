import type { CreateExamDateRequest, PlanSettings, UpdateExamDateRequest } from '@qbank/shared/exam-dates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

// The calls of the exam calendar. Query keys come only from `examDateKeys`. Schemas load beside
// the request (decision 050): /home's strip must not bring zod into the first screen.

const schemas = () => import('@qbank/shared/exam-dates');
const sessionSchemas = () => import('@qbank/shared/study');

export const examDateKeys = {
  all: ['exam-dates'] as const,
  list: (past: boolean) => [...examDateKeys.all, 'list', past] as const,
  plan: (code: number) => [...examDateKeys.all, 'plan', code] as const,
  readiness: (code: number) => [...examDateKeys.all, 'readiness', code] as const,
  settings: () => [...examDateKeys.all, 'settings'] as const,
  memoryModel: () => [...examDateKeys.all, 'memory-model'] as const,
};

export function useMemoryModel() {
  return useQuery({
    queryKey: examDateKeys.memoryModel(),
    queryFn: ({ signal }) => apiRequest('/v1/exam-dates/memory-model', { schema: () => schemas().then((m) => m.memoryModelResponseSchema), signal }),
  });
}

export function useExamDates(enabled = true, past = false) {
  return useQuery({
    queryKey: examDateKeys.list(past),
    queryFn: ({ signal }) =>
      apiRequest('/v1/exam-dates', { query: { past: past ? '1' : undefined }, schema: () => schemas().then((m) => m.examDatesResponseSchema), signal }).then(
        (data) => data.exam_dates,
      ),
    enabled,
  });
}

export function usePlan(code: number) {
  return useQuery({
    queryKey: examDateKeys.plan(code),
    queryFn: ({ signal }) => apiRequest(`/v1/exam-dates/${code}/plan`, { schema: () => schemas().then((m) => m.planResponseSchema), signal }),
  });
}

export function useReadiness(code: number | undefined) {
  return useQuery({
    queryKey: examDateKeys.readiness(code ?? 0),
    queryFn: ({ signal }) => apiRequest(`/v1/exam-dates/${code}/readiness`, { schema: () => schemas().then((m) => m.readinessResponseSchema), signal }),
    enabled: code !== undefined,
  });
}

export function usePlanSettings() {
  return useQuery({
    queryKey: examDateKeys.settings(),
    queryFn: ({ signal }) => apiRequest('/v1/exam-dates/settings', { schema: () => schemas().then((m) => m.planSettingsSchema), signal }),
  });
}

/** Every change to the calendar or the settings makes the lists, plans and predictions stale. */
function useInvalidateAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: examDateKeys.all });
}

export function useSavePlanSettings() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (body: PlanSettings) =>
      apiRequest('/v1/exam-dates/settings', { method: 'PUT', body, schema: () => schemas().then((m) => m.planSettingsSchema) }),
    onSuccess: invalidate,
  });
}

export function useCreateExamDate() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (body: CreateExamDateRequest) =>
      apiRequest('/v1/exam-dates', { method: 'POST', body, schema: () => schemas().then((m) => m.examDateResponseSchema) }),
    onSuccess: invalidate,
  });
}

export function useUpdateExamDate() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ code, body }: { code: number; body: UpdateExamDateRequest }) =>
      apiRequest(`/v1/exam-dates/${code}`, { method: 'PATCH', body, schema: () => schemas().then((m) => m.examDateResponseSchema) }),
    onSuccess: invalidate,
  });
}

export function useDeleteExamDate() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (code: number) => apiRequest(`/v1/exam-dates/${code}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** 오늘 할 일: today's problems of the plan as a study session; resolves to the session's code. */
export function useStartToday() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (code: number) =>
      apiRequest(`/v1/exam-dates/${code}/session`, {
        method: 'POST',
        body: {},
        schema: () => sessionSchemas().then((m) => m.createSessionResponseSchema),
      }).then((data) => data.session.code),
    onSuccess: invalidate,
  });
}
