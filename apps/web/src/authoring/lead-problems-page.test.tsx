import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LeadProblemRow } from '@qbank/shared/lead-problems';
import { afterEach, describe, expect, it } from 'vitest';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';
import './lead-problems-page';
import { bodyOf, leadRow, paramsOf, testInfo } from '../testing/fixtures/authoring';

afterEach(() => notifications.clean());

const lead = member({ id: 'demo-lead', role: 'lead', authority: 2 });
const test = testInfo({ test_code: 40, test_name: '2026 순환기내과학 형성평가 2차', subject_name: '순환기내과학', year: 2026 });

/** The server pages `rows` 100 at a time, as GET /v1/problem/lead does. */
function leadList(rows: LeadProblemRow[], asked: URLSearchParams[] = []) {
  return ({ url }: { url: string }) => {
    const params = paramsOf(url);
    asked.push(params);
    const page = Number(params.get('page'));
    const limit = Number(params.get('limit'));
    return json(200, { problem: rows.slice((page - 1) * limit, page * limit), problem_count: rows.length, page, limit, test });
  };
}

describe('lead problem list', () => {
  it('reads every batch of 100, sorts by type then number, and pages 50 at a time', async () => {
    // 120 multiple choice (out of order across batches), then 2 subjective and 1 slide slots.
    const rows = [
      leadRow(900, { type: 4, no: 1 }),
      ...Array.from({ length: 120 }, (_, i) => leadRow(1000 + i, { no: 120 - i })),
      leadRow(800, {
        type: 2,
        no: 2,
        is_vacant: 0,
        status: 'submitted',
        question_text: '심부전의 치료 원칙을 쓰시오.',
        assignees: [{ member_code: 20, id: 'demo-student', name: '김지민', grade: 2 }],
      }),
      leadRow(801, { type: 2, no: 1, status: 'assigned', assignees: [{ member_code: 21, id: 'han', name: '한서연', grade: 2 }] }),
    ];
    rows[5] = {
      ...rows[5]!,
      set_header: { code: 9, begin_problem_no: 114, end_problem_no: 116 },
      question_text: '다음 지문을 읽고 답하시오.',
      is_vacant: 0,
      status: 'submitted',
    };
    const asked: URLSearchParams[] = [];
    mockFetch({ 'GET /v1/auth/me': meHandler(lead), 'GET /v1/problem/lead': leadList(rows, asked) });
    const { router } = renderRoutes('/dashboard/lead/tests/40/problems');
    expect(await screen.findByRole('heading', { level: 1, name: '2026 순환기내과학 형성평가 2차' })).toBeTruthy();
    expect(await screen.findByText(/순환기내과학 · 2026년 · 전체 123문제/)).toBeTruthy();
    expect(asked.map((p) => [p.get('page'), p.get('limit'), p.get('include_vacant'), p.get('test_code')])).toEqual([
      ['1', '100', '1', '40'],
      ['2', '100', '1', '40'],
    ]);
    expect(screen.getByRole('link', { name: '시험 관리로 돌아가기' }).getAttribute('href')).toBe('/dashboard/lead/tests');

    const table = screen.getByRole('table', { name: '문제 목록' });
    const numbers = () =>
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);
    expect(numbers()).toEqual(Array.from({ length: 50 }, (_, i) => `${i + 1}번`));
    expect(screen.getByText('1 / 3 페이지')).toBeTruthy();
    expect((screen.getByRole('button', { name: '이전' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    fireEvent.click(await screen.findByRole('button', { name: '다음' }));
    await waitFor(() => expect(screen.getByText('3 / 3 페이지')).toBeTruthy());
    expect(router.state.location.search).toBe('?page=3');
    expect(numbers()).toEqual([...Array.from({ length: 20 }, (_, i) => `${i + 101}번`), '1번', '2번', '1번']);
    const row = (name: string) =>
      within(table)
        .getByRole('link', { name: `${name} 열기` })
        .closest('tr')!;
    expect(within(row('객관식 116번')).getByText('세트 문제: 114-116')).toBeTruthy();
    expect(within(row('객관식 116번')).getByText('다음 지문을 읽고 답하시오.')).toBeTruthy();
    expect(within(row('주관식 1번')).getByText('배정됨')).toBeTruthy();
    expect(within(row('주관식 1번')).getByText('한서연')).toBeTruthy();
    expect(within(row('주관식 1번')).getAllByText('빈 문제')).toHaveLength(1);
    expect(within(row('주관식 2번')).getByText('제출됨')).toBeTruthy();
    expect(within(row('주관식 2번')).getByText('김지민')).toBeTruthy();
    expect(within(row('슬라이드 1번')).getByText('슬라이드')).toBeTruthy();

    // A row click opens the detail.
    fireEvent.click(within(row('주관식 2번')).getByText('심부전의 치료 원칙을 쓰시오.'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/lead/tests/40/problems/800'));
  });

  it('refuses a total of 0 and adds slots with the counts per type', async () => {
    const posted: unknown[] = [];
    mockFetch({
      'GET /v1/auth/me': meHandler(lead),
      'GET /v1/problem/lead': leadList([leadRow(1)]),
      'POST /v1/problem/create-empty': ({ init }) => {
        posted.push(bodyOf(init));
        return posted.length === 1
          ? json(409, { message: '이미 같은 번호의 문제가 있습니다: 객관식 2번. 다른 번호를 입력하세요.', code: 'CONFLICT' })
          : json(201, { created: Array.from({ length: 9 }, (_, i) => ({ uid: 10 + i, no: i + 2, type: 1 })) });
      },
    });
    renderRoutes('/dashboard/lead/tests/40/problems');
    await screen.findByRole('table', { name: '문제 목록' });
    fireEvent.click(screen.getByRole('button', { name: '문제 추가' }));
    const dialog = await screen.findByRole('dialog', { name: '문제 추가' });
    expect(within(dialog).getByText('총 0문제')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '추가' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('추가할 문제 수를 입력하세요.');
    expect(posted).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: '객관식' }), { target: { value: '5' } });
    // The error goes once the counts are valid again.
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    fireEvent.change(within(dialog).getByRole('textbox', { name: '주관식' }), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '슬라이드' }), { target: { value: '1' } });
    expect(await within(dialog).findByText('총 9문제')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '추가' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      '문제 추가에 실패했습니다: 이미 같은 번호의 문제가 있습니다: 객관식 2번. 다른 번호를 입력하세요.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: '추가' }));
    expect(await screen.findByText('빈 문제 9개를 추가했습니다.')).toBeTruthy();
    expect(posted.at(-1)).toEqual({ test_code: 40, counts: { multiple_choice: 5, subjective: 3, slide: 1 } });
  });

  it('deletes one slot by exam, number and type, and all empty slots at once', async () => {
    const deletes: string[] = [];
    const bulk: unknown[] = [];
    mockFetch({
      'GET /v1/auth/me': meHandler(lead),
      'GET /v1/problem/lead': leadList([
        leadRow(1, { no: 1 }),
        leadRow(2, { no: 2 }),
        leadRow(3, { no: 3, is_vacant: 0, status: 'submitted', question_text: '작성됨' }),
      ]),
      'DELETE /v1/problem': ({ url }) => {
        deletes.push(url);
        return deletes.length === 1
          ? json(500, { message: '서버 오류가 발생했습니다.', code: 'INTERNAL' })
          : json(200, { ok: true, deleted: { uid: 3, no: 3, type: 1 } });
      },
      'DELETE /v1/problem/bulk-delete-vacant': ({ init }) => {
        bulk.push(bodyOf(init));
        return json(200, { deleted: 2 });
      },
    });
    renderRoutes('/dashboard/lead/tests/40/problems');
    fireEvent.click(await screen.findByRole('button', { name: '객관식 3번 삭제' }));
    let dialog = await screen.findByRole('dialog', { name: '문제 삭제' });
    expect(within(dialog).getByText('작성된 문제입니다. 내용과 변경 이력이 함께 삭제됩니다.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    expect(await screen.findByText('문제 삭제에 실패했습니다')).toBeTruthy();
    expect(Object.fromEntries(paramsOf(deletes[0]!))).toEqual({ test_code: '40', no: '3', type: '1' });

    fireEvent.click(screen.getByRole('button', { name: '객관식 3번 삭제' }));
    dialog = await screen.findByRole('dialog', { name: '문제 삭제' });
    fireEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    expect(await screen.findByText('객관식 3번을(를) 삭제했습니다.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '빈 문제 일괄 삭제' }));
    dialog = await screen.findByRole('dialog', { name: '빈 문제 일괄 삭제' });
    expect(within(dialog).getByText('빈 문제 2개를 삭제할까요?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    expect(await screen.findByText('빈 문제 2개를 삭제했습니다.')).toBeTruthy();
    expect(bulk).toEqual([{ test_code: 40 }]);
  });

  it('says 문제 목록을 불러오지 못했습니다 when the list fails', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(lead), 'GET /v1/problem/lead': () => json(500, { message: '서버 오류가 발생했습니다.', code: 'INTERNAL' }) });
    renderRoutes('/dashboard/lead/tests/40/problems');
    expect((await screen.findByRole('alert')).textContent).toContain('문제 목록을 불러오지 못했습니다.');
  });
});
