import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REFERENCE_TABLE } from '@qbank/shared/reference-values-data';
import { createMember, createTestContext, loginCookie, testDialects, type TestContext } from '../testing/harness';

describe.each(testDialects)('the 참고치 table on %s', (dialect) => {
  let t: TestContext;
  let student: string;
  let lead: string;
  const call = (method: 'GET' | 'PUT', who: string | undefined, payload?: object) =>
    t.app.inject({ method, url: '/v1/reference-values', headers: who ? { cookie: who } : {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestContext(dialect);
    student = await loginCookie(t.app, (await createMember(t.db)).id);
    lead = await loginCookie(t.app, (await createMember(t.db, { role: 'lead' })).id);
  });
  afterAll(async () => t?.close());

  it('reads the default table with its source until a lead replaces it', async () => {
    const table = (await call('GET', student)).json();
    expect(table.edited).toBeNull();
    expect(table.source).toContain('Harrison');
    expect(table.values).toHaveLength(DEFAULT_REFERENCE_TABLE.values.length);
    expect(table.values).toContainEqual({ category: '전해질·신기능', name: '나트륨', abbr: 'Na', range: '135–145', unit: 'mEq/L' });
  });

  it('lets a lead replace the table, trimmed, and names who did', async () => {
    const edited = { source: '  본교 진단검사의학과 2026  ', values: [{ category: '전해질', name: '칼륨', abbr: 'K', range: ' 3.5–5.1 ', unit: 'mmol/L' }] };
    const saved = await call('PUT', lead, edited);
    expect(saved.statusCode).toBe(200);
    const table = (await call('GET', student)).json();
    expect(table).toMatchObject({ source: '본교 진단검사의학과 2026', values: [{ name: '칼륨', range: '3.5–5.1' }] });
    expect(table.edited.by).toMatch(/^테스트/);
    expect((await call('PUT', student, edited)).statusCode).toBe(403);
  });

  it('refuses a bad table with a Korean message and keeps the one in force', async () => {
    const row = { category: '전해질', name: '칼륨', abbr: 'K', range: '3.5–5.1', unit: 'mmol/L' };
    for (const payload of [
      {},
      { source: '', values: [row] },
      { source: '출처', values: [] },
      { source: '출처', values: [{ ...row, name: ' ' }] },
      { source: '출처', values: [{ ...row, range: 'x'.repeat(101) }] },
      { source: '출처', values: Array(401).fill(row) },
    ]) {
      const response = await call('PUT', lead, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().message).toMatch(/[가-힣]/);
    }
    expect((await call('GET', student)).json().values).toHaveLength(1);
    expect((await call('GET', undefined)).statusCode).toBe(401);
  });
});
