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
});
