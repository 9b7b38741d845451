import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRow } from '../db/schema';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';
import { createProblem, createSubject, createTest } from '../testing/factories';

// Issue 15 item 4: notifications are written with their event, listed newest first and paged,
// marked read one by one or all at once, and a member sees and marks only their own.

describe.each(testDialects)('notifications on %s', (dialect) => {
  let t: TestContext;
  let exam: number;
  let alice: MemberRow;
  let bob: MemberRow;
  const cookies: Record<string, string> = {};
  const call = (method: 'GET' | 'POST', url: string, who: string | undefined, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who } : {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestContext(dialect);
    alice = await createMember(t.db);
    bob = await createMember(t.db);
    const lead = await createMember(t.db, { role: 'lead' });
    cookies.alice = await loginCookie(t.app, alice.id);
    cookies.bob = await loginCookie(t.app, bob.id);
    cookies.lead = await loginCookie(t.app, lead.id);
    exam = await createTest(t.db, { subject_code: await createSubject(t.db) });
  });
  afterAll(async () => t?.close());

  it('tells the assignee of a new slot, once, and not again when the assignment is saved unchanged', async () => {
    const slot = await createProblem(t.db, { test_code: exam, no: 90, is_vacant: 1 });
    const assign = { test_code: exam, assignments: [{ problem_code: slot, assignee_code: alice.code }] };
    expect((await call('POST', '/v1/problem/assign', cookies.lead, assign)).statusCode).toBe(200);
    expect((await call('POST', '/v1/problem/assign', cookies.lead, assign)).statusCode).toBe(200);
    const { notifications, unread } = (await call('GET', '/v1/notifications', cookies.alice)).json();
    expect(notifications.filter((n: { kind: string }) => n.kind === 'slot_assigned')).toHaveLength(1);
    expect(notifications[0]).toMatchObject({ kind: 'slot_assigned', is_read: false, problem: { uid: slot, test_code: exam, no: 90 } });
    expect(unread).toBeGreaterThanOrEqual(1);
  });

  it('tells those who commented on a problem of a new reply, never its author', async () => {
    const problem = await createProblem(t.db, { test_code: exam, no: 91 });
    await call('POST', `/v1/problem/${problem}/reply`, cookies.alice, { reply_text: '정답이 헷갈려요' });
    await call('POST', `/v1/problem/${problem}/reply`, cookies.alice, { reply_text: '한 번 더' });
    await call('POST', `/v1/problem/${problem}/reply`, cookies.bob, { reply_text: '③이 맞아요' });
    const alicesReplies = (await call('GET', '/v1/notifications', cookies.alice))
      .json()
      .notifications.filter((n: { kind: string }) => n.kind === 'problem_reply');
    expect(alicesReplies).toHaveLength(1);
    expect(alicesReplies[0]).toMatchObject({ detail: '③이 맞아요', problem: { uid: problem } });
    expect((await call('GET', '/v1/notifications', cookies.bob)).json().notifications.filter((n: { kind: string }) => n.kind === 'problem_reply')).toHaveLength(
      0,
    );
  });

  it('pages newest first, marks one and then all read, and ignores another member’s codes', async () => {
    const page1 = (await call('GET', '/v1/notifications?page=1&limit=1', cookies.alice)).json();
    expect(page1.notifications).toHaveLength(1);
    expect(page1.total).toBe(2);
    const page2 = (await call('GET', '/v1/notifications?page=2&limit=1', cookies.alice)).json();
    expect(page2.notifications[0].code).toBeLessThan(page1.notifications[0].code);

    // Bob names Alice's notification: nothing changes for her.
    expect((await call('POST', '/v1/notifications/read', cookies.bob, { codes: [page1.notifications[0].code] })).json()).toEqual({ unread: 0 });
    expect((await call('GET', '/v1/notifications', cookies.alice)).json().unread).toBe(2);

    expect((await call('POST', '/v1/notifications/read', cookies.alice, { codes: [page1.notifications[0].code] })).json()).toEqual({ unread: 1 });
    expect((await call('POST', '/v1/notifications/read', cookies.alice, {})).json()).toEqual({ unread: 0 });
    const all = (await call('GET', '/v1/notifications', cookies.alice)).json();
    expect(all.notifications.every((n: { is_read: boolean }) => n.is_read)).toBe(true);
    expect((await call('POST', '/v1/notifications/read', cookies.alice)).statusCode).toBe(200);
  });

  it('refuses bad input with a Korean message and anonymous callers', async () => {
    for (const payload of [{ codes: 'all' }, { codes: [0] }, { codes: ['x'] }, { everything: true }]) {
      const response = await call('POST', '/v1/notifications/read', cookies.alice, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
    expect((await call('GET', '/v1/notifications?page=0', cookies.alice)).statusCode).toBe(400);
    expect((await call('GET', '/v1/notifications', undefined)).statusCode).toBe(401);
  });
});
