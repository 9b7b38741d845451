import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, meHandler, member, mockFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';

// Issue 26 item 19: a file the server cannot read is explained on the page, not only in a toast
// that goes away.
describe('import page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the reason a file could not be read on the page until another file is chosen', async () => {
    const reason = '파일을 읽을 수 없습니다. .docx, .xlsx, .csv 파일인지 확인하세요.';
    mockFetch({
      'GET /v1/auth/me': meHandler(member({ role: 'lead' })),
      'POST /v1/test/3/import': () => json(400, { message: reason, code: 'VALIDATION' }),
    });
    const { container } = renderRoutes('/dashboard/lead/tests/3/import');
    await screen.findByRole('heading', { name: '문제 가져오기' });
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['not a zip'], 'broken.docx')] } });
    fireEvent.click(screen.getByRole('button', { name: '미리보기' }));
    const alert = await screen.findByTestId('import-preview-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('파일을 읽지 못했습니다');
    expect(alert.textContent).toContain(reason);
    fireEvent.change(input, { target: { files: [new File(['x'], 'other.csv')] } });
    await waitFor(() => expect(screen.queryByTestId('import-preview-error')).toBeNull());
  });

  // Issue 31 item 4: pasted text goes through the same preview, as a UTF-8 paste.txt part; a row the
  // exam already holds (slot 'same') is shown but left out.
  it('previews pasted text as a paste.txt upload and leaves out a problem the exam already holds', async () => {
    let sent: { name: string; text: string } | null = null;
    const row = (no: number, slot: string) => ({
      no,
      type: 1,
      choice_type: 4,
      question: `붙여 넣은 문제 ${no}`,
      illustration: '① 가\n② 나\n③ 다\n④ 라',
      answer: '①',
      comments: '',
      images: [],
      comment_images: [],
      slot,
      source_type: '',
      errors: [],
      warnings: slot === 'same' ? ['이 시험에 같은 내용의 문제가 이미 있어 건너뜁니다.'] : [],
    });
    mockFetch({
      'GET /v1/auth/me': meHandler(member({ role: 'lead' })),
      'POST /v1/test/3/import': async ({ init }) => {
        const file = (init?.body as FormData).get('file') as File;
        const text = await new Promise<string>((resolve) => {
          const reader = new FileReader();
          reader.onload = () => resolve(String(reader.result));
          reader.readAsText(file);
        });
        sent = { name: file.name, text };
        return json(200, { format: 'text', problems: [row(1, 'same'), row(2, 'new')], set_headers: [], warnings: [] });
      },
    });
    renderRoutes('/dashboard/lead/tests/3/import');
    await screen.findByRole('heading', { name: '문제 가져오기' });
    fireEvent.change(screen.getByLabelText('또는 글 붙여 넣기'), { target: { value: '1. 붙여 넣은 문제 1\n① 가 ② 나 ③ 다 ④ 라\n정답: ①' } });
    fireEvent.click(screen.getByRole('button', { name: '미리보기' }));
    expect(await screen.findByText('문제 2개 중 1개를 가져옵니다.')).toBeTruthy();
    expect(sent).toEqual({ name: 'paste.txt', text: '1. 붙여 넣은 문제 1\n① 가 ② 나 ③ 다 ④ 라\n정답: ①' });
    expect(screen.getByText('이미 있음(건너뜀)')).toBeTruthy();
    expect(screen.getByText('이 시험에 같은 내용의 문제가 이미 있어 건너뜁니다.')).toBeTruthy();
  });

  // Issue 31 "Done when": a lead drags the file onto the upload area; it is taken as if chosen in
  // the picker and previewed the same way. A file of another kind is refused on the page.
  it('takes a file dropped on the upload area and previews it at once, like a chosen one', async () => {
    let sentName: string | null = null;
    mockFetch({
      'GET /v1/auth/me': meHandler(member({ role: 'lead' })),
      'POST /v1/test/3/import': ({ init }) => {
        sentName = ((init?.body as FormData).get('file') as File).name;
        return json(200, { format: 'hwpx', problems: [], set_headers: [], warnings: [] });
      },
    });
    renderRoutes('/dashboard/lead/tests/3/import');
    await screen.findByRole('heading', { name: '문제 가져오기' });
    const zone = screen.getByTestId('import-drop-zone');
    const dataTransfer = (files: File[]) => ({ files, types: ['Files'], dropEffect: 'none' });

    fireEvent.dragEnter(zone, { dataTransfer: dataTransfer([]) });
    expect(zone.getAttribute('data-dragging')).toBe('true');
    expect(screen.getByText('여기에 파일을 놓으세요')).toBeTruthy();
    fireEvent.drop(zone, { dataTransfer: dataTransfer([new File(['x'], 'photo.png')]) });
    expect(zone.getAttribute('data-dragging')).toBeNull();
    expect((await screen.findByTestId('import-preview-error')).textContent).toContain('photo.png: 가져올 수 없는 형식입니다.');
    expect((screen.getByRole('button', { name: '미리보기' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.dragEnter(zone, { dataTransfer: dataTransfer([]) });
    fireEvent.drop(zone, { dataTransfer: dataTransfer([new File(['PK'], '작년 족보.HWPX')]) });
    // The drop starts the preview by itself.
    expect(await screen.findByText('문제 0개 중 0개를 가져옵니다.')).toBeTruthy();
    expect(sentName).toBe('작년 족보.HWPX');
  });
});
