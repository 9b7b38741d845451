import type { Member, SignupRequest } from '@qbank/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest, ApiRequestError } from '../lib/api-client';
import { paths } from '../lib/paths';
import { endLoginSession, loginSessionQueryKey, startLoginSession } from '../lib/login-session';
import { messages } from './messages';

// Login, signup and logout. The login session itself (GET /v1/auth/me) lives in lib/login-session.ts.
// The top bar's logout is part of every screen; the schemas (and zod) are loaded only by a
// login or signup, as their own chunk (decision 050).
const authSchemas = () => import('@qbank/shared/auth');

/** The member in a login/signup answer; without one the sign-in cannot go on. */
async function memberOf(data: unknown): Promise<Member> {
  const user = typeof data === 'object' && data !== null ? (data as { user?: unknown }).user : undefined;
  const parsed = (await authSchemas()).memberSchema.safeParse(user);
  if (!parsed.success) throw new ApiRequestError({ status: 0, message: messages.login.noUser, code: 'NO_USER', body: data });
  return parsed.data;
}

export async function login(input: { identifier: string; password: string }): Promise<Member> {
  // Decision 010: the one trimmed identifier is sent as both id and email.
  const identifier = input.identifier.trim();
  const body = (await authSchemas()).loginRequestSchema.parse({ id: identifier, email: identifier, password: input.password });
  return memberOf(await apiRequest('/v1/auth/login', { method: 'POST', body, auth: false }));
}

export async function signup(input: SignupRequest): Promise<Member> {
  const body = (await authSchemas()).signupRequestSchema.parse(input);
  return memberOf(await apiRequest('/v1/auth/signup', { method: 'POST', body, auth: false }));
}

export async function logout(): Promise<void> {
  await apiRequest('/v1/auth/logout', { method: 'POST', auth: false });
}

export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => startLoginSession(queryClient, user),
  });
}

export function useSignupMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: (user) => startLoginSession(queryClient, user),
  });
}

/** Logs out on the server, forgets the session here even if that call fails, and goes to `/`. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: async () => {
      // Answers made offline go to the server while the session still exists; whatever cannot be
      // sent now is cleared with the rest of the member's offline data (decision 041).
      const user = queryClient.getQueryData<Member | null>(loginSessionQueryKey);
      // The queue (IndexedDB) is its own chunk, loaded here rather than with the top bar's button.
      if (user) await import('../answering/api').then(({ answerQueue }) => answerQueue.flush(user.code)).catch(() => undefined);
      // So do strikes, highlights and marks (decision 197).
      if (user) await import('../annotations/api').then(({ flushAnnotationChanges }) => flushAnnotationChanges()).catch(() => undefined);
      await logout();
    },
    onSettled: () => {
      endLoginSession(queryClient);
      void navigate(paths.root.getHref());
    },
  });
  return { logout: () => mutation.mutate(), isPending: mutation.isPending };
}
