import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RichTextEditor } from './rich-text-editor';

function Harness({ initial = '', onChange }: { initial?: string; onChange?: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider env="test">
      <RichTextEditor
        label="내용"
        value={value}
        onChange={(html) => {
          setValue(html);
          onChange?.(html);
        }}
        error={value === '' ? '내용을 입력하세요.' : undefined}
      />
      <button type="button" onClick={() => setValue('<p>바깥에서 바꾼 <strong>값</strong></p>')}>
        set
      </button>
    </MantineProvider>
  );
}

describe('RichTextEditor', () => {
  it('is a labelled multi-line textbox with Korean toolbar controls and its error', async () => {
    render(<Harness />);
    const box = await screen.findByRole('textbox', { name: '내용' });
    expect(box.getAttribute('aria-multiline')).toBe('true');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const describedBy = box.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('내용을 입력하세요.');
    const toolbar = screen.getByRole('group', { name: '서식 도구' });
    for (const name of [
      '굵게',
      '기울임',
      '밑줄',
      '취소선',
      '아래 첨자',
      '위 첨자',
      '글머리 기호 목록',
      '번호 목록',
      '링크',
      '표 넣기',
      '실행 취소',
      '다시 실행',
    ]) {
      expect(within(toolbar).getByRole('button', { name })).toBeTruthy();
    }
  });

  it('shows a value set from outside, and inserts a table with a header row', async () => {
    const onChange = vi.fn();
    render(<Harness initial="<p>처음</p>" onChange={onChange} />);
    const box = await screen.findByRole('textbox', { name: '내용' });
    expect(box.textContent).toBe('처음');
    fireEvent.click(screen.getByRole('button', { name: 'set' }));
    await waitFor(() => expect(box.querySelector('strong')?.textContent).toBe('값'));
    // A value from outside is not reported back as a change.
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '표 넣기' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const html = String(onChange.mock.calls.at(-1)?.[0]);
    expect(html).toContain('<table');
    expect(html).toContain('<th');
    expect(box.getAttribute('aria-invalid')).toBeNull();
  });
});
