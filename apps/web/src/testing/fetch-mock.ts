import type { Member } from '@qbank/shared/auth';
import type { Role } from '@qbank/shared/roles';
import { vi } from 'vitest';

// UI tests only: fetch is replaced by a table of canned answers, keyed "METHOD /path".

export type FetchHandler = (request: { url: string; init: RequestInit | undefined }) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}

export const unauthenticated = () => json(401, { message: '로그인이 필요합니다.', code: 'UNAUTHENTICATED' });

export function member(overrides: Partial<Member> & { role?: Role } = {}): Member {
  return {
    code: 7,
    id: 'student01',
    name: '김학생',
    nickname: '학생일',
    email: 'student01@example.ac.kr',
    school_no: '2024001',
    grad_year: 2030,
    grade: 1,
    authority: 0,
    validated: 1,
    role: 'student',
    creation_time: '2026-03-02T09:00:00.000Z',
    ...overrides,
  };
}

/** Installs a fetch mock; unknown calls fail the test loudly with a 599. */
export function mockFetch(handlers: Record<string, FetchHandler>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0];
    const handler = handlers[`${method} ${path}`];
    if (!handler) return json(599, { message: `unexpected ${method} ${path}`, code: 'TEST' });
    return handler({ url, init });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** The session as the server would answer GET /v1/auth/me. */
export function meHandler(user: Member | null | 'pending'): FetchHandler {
  if (user === 'pending') return () => new Promise<Response>(() => {});
  return () => (user ? json(200, { user }) : unauthenticated());
}
