import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { currentKoreanYear } from '@qbank/shared/member-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';
// Loaded up front: the router imports the page lazily, and a cold transform can outlast findBy's wait.
import './exam-list-page';
import { validateExamForm } from './exam-form-dialog';
import { bodyOf, exam, paramsOf } from '../testing/fixtures/authoring';

afterEach(() => notifications.clean());

const lead = member({ id: 'demo-lead', role: 'lead', authority: 2 });
const subjects = {
  subject_names: [
    { subject_code: 3, subject_name: '순환기내과학' },
    { subject_code: 1, subject_name: '해부학' },
  ],
};

function handlers(extra: Parameters<typeof mockFetch>[0] = {}, asked: URLSearchParams[] = []) {
  return {
    'GET /v1/auth/me': meHandler(lead),
    'GET /v1/test/count': () => json(200, { count: 45, total: 45 }),
    'GET /v1/test/years': () => json(200, { years: [2026, 2025] }),
    'GET /v1/subject/names': () => json(200, subjects),
    'GET /v1/test/tests': ({ url }: { url: string }) => {
      const params = paramsOf(url);
      asked.push(params);
      const page = Number(params.get('page'));
      const tests = Array.from({ length: 20 }, (_, i) => exam(page * 100 + i, { test_name: `시험 ${page}-${i}` }));
      return json(200, { tests, total: 45, count: tests.length, page, limit: 20 });
    },
    ...extra,
  };
}

