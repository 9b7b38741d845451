import { notifications } from '@mantine/notifications';
import type { ClassRow, Subject } from '@qbank/shared/subjects';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, meHandler, member, mockFetch, type FetchHandler } from '../testing/fetch-mock';
import { renderElement } from '../testing/render';
import { LeadSubjectsPage } from './lead-subjects-page';

afterEach(() => notifications.clean());

const PATH = '/dashboard/lead/subjects';
const lead = member({ code: 10, id: 'demo-lead', name: '박준영', role: 'lead', authority: 2 });

function subject(code: number, name: string, overrides: Partial<Subject> = {}): Subject {
  return { subject_code: code, subject_name: name, abbr: null, type: 0, cliexam_type: 0, grades: [], positions: [], ...overrides };
}
const cardiology = subject(3, '순환기내과학', { abbr: 'CARD', type: 1, cliexam_type: 1, grades: [24, 30] });
const anatomy = subject(4, '해부학', { abbr: 'ANAT', grades: [11, 12] });

function classRow(uid: number, overrides: Partial<ClassRow> = {}): ClassRow {
  return { uid, subject_code: 3, class_name: `수업 ${uid}`, class_date: '2026-03-09', class_time: 3, professor: '강태호 교수', problem_count: 2, ...overrides };
}

const paramsOf = (url: string) => new URL(url, 'http://x').searchParams;
const bodyOf = (init: RequestInit | undefined): unknown => JSON.parse(String(init?.body));

function subjectsHandler(calls: URLSearchParams[], subjects: Subject[] = [cardiology, anatomy], total = subjects.length): FetchHandler {
  return ({ url }) => {
    const params = paramsOf(url);
    calls.push(params);
    return json(200, { subjects, total, page: Number(params.get('page')), limit: Number(params.get('limit')) });
  };
}

function render(handlers: Record<string, FetchHandler>, path = PATH) {
  mockFetch({ 'GET /v1/auth/me': meHandler(lead), ...handlers });
  return renderElement(path, PATH, <LeadSubjectsPage />);
}

