import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';
import './problem-detail-page';
import { changedProblem, leadValuesOf } from './problem-edit-form';
import { bodyOf, detail, version } from '../testing/fixtures/authoring';

vi.mock('../components/rich-text-editor', async () => (await import('../testing/rich-text-editor-stub')).richTextEditorStub());

afterEach(() => notifications.clean());

const lead = member({ id: 'demo-lead', role: 'lead', authority: 2 });
const classes = {
  classes: [{ uid: 71, subject_code: 3, class_name: '심방세동', class_date: '2026-04-02', class_time: 2, professor: '이교수', problem_count: 0 }],
  subject: { subject_code: 3, subject_name: '순환기내과학', abbr: null, type: 1, cliexam_type: 1, grades: [21], positions: [] },
  total: 1,
  page: 1,
  limit: 1000,
};
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('problem detail (lead)', () => {
  it('shows the slot read-only, then edits it sending only the changed fields; the type is not editable', async () => {
    const patches: unknown[] = [];
    let problem = detail();
    mockFetch({
      'GET /v1/auth/me': meHandler(lead),
      'GET /v1/problem/501/detail': () => json(200, { problem }),
      'GET /v1/subject/3/classes': () => json(200, classes),
      'PATCH /v1/problem/501': ({ init }) => {
        const body = bodyOf(init) as Record<string, unknown>;
        patches.push(body);
        problem = { ...problem, answer: String(body.answer ?? problem.answer), version_count: 2 };
        return json(200, { problem });
      },
    });
    renderRoutes('/dashboard/lead/tests/40/problems/501');
    expect(await screen.findByRole('heading', { level: 1, name: '객관식 3번' })).toBeTruthy();
    expect(screen.getByText('심방세동 환자의 항응고 치료로 옳은 것은?')).toBeTruthy();
    expect(screen.getByText('5지선다')).toBeTruthy();
    expect(screen.getByText('제출됨')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '시험 정보' })).toBeTruthy();
    expect(screen.getByText('2학년 1쿼터')).toBeTruthy();
    expect(screen.getByRole('link', { name: '문제 목록으로' }).getAttribute('href')).toBe('/dashboard/lead/tests/40/problems');

    fireEvent.click(screen.getByRole('button', { name: '수정' }));
    const type = (await screen.findByRole('textbox', { name: '유형' })) as HTMLInputElement;
    expect(type.readOnly).toBe(true);
    expect(type.value).toBe('객관식');
    expect(screen.getByText('문제 유형은 만든 뒤 바꿀 수 없습니다.')).toBeTruthy();

    // Nothing changed: 'no changes', nothing sent.
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('변경된 내용이 없습니다.')).toBeTruthy();
    expect(patches).toEqual([]);

    // The letter-style legend appears with choice type 1.
    fireEvent.change(screen.getByRole('combobox', { name: '보기 형식' }), { target: { value: '1' } });
    expect(screen.getByText('가나다형 선택지: ①가 ②나 ③다 ④라 ⑤마')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: '보기 형식' }), { target: { value: '5' } });

    fireEvent.change(screen.getByRole('textbox', { name: '정답' }), { target: { value: '②' } });
    const file = new File([Uint8Array.from(atob(PNG_1PX), (c) => c.charCodeAt(0))], 'q.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('문제 그림 파일'), { target: { files: [file] } });
    expect(await screen.findByRole('img', { name: '문제 그림 미리보기' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    const body = patches[0] as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['answer', 'question_pic']);
    expect(body.answer).toBe('②');
    expect(String(body.question_pic)).toMatch(/^data:image\/png;base64,/);
    expect(await screen.findByText('저장되었습니다')).toBeTruthy();
    // Back in view mode with the saved answer.
    expect(await screen.findByRole('button', { name: '수정' })).toBeTruthy();
    expect(screen.getByText('②')).toBeTruthy();
  });

  it('refuses a file that is not an image, and shows 저장 중 오류가 발생했습니다 with the server message', async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(lead),
      'GET /v1/problem/501/detail': () => json(200, { problem: detail() }),
      'GET /v1/subject/3/classes': () => json(200, classes),
      'PATCH /v1/problem/501': () =>
        json(400, {
          message: '이미지는 PNG, JPEG, GIF, WebP 형식만 올릴 수 있습니다.',
          code: 'VALIDATION',
          fields: { question_pic: '이미지는 PNG, JPEG, GIF, WebP 형식만 올릴 수 있습니다.' },
        }),
    });
    renderRoutes('/dashboard/lead/tests/40/problems/501');
    fireEvent.click(await screen.findByRole('button', { name: '수정' }));
    fireEvent.change(await screen.findByLabelText('문제 그림 파일'), { target: { files: [new File(['<html>'], 'x.html', { type: 'text/html' })] } });
    expect(await screen.findByText('이미지 업로드에 실패했습니다: 이미지는 PNG, JPEG, GIF, WebP 형식만 올릴 수 있습니다.')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: '해설' }), { target: { value: '<p>새 해설</p>' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    const alert = await screen.findByText('저장 중 오류가 발생했습니다');
    expect(alert.closest('[role="alert"]')?.textContent).toContain('이미지는 PNG, JPEG, GIF, WebP 형식만 올릴 수 있습니다.');
  });

  it('links classes of the subject as class_uids', () => {
    const problem = detail({ classes: [{ uid: 70, class_name: '고혈압', class_date: '2026-03-20' }] });
    const initial = leadValuesOf(problem);
    expect(changedProblem(initial, { ...initial, class_uids: [71, 70] })).toEqual({ class_uids: [70, 71] });
    expect(changedProblem(initial, { ...initial, class_uids: [70] })).toEqual({});
    expect(changedProblem(initial, { ...initial, no: 4 })).toEqual({ no: 4 });
  });

  it('lists the versions and restores one after a confirmation', async () => {
    const restored: string[] = [];
    let problem = detail({ version_count: 2 });
    mockFetch({
      'GET /v1/auth/me': meHandler(lead),
      'GET /v1/problem/501/detail': () => json(200, { problem }),
      'GET /v1/problem/501/versions': () =>
        json(200, {
          versions: [
            version(12, '<p>두 번째 내용</p>', { creation_time: '2026-03-05T01:00:00.000Z', edited_by: { member_code: 10, id: 'demo-lead', name: '박준영' } }),
            version(11, '', { creation_time: '2026-03-01T01:00:00.000Z', edited_by: null, snapshot: { ...version(11, '').snapshot, is_vacant: 1 } }),
          ],
          total: 2,
          page: 1,
          limit: 50,
        }),
      'POST /v1/problem/501/versions/12/restore': ({ url }) => {
        restored.push(url);
        problem = { ...problem, question: '<p>두 번째 내용</p>', version_count: 3 };
        return json(200, { problem });
      },
    });
    renderRoutes('/dashboard/lead/tests/40/problems/501');
    fireEvent.click(await screen.findByRole('button', { name: '변경 이력 2' }));
    const dialog = await screen.findByRole('dialog', { name: '변경 이력' });
    const list = await within(dialog).findByRole('list', { name: '이전 버전 목록' });
    expect(within(list).getByText('2026.03.05 10:00 · 박준영(demo-lead)')).toBeTruthy();
    expect(within(list).getByText('두 번째 내용')).toBeTruthy();
    expect(within(list).getByText('2026.03.01 10:00 · 알 수 없음')).toBeTruthy();
    expect(within(list).getByText('(빈 문제)')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: '2026.03.05 10:00 버전 보기' }));
    expect(await within(dialog).findByRole('heading', { name: '2026.03.05 10:00 버전' })).toBeTruthy();
    expect(within(dialog).getByText('두 번째 내용')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '이 버전으로 복원' }));
    expect(within(dialog).getByText('2026.03.05 10:00에 저장된 내용으로 복원할까요? 지금 내용은 새 버전으로 남습니다.')).toBeTruthy();
    expect(restored).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: '복원' }));
    expect(await screen.findByText('선택한 버전으로 복원했습니다.')).toBeTruthy();
    expect(restored).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '변경 이력' })).toBeNull());
    expect(await screen.findByText('두 번째 내용')).toBeTruthy();
  });

  it('creates, edits (changed fields only) and removes the set header', async () => {
    const calls: Array<[string, unknown]> = [];
    const header = {
      code: 9,
      test_code: 40,
      type: 1,
      begin_problem_no: 3,
      end_problem_no: 3,
      header_text: '<p>다음 증례를 읽고 답하시오.</p>',
      pic_path: null,
    };
    let problem = detail();
    mockFetch({
      'GET /v1/auth/me': meHandler(lead),
      'GET /v1/problem/501/detail': () => json(200, { problem }),
      'POST /v1/problem/header': ({ init }) => {
        calls.push(['POST', bodyOf(init)]);
        problem = { ...problem, set_header: header };
        return json(201, { header, problem_uids: [501] });
      },
      'PATCH /v1/problem/header/9': ({ init }) => {
        calls.push(['PATCH', bodyOf(init)]);
        problem = { ...problem, set_header: { ...header, end_problem_no: 4 } };
        return json(200, { header: problem.set_header, problem_uids: [501, 502] });
      },
      'DELETE /v1/problem/header/9': () => {
        calls.push(['DELETE', null]);
        problem = { ...problem, set_header: null };
        return json(200, { ok: true });
      },
    });
    renderRoutes('/dashboard/lead/tests/40/problems/501');
    fireEvent.click(await screen.findByRole('button', { name: '공통 지문 만들기' }));
    let dialog = await screen.findByRole('dialog', { name: '공통 지문 만들기' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '지문 내용' }), { target: { value: '<p>다음 증례를 읽고 답하시오.</p>' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await screen.findByText('공통 지문을 저장했습니다.')).toBeTruthy();
    expect(calls[0]).toEqual(['POST', { test_code: 40, type: 1, begin_problem_no: 3, end_problem_no: 3, header_text: '<p>다음 증례를 읽고 답하시오.</p>' }]);
    expect(await screen.findByText('다음 증례를 읽고 답하시오.')).toBeTruthy();
    expect(screen.getByText('3–3번')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '공통 지문 수정' }));
    dialog = await screen.findByRole('dialog', { name: '공통 지문 수정' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '끝 번호' }), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(calls[1]).toEqual(['PATCH', { end_problem_no: 4 }]));
    expect(await screen.findByText('3–4번')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '공통 지문 삭제' }));
    dialog = await screen.findByRole('dialog', { name: '공통 지문 삭제' });
    fireEvent.click(within(dialog).getByRole('button', { name: '공통 지문 삭제' }));
    expect(await screen.findByText('공통 지문을 삭제했습니다.')).toBeTruthy();
    expect(calls[2]).toEqual(['DELETE', null]);
    expect(await screen.findByText('이 문제에 연결된 공통 지문이 없습니다.')).toBeTruthy();
  });

  it('goes back to the list when the problem does not exist', async () => {
    mockFetch({
      'GET /v1/auth/me': meHandler(lead),
      'GET /v1/problem/999/detail': () => json(404, { message: '문제를 찾을 수 없습니다.', code: 'NOT_FOUND' }),
      'GET /v1/problem/lead': () => json(200, { problem: [], problem_count: 0, page: 1, limit: 100, test: detail().test }),
    });
    const { router } = renderRoutes('/dashboard/lead/tests/40/problems/999');
    expect(await screen.findByText('문제를 찾을 수 없습니다.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/lead/tests/40/problems'));
  });
});
