import { describe, expect, it } from 'vitest';
import { sanitizeRichHtml } from './html';

describe('sanitizeRichHtml', () => {
  it('keeps formatting, lists and lab-value tables', () => {
    const html =
      '<p><strong>Na</strong> 135 mEq/L, H<sub>2</sub>O, 10<sup>3</sup></p><ul><li>가</li></ul><table><tbody><tr><td colspan="2">AST</td></tr></tbody></table>';
    expect(sanitizeRichHtml(html)).toBe(html);
  });

  it.each([
    ['<script>alert(1)</script><p>본문</p>', '<p>본문</p>'],
    ['<img src="x" onerror="alert(1)">', ''],
    ['<img src="/uploads/a.png" onerror="alert(1)">', '<img src="/uploads/a.png" />'],
    ['<a href="javascript:alert(1)">링크</a>', '<a rel="noopener noreferrer nofollow" target="_blank">링크</a>'],
    ['<p style="background:url(x)" onclick="x()">글</p>', '<p>글</p>'],
    ['<iframe src="https://evil.example"></iframe><svg onload="x()"></svg>', ''],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', ''],
  ])('makes %s inert', (input, output) => {
    expect(sanitizeRichHtml(input)).toBe(output);
  });
});