describe('lead subject list', () => {
  it('lists subjects 20 a page with grades, type and the 임상종합평가 flag; filters go to the server', async () => {
    const calls: URLSearchParams[] = [];
    const { router } = render({ 'GET /v1/subject/subjects': subjectsHandler(calls, [cardiology, anatomy], 45) });
    expect(await screen.findByRole('heading', { level: 1, name: '과목 관리' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: '과목 목록' });
    const row = within(table).getByRole('row', { name: /순환기내과학/ });
    for (const text of ['CARD', '2학년 4쿼터', '3학년', '임상', '포함']) expect(within(row).getByText(text)).toBeTruthy();
    expect(within(within(table).getByRole('row', { name: /해부학/ })).getByText('기초·기타')).toBeTruthy();
    expect(screen.getByText('총 45개 과목')).toBeTruthy();
    expect(calls[0]?.get('limit')).toBe('20');
    expect(calls[0]?.get('page')).toBe('1');

    fireEvent.click(screen.getByRole('radio', { name: '임상' }));
    await waitFor(() => expect(calls.at(-1)?.get('subject_type')).toBe('1'));
    fireEvent.change(screen.getByLabelText('학년·쿼터'), { target: { value: '24' } });
    await waitFor(() => expect(calls.at(-1)?.get('grade')).toBe('24'));
    const search = screen.getByRole('textbox', { name: /과목 검색/ });
    fireEvent.change(search, { target: { value: ' 순환 ' } });
    fireEvent.submit(search.closest('form')!);
    await waitFor(() => expect(calls.at(-1)?.get('search')).toBe('순환'));
    expect(router.state.location.search).toBe('?type=1&grade=24&q=%EC%88%9C%ED%99%98');

    fireEvent.click(await screen.findByRole('button', { name: '2 페이지' }));
    await waitFor(() => expect(calls.at(-1)?.get('page')).toBe('2'));
  });

  it('shows the load failure with the server message', async () => {
    render({ 'GET /v1/subject/subjects': () => json(500, { message: '데이터베이스 오류', code: 'INTERNAL' }) });
    expect(await screen.findByText('과목 목록 로드 실패: 데이터베이스 오류')).toBeTruthy();
  });
});

describe('subject dialog', () => {
  it('requires the name, the type and the 임상종합평가 choice, then creates the subject with its grades', async () => {
    const sent: unknown[] = [];
    render({
      'GET /v1/subject/subjects': subjectsHandler([]),
      'POST /v1/subject': ({ init }) => {
        sent.push(bodyOf(init));
        return json(201, { subject: subject(9, '신경과학') });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '과목 추가' }));
    const dialog = await screen.findByRole('dialog', { name: '과목 추가' });
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText('과목명을 입력하세요')).toBeTruthy();
    expect(within(dialog).getByText('과목 구분을 선택하세요')).toBeTruthy();
    expect(within(dialog).getByText('임상종합평가 여부를 선택하세요')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /과목명/ }), { target: { value: '  신경과학 ' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /약어/ }), { target: { value: 'NEUR' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /과목 구분/ }), { target: { value: '1' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /임상종합평가/ }), { target: { value: '0' } });
    const grades = within(dialog).getByRole('group', { name: '학년·쿼터' });
    fireEvent.click(within(grades).getByRole('checkbox', { name: '3학년' }));
    fireEvent.click(within(grades).getByRole('checkbox', { name: '2학년 4쿼터' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(sent).toEqual([{ subject_name: '신경과학', abbr: 'NEUR', type: 1, cliexam_type: 0, grades: [24, 30] }]));
    expect(await screen.findByText('과목을 추가했습니다')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '과목 추가' })).toBeNull());
  });

  it('edits a subject with PUT and its code, and shows a save failure with the server message', async () => {
    const sent: unknown[] = [];
    let fail = true;
    render({
      'GET /v1/subject/subjects': subjectsHandler([], [cardiology]),
      'PUT /v1/subject': ({ init }) => {
        sent.push(bodyOf(init));
        if (fail) return json(409, { message: '같은 이름의 과목이 있습니다.', code: 'CONFLICT' });
        return json(200, { subject: cardiology });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '순환기내과학 수정' }));
    const dialog = await screen.findByRole('dialog', { name: '과목 수정' });
    expect((within(dialog).getByRole('textbox', { name: /과목명/ }) as HTMLInputElement).value).toBe('순환기내과학');
    expect((within(dialog).getByRole('combobox', { name: /과목 구분/ }) as HTMLSelectElement).value).toBe('1');
    expect((within(dialog).getByRole('checkbox', { name: '3학년' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /약어/ }), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText('과목 저장에 실패했습니다: 같은 이름의 과목이 있습니다.')).toBeTruthy();
    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await screen.findByText('과목을 저장했습니다')).toBeTruthy();
    expect(sent.at(-1)).toEqual({ code: 3, subject_name: '순환기내과학', abbr: null, type: 1, cliexam_type: 1, grades: [24, 30] });
  });

  it('confirms a deletion and shows the server 409 message as is', async () => {
    const deleted: unknown[] = [];
    render({
      'GET /v1/subject/subjects': subjectsHandler([], [cardiology]),
      'DELETE /v1/subject': ({ init }) => {
        deleted.push(bodyOf(init));
        return json(409, { message: '이 과목을 쓰는 시험이 4개 있어 삭제할 수 없습니다.', code: 'CONFLICT' });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '순환기내과학 삭제' }));
    const dialog = await screen.findByRole('dialog', { name: '과목 삭제' });
    expect(within(dialog).getByText('‘순환기내과학’ 과목을 삭제하시겠습니까? 되돌릴 수 없습니다.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    expect(await within(dialog).findByText('과목 삭제에 실패했습니다: 이 과목을 쓰는 시험이 4개 있어 삭제할 수 없습니다.')).toBeTruthy();
    expect(deleted).toEqual([{ code: 3 }]);
  });
});

