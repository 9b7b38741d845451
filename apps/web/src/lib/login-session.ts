import type { Member } from '@qbank/shared/auth';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest, isApiRequestError } from './api-client';

// Decision: the signed-in member is NOT kept in localStorage (the original client's `user` key is dropped;
// only a 'signed in' flag is, see below).
// The server's HttpOnly `token` cookie is the only credential, and on start-up `GET /v1/auth/me`
// restores the session from it. So there is no stale copy that outlives a logout, a demotion or
// a withdrawn approval, and nothing in storage for a script to read.

export const loginSessionQueryKey = ['auth', 'me'] as const;

// The offline store (IndexedDB, decision 041) is touched only when a member comes or goes, so it is
// a chunk of its own, not part of every first screen (decision 050). Imports resolve in call order:
// a logout's clear runs before the next login's claim.
const offlineData = () => import('./offline-data');
const claimOfflineData = (memberCode: number) => offlineData().then((m) => m.claimOfflineData(memberCode));
const clearOfflineData = () => offlineData().then((m) => m.clearOfflineData());

// Decision 005: the session is restored only when a signed-in member was saved. What is saved is a
// flag, never the member: a visitor who never signed in makes no `GET /v1/auth/me` (which would
// answer 401 and put an error in the browser console on every anonymous page load).
const SIGNED_IN_FLAG_KEY = 'qbank.signedIn';

/** Whether a signed-in member was saved on this device (the session is then asked for). */
export function readSignedInFlag(): boolean {
  try {
    return window.localStorage.getItem(SIGNED_IN_FLAG_KEY) === '1';
  } catch {
    return true; // storage blocked: ask the server, as before
  }
}

function writeSignedInFlag(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(SIGNED_IN_FLAG_KEY, '1');
    else window.localStorage.removeItem(SIGNED_IN_FLAG_KEY);
  } catch {
    // storage blocked: the session still works, it is only asked for on every start
  }
}

async function fetchMe(signal: AbortSignal): Promise<Member | null> {
  if (!readSignedInFlag()) return null;
  // Both chunks load while the request is on the wire, not one after the other behind it.
  void offlineData().catch(() => undefined);
  const user = await fetchMeFromServer(signal);
  // What is kept for offline study belongs to this member; a session that ended (expired,
  // revoked) takes its member's offline data with it (decision 041).
  if (user) await claimOfflineData(user.code);
  else {
    writeSignedInFlag(false);
    await clearOfflineData();
  }
  return user;
}

async function fetchMeFromServer(signal: AbortSignal): Promise<Member | null> {
  try {
    // auth: false: a 401 here just means "signed out", not a lost session to clear. The schema
    // (with zod) is a chunk of its own, fetched beside the request (decision 050).
    const { user } = await apiRequest('/v1/auth/me', {
      auth: false,
      signal,
      schema: () => import('@qbank/shared/auth').then((module) => module.meResponseSchema),
    });
    return user;
  } catch (error) {
    if (isApiRequestError(error) && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: loginSessionQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 60_000,
    retry: 1,
  });

export type LoginSession = { status: 'checking'; user: null } | { status: 'signed-out'; user: null } | { status: 'signed-in'; user: Member };

export function useLoginSession(): LoginSession {
  const { data, isPending } = useQuery(meQueryOptions());
  if (isPending) return { status: 'checking', user: null };
  if (data) return { status: 'signed-in', user: data };
  return { status: 'signed-out', user: null };
}

export function isApproved(user: Member): boolean {
  return user.validated === 1;
}

/** After login or signup: the new member becomes the session; another member's cached data goes. */
export function startLoginSession(queryClient: QueryClient, user: Member): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== loginSessionQueryKey[0] });
  writeSignedInFlag(true);
  void claimOfflineData(user.code);
  queryClient.setQueryData(loginSessionQueryKey, user);
}

/** After logout or a 401: no member, and nothing cached on their behalf (here or for offline study). */
export function endLoginSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== loginSessionQueryKey[0] });
  writeSignedInFlag(false);
  void clearOfflineData();
  queryClient.setQueryData(loginSessionQueryKey, null);
}