describe('exam management', () => {
  it('shows the total and filtered counts, pages in the server, and a filter change returns to page 1', async () => {
    const asked: URLSearchParams[] = [];
    mockFetch(handlers({}, asked));
    renderRoutes('/dashboard/lead/tests?page=2');
    expect(await screen.findByRole('heading', { level: 1, name: '시험 관리' })).toBeTruthy();
    expect(await screen.findByText('전체 시험 45개 · 조건에 맞는 시험 45개')).toBeTruthy();
    const table = await screen.findByRole('table', { name: '시험 목록' });
    expect(within(table).getByRole('rowheader', { name: '시험 2-0' })).toBeTruthy();
    expect(Object.fromEntries(asked[0]!)).toEqual({ page: '2', limit: '20' });
    const manage = within(table).getByRole('link', { name: '시험 2-0 문제 관리' });
    expect(manage.getAttribute('href')).toBe('/dashboard/lead/tests/200/problems');

    fireEvent.change(screen.getByRole('combobox', { name: '연도' }), { target: { value: '2025' } });
    await waitFor(() => expect(asked.at(-1)?.get('year')).toBe('2025'));
    expect(asked.at(-1)?.get('page')).toBe('1');

    fireEvent.click(within(await screen.findByRole('navigation', { name: '시험 목록 페이지' })).getByRole('button', { name: '3' }));
    await waitFor(() => expect(asked.at(-1)?.get('page')).toBe('3'));
    fireEvent.change(screen.getByRole('combobox', { name: '과목' }), { target: { value: '1' } });
    await waitFor(() => expect(asked.at(-1)?.get('subject_code')).toBe('1'));
    expect(asked.at(-1)?.get('page')).toBe('1');
    expect(asked.at(-1)?.get('year')).toBe('2025');
  });

  it('says 생성된 시험이 없습니다 when there is none', async () => {
    mockFetch(handlers({ 'GET /v1/test/tests': () => json(200, { tests: [], total: 0, count: 0, page: 1, limit: 20 }) }));
    renderRoutes('/dashboard/lead/tests');
    expect(await screen.findByText('생성된 시험이 없습니다.')).toBeTruthy();
  });

  it('checks the exam form with the shared rules, then creates the exam', async () => {
    const posted: unknown[] = [];
    mockFetch(
      handlers({
        'POST /v1/test': ({ init }) => {
          posted.push(bodyOf(init));
          return json(201, { test_info: { ...exam(90, { test_name: '새 시험', subject_code: 1, subject_name: '해부학' }), grades: [] } });
        },
      }),
    );
    renderRoutes('/dashboard/lead/tests');
    fireEvent.click(await screen.findByRole('button', { name: '시험 만들기' }));
    const dialog = await screen.findByRole('dialog', { name: '시험 만들기' });
    // Year choices: the current year −5 … +4, the current one chosen.
    const year = currentKoreanYear();
    const yearSelect = within(dialog).getByRole('combobox', { name: '연도' }) as HTMLSelectElement;
    expect([...yearSelect.options].map((o) => o.value)).toEqual(Array.from({ length: 10 }, (_, i) => String(year + 4 - i)));
    expect(yearSelect.value).toBe(String(year));

    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText('시험명을 입력하세요')).toBeTruthy();
    expect(within(dialog).getByText('과목을 선택하세요')).toBeTruthy();
    expect(posted).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: '시험명' }), { target: { value: '  새 시험 ' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: '과목' }), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(posted).toEqual([{ test_name: '새 시험', subject_code: 1, year }]));
    expect(await screen.findByText('‘새 시험’ 시험을 만들었습니다.')).toBeTruthy();
  });

  it('names an invalid subject 올바른 과목을 선택하세요', () => {
    expect(validateExamForm({ test_name: '시험', subject_code: '0', year: '2026' })).toEqual({ subject_code: '올바른 과목을 선택하세요' });
    expect(validateExamForm({ test_name: '시험', subject_code: 'abc', year: '2026' })).toEqual({ subject_code: '올바른 과목을 선택하세요' });
    expect(validateExamForm({ test_name: ' ', subject_code: '', year: '2026' })).toEqual({
      test_name: '시험명을 입력하세요',
      subject_code: '과목을 선택하세요',
    });
  });

  it('shows 시험 저장에 실패했습니다 with the server message', async () => {
    mockFetch(
      handlers({
        'PUT /v1/test/100': () => json(404, { message: '과목을 찾을 수 없습니다.', code: 'NOT_FOUND' }),
      }),
    );
    renderRoutes('/dashboard/lead/tests');
    fireEvent.click(await screen.findByRole('button', { name: '시험 1-0 수정' }));
    const dialog = await screen.findByRole('dialog', { name: '시험 수정' });
    expect((within(dialog).getByRole('textbox', { name: '시험명' }) as HTMLInputElement).value).toBe('시험 1-0');
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('시험 저장에 실패했습니다');
    expect(alert.textContent).toContain('과목을 찾을 수 없습니다.');
  });

  it('warns with the empty-slot count before deleting and shows the server’s 409 as it is', async () => {
    const deleted: string[] = [];
    mockFetch(
      handlers({
        'GET /v1/test/100/delete-check': () => json(200, { written_count: 2, vacant_count: 7 }),
        'DELETE /v1/test/100': ({ url }) => {
          deleted.push(url);
          return json(409, {
            message: '작성된 문제가 2개 있어 시험을 삭제할 수 없습니다. 문제를 삭제하거나 빈 문제로 바꾼 뒤 다시 시도하세요.',
            code: 'CONFLICT',
          });
        },
        'GET /v1/test/101/delete-check': () => json(200, { written_count: 0, vacant_count: 0 }),
        'DELETE /v1/test/101': () => json(200, { ok: true, deleted_vacant: 0 }),
      }),
    );
    renderRoutes('/dashboard/lead/tests');
    fireEvent.click(await screen.findByRole('button', { name: '시험 1-0 삭제' }));
    const dialog = await screen.findByRole('dialog', { name: '시험 삭제' });
    expect(within(dialog).getByText('‘시험 1-0’ 시험을 삭제할까요?')).toBeTruthy();
    expect(within(dialog).getByText('삭제한 시험은 되돌릴 수 없습니다.')).toBeTruthy();
    expect(await within(dialog).findByText('빈 문제 7개가 시험과 함께 삭제됩니다.')).toBeTruthy();
    expect(within(dialog).getByText('작성된 문제가 2개 있습니다. 작성된 문제가 있는 시험은 삭제할 수 없습니다.')).toBeTruthy();
    // Blocked: the dialog offers no enabled 삭제 that could only fail.
    expect((within(dialog).getByRole('button', { name: '삭제' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    expect(deleted).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '시험 삭제' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '시험 1-1 삭제' }));
    const second = await screen.findByRole('dialog', { name: '시험 삭제' });
    await waitFor(() => expect((within(second).getByRole('button', { name: '삭제' }) as HTMLButtonElement).disabled).toBe(false));
    expect(within(second).queryByText(/빈 문제 \d+개/)).toBeNull();
    fireEvent.click(within(second).getByRole('button', { name: '삭제' }));
    expect(await screen.findByText('시험이 삭제되었습니다')).toBeTruthy();
  });
});