describe('classes of a subject', () => {
  it('lists the latest year, adds a class (date, N교시, professor) and edits one', async () => {
    const listed: URLSearchParams[] = [];
    const posted: unknown[] = [];
    const put: Array<{ url: string; body: unknown }> = [];
    render({
      'GET /v1/subject/subjects': subjectsHandler([], [cardiology]),
      'GET /v1/subject/years': () => json(200, { years: [2025, 2026] }),
      'GET /v1/subject/3/classes': ({ url }) => {
        const params = paramsOf(url);
        listed.push(params);
        const rows = params.get('year') === '2027' ? [] : [classRow(15), classRow(16, { class_time: null, professor: null, problem_count: 0 })];
        return json(200, { classes: rows, subject: cardiology, total: rows.length, page: 1, limit: 20 });
      },
      'POST /v1/subject/3/classes': ({ init }) => {
        posted.push(bodyOf(init));
        return json(201, { class: classRow(20, { class_date: '2027-03-02' }) });
      },
      'PUT /v1/class/15': ({ url, init }) => {
        put.push({ url, body: bodyOf(init) });
        return json(200, { class: classRow(15) });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '순환기내과학 수업 관리' }));
    const dialog = await screen.findByRole('dialog', { name: '순환기내과학 수업 관리' });
    const table = await within(dialog).findByRole('table', { name: '수업 목록' });
    expect(listed[0]?.get('year')).toBe('2026');
    expect(within(table).getByRole('row', { name: /수업 15/ }).textContent).toContain('3교시');
    expect((within(dialog).getByRole('combobox', { name: '연도' }) as HTMLSelectElement).value).toBe('2026');

    fireEvent.click(within(dialog).getByRole('button', { name: '수업 추가' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText('수업명을 입력하세요.')).toBeTruthy();
    expect(within(dialog).getByText('수업 날짜를 입력하세요.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /수업명/ }), { target: { value: '심부전 1' } });
    fireEvent.change(within(dialog).getByLabelText(/수업 날짜/), { target: { value: '2027-03-02' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: '교시' }), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '교수' }), { target: { value: '오세진 교수' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(posted).toEqual([{ class_name: '심부전 1', class_date: '2027-03-02', class_time: 2, professor: '오세진 교수' }]));
    expect(await screen.findByText('수업을 저장했습니다')).toBeTruthy();
    // The list turns to the year of the saved class.
    await waitFor(() => expect(listed.at(-1)?.get('year')).toBe('2027'));

    fireEvent.change(within(dialog).getByRole('combobox', { name: '연도' }), { target: { value: '2026' } });
    fireEvent.click(await within(dialog).findByRole('button', { name: '수업 15 수정' }));
    const name = await within(dialog).findByRole('textbox', { name: /수업명/ });
    expect((name as HTMLInputElement).value).toBe('수업 15');
    expect((within(dialog).getByRole('combobox', { name: '교시' }) as HTMLSelectElement).value).toBe('3');
    fireEvent.change(within(dialog).getByRole('combobox', { name: '교시' }), { target: { value: '' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '교수' }), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0]?.body).toEqual({ class_name: '수업 15', class_date: '2026-03-09', class_time: null, professor: null });
  });

  it('deletes a class after saying its problems stay', async () => {
    const deleted: string[] = [];
    render({
      'GET /v1/subject/subjects': subjectsHandler([], [cardiology]),
      'GET /v1/subject/years': () => json(200, { years: [2026] }),
      'GET /v1/subject/3/classes': () => json(200, { classes: [classRow(15)], subject: cardiology, total: 1, page: 1, limit: 20 }),
      'DELETE /v1/class/15': ({ url }) => {
        deleted.push(url);
        return json(200, { ok: true });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '순환기내과학 수업 관리' }));
    const dialog = await screen.findByRole('dialog', { name: '순환기내과학 수업 관리' });
    fireEvent.click(await within(dialog).findByRole('button', { name: '수업 15 삭제' }));
    expect(within(dialog).getByText('‘수업 15’ 수업을 삭제하시겠습니까?')).toBeTruthy();
    expect(within(dialog).getByText('이 수업에 연결된 문제 2개는 삭제되지 않습니다. 수업과의 연결만 해제됩니다.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(deleted).toHaveLength(1));
    expect(await screen.findByText('수업을 삭제했습니다')).toBeTruthy();
    expect(await within(dialog).findByRole('table', { name: '수업 목록' })).toBeTruthy();
  });
});
