import { afterEach, describe, expect, it } from 'vitest';
import { addHighlight, drawHighlights, HIGHLIGHT_CLASS, selectedRange, textOffset } from './text-offsets';

// A highlight is a range of the part's plain text: saved from a selection on one device, drawn
// over the same words on another, across the stem's own markup.
describe('highlight ranges', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  const stem = () => {
    document.body.innerHTML = '<div id="stem"><p>45세 남자가 <strong>Na 128</strong> mEq/L로</p><p>내원하였다.</p></div>';
    return document.getElementById('stem')!;
  };

  it('reads a selection as offsets of the plain text, a new block counting as one break', () => {
    const root = stem();
    const strong = root.querySelector('strong')!.firstChild!;
    expect(textOffset(root, strong, 0)).toBe('45세 남자가 '.length);
    const second = root.querySelectorAll('p')[1]!.firstChild!;
    expect(textOffset(root, second, 0)).toBe('45세 남자가 Na 128 mEq/L로'.length + 1);
    const range = document.createRange();
    range.setStart(strong, 0);
    range.setEnd(strong, 6);
    const selection = document.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    expect(selectedRange(root, selection)).toEqual({ start: 8, end: 14 });
    // A selection outside the part is none of its business.
    const elsewhere = document.createElement('p');
    elsewhere.textContent = '다른 곳';
    document.body.append(elsewhere);
    range.selectNodeContents(elsewhere);
    selection.removeAllRanges();
    selection.addRange(range);
    expect(selectedRange(root, selection)).toBeNull();
  });

  it('draws the ranges across markup and draws again without nesting', () => {
    const root = stem();
    drawHighlights(root, [{ start: 4, end: 14 }]);
    expect([...root.querySelectorAll(`mark.${HIGHLIGHT_CLASS}`)].map((mark) => mark.textContent)).toEqual(['남자가 ', 'Na 128']);
    drawHighlights(root, [{ start: 8, end: 10 }]);
    expect([...root.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Na']);
    drawHighlights(root, []);
    expect(root.querySelectorAll('mark')).toHaveLength(0);
    expect(root.innerHTML).toBe('<p>45세 남자가 <strong>Na 128</strong> mEq/L로</p><p>내원하였다.</p>');
  });

  it('joins a new range with the ones it touches, part by part', () => {
    const existing = [
      { part: 'question' as const, start: 0, end: 4 },
      { part: 'question' as const, start: 10, end: 12 },
      { part: 'passage' as const, start: 0, end: 30 },
    ];
    expect(addHighlight(existing, { part: 'question', start: 3, end: 10 })).toEqual([
      { part: 'passage', start: 0, end: 30 },
      { part: 'question', start: 0, end: 12 },
    ]);
    expect(addHighlight(existing, { part: 'question', start: 5, end: 8 })).toHaveLength(4);
  });
});
