import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MySlot } from '@qbank/shared/my-problems';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, detail, mySlot, paramsOf } from '../testing/fixtures/authoring';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';
import './my-problems-page';

vi.mock('../components/rich-text-editor', async () => (await import('../testing/rich-text-editor-stub')).richTextEditorStub());

afterEach(() => notifications.clean());

const student = member({ id: 'demo-student', name: '김지민' });

function slotsResponse(slots: MySlot[], all: MySlot[] = slots) {
  const completed = all.filter((s) => s.is_vacant === 0).length;
  return json(200, { problems: slots, counts: { total: all.length, completed, incomplete: all.length - completed } });
}

describe('my problems', () => {
  it('shows the counts, filters with reset, and submits the content of a slot', async () => {
    let slots = [
      mySlot(505, { no: 5 }),
      mySlot(506, { no: 6 }),
      mySlot(610, {
        no: 2,
        type: 2,
        test_code: 41,
        test_name: '2025 해부학 기말고사',
        year: 2025,
        subject_code: 1,
        subject_name: '해부학',
        is_vacant: 0,
        status: 'submitted',
      }),
    ];
    const asked: URLSearchParams[] = [];
    const submitted: unknown[] = [];
    mockFetch({
      'GET /v1/auth/me': meHandler(student),
      'GET /v1/problem/my-slots': ({ url }) => {
        const params = paramsOf(url);
        asked.push(params);
        const year = params.get('year');
        const subject = params.get('subject_code');
        return slotsResponse(
          slots.filter((s) => (!year || String(s.year) === year) && (!subject || String(s.subject_code) === subject)),
          slots,
        );
      },
      'GET /v1/problem/505/detail': () =>
        json(200, {
          problem: detail({
            uid: 505,
            no: 5,
            is_vacant: 1,
            status: 'assigned',
            question: '',
            question_text: '',
            illustration: '',
            answer: '',
            comments: '',
            choice_type: null,
          }),
        }),
      'POST /v1/problem/505/submit': ({ init }) => {
        submitted.push(bodyOf(init));
        slots = slots.map((s) => (s.uid === 505 ? { ...s, is_vacant: 0, status: 'submitted' } : s));
        return json(200, { problem: detail({ uid: 505, no: 5 }) });
      },
    });
    renderRoutes('/dashboard/my');
    expect(await screen.findByRole('heading', { level: 1, name: '내 문제' })).toBeTruthy();
    const cards = await screen.findByRole('region', { name: '내 문제 현황' });
    await waitFor(() => expect(within(cards).getByText('3문제')).toBeTruthy());
    expect(within(cards).getByText('1문제')).toBeTruthy();
    expect(within(cards).getByText('2문제')).toBeTruthy();

    const table = screen.getByRole('table', { name: '배정된 문제 목록' });
    expect(within(table).getAllByText('미완료')).toHaveLength(2);
    expect(within(table).getByText('완료')).toBeTruthy();
    expect(within(table).getByRole('button', { name: '2025 해부학 기말고사 주관식 2번 수정' })).toBeTruthy();

    // Filters from the whole list; reset clears them.
    fireEvent.change(screen.getByRole('combobox', { name: '과목' }), { target: { value: '1' } });
    await waitFor(() => expect(asked.at(-1)?.get('subject_code')).toBe('1'));
    await waitFor(() => expect(within(screen.getByRole('table', { name: '배정된 문제 목록' })).queryAllByText('미완료')).toHaveLength(0));
    fireEvent.change(screen.getByRole('combobox', { name: '연도' }), { target: { value: '2026' } });
    expect(await screen.findByText('조건에 맞는 문제가 없습니다.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '초기화' }));
    await waitFor(() => expect(asked.at(-1)?.get('subject_code')).toBeNull());
    expect(asked.at(-1)?.get('year')).toBeNull();

    fireEvent.click(await screen.findByRole('button', { name: '2026 순환기내과학 형성평가 2차 객관식 5번 등록' }));
    const form = await screen.findByRole('region', { name: '2026 순환기내과학 형성평가 2차 · 객관식 5번' });
    // The content form: question, pictures, choice format, choices, answer, explanation.
    const save = await within(form).findByRole('button', { name: '저장' });
    fireEvent.click(save);
    expect(await within(form).findByText('문제 내용을 입력하세요.')).toBeTruthy();
    expect(submitted).toEqual([]);

    fireEvent.change(within(form).getByRole('textbox', { name: '문제' }), { target: { value: '<p>심방세동에서 <strong>항응고</strong> 치료의 기준은?</p>' } });
    fireEvent.change(within(form).getByRole('combobox', { name: '보기 형식' }), { target: { value: '5' } });
    fireEvent.change(within(form).getByRole('textbox', { name: '보기' }), { target: { value: '① CHA2DS2-VASc\n② HAS-BLED' } });
    fireEvent.change(within(form).getByRole('textbox', { name: '정답' }), { target: { value: '①' } });
    fireEvent.click(save);
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toEqual({
      content: {
        question: '<p>심방세동에서 <strong>항응고</strong> 치료의 기준은?</p>',
        choice_type: 5,
        illustration: '① CHA2DS2-VASc\n② HAS-BLED',
        answer: '①',
      },
    });
    expect(await screen.findByText('저장되었습니다')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: /객관식 5번$/ })).toBeNull());
    await waitFor(() => expect(within(screen.getByRole('table', { name: '배정된 문제 목록' })).getAllByText('완료')).toHaveLength(2));
  });

  it('says 배정된 문제가 없습니다 when nothing is assigned', async () => {
    mockFetch({ 'GET /v1/auth/me': meHandler(student), 'GET /v1/problem/my-slots': () => slotsResponse([]) });
    renderRoutes('/dashboard/my');
    expect(await screen.findByText('배정된 문제가 없습니다.')).toBeTruthy();
  });

  it('shows the server message when the submit fails', async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(student),
      'GET /v1/problem/my-slots': () => slotsResponse([mySlot(505, { no: 5, is_vacant: 0, status: 'submitted' })]),
      'GET /v1/problem/505/detail': () => json(200, { problem: detail({ uid: 505, no: 5 }) }),
      'POST /v1/problem/505/submit': () => json(403, { message: '본인에게 배정된 문제만 제출할 수 있습니다.', code: 'FORBIDDEN' }),
    });
    renderRoutes('/dashboard/my?slot=505');
    const form = await screen.findByRole('region', { name: '2026 순환기내과학 형성평가 2차 · 객관식 5번' });
    fireEvent.click(await within(form).findByRole('button', { name: '저장' }));
    expect(await screen.findByText('변경된 내용이 없습니다.')).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: '정답' }), { target: { value: '②' } });
    fireEvent.click(within(form).getByRole('button', { name: '저장' }));
    const alert = await within(form).findByText('저장에 실패했습니다');
    expect(alert.closest('[role="alert"]')?.textContent).toContain('본인에게 배정된 문제만 제출할 수 있습니다.');
  });
});
