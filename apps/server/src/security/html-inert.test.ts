import { describe, expect, it } from 'vitest';
import { activeContentIn } from '../testing/security/html-inert';

// The XSS properties are only as strong as this checker: it must flag what a browser would run.
describe('activeContentIn', () => {
  it.each([
    ['<script>alert(1)</script>', '<script> tag'],
    ['<img src="x" onerror="alert(1)">', 'onerror handler on <img>'],
    ['<IMG SRC="x" ONERROR="alert(1)">', 'onerror handler on <img>'],
    ['<svg onload="alert(1)"></svg>', '<svg> tag'],
    ['<a href="javascript:alert(1)">x</a>', 'javascript: URL in href of <a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', 'javascript: URL in href of <a>'],
    ['<a href=" java&#x09;script:alert(1)">x</a>', 'javascript: URL in href of <a>'],
    ['<a href="data:text/html,x">x</a>', 'data: URL in href of <a>'],
    ['<img src="data:image/svg+xml;base64,AAAA">', 'data: URL in src of <img>'],
    ['<a href="//evil.example">x</a>', 'protocol-relative href on <a>: //evil.example'],
    ['<p style="x:expression(alert(1))">x</p>', 'style attribute on <p>'],
    ['<a href="https://example.com" target="_blank">x</a>', 'target=_blank without noopener'],
    ['<p>1 < 2</p>', 'unparsed markup at 5: < 2</p>'],
  ])('flags %s', (html, problem) => {
    expect(activeContentIn(html).join('\n')).toContain(problem);
  });

  it.each([
    '<p>정상 문단 &lt;script&gt;alert(1)&lt;/script&gt;</p>',
    '<p><a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">링크</a></p>',
    '<img src="/uploads/abc.png" alt="그림" /><img src="data:image/png;base64,AAAA">',
    '<table><tbody><tr><td colspan="2">Na 140</td></tr></tbody></table><br /><a href="mailto:a@b.c">메일</a>',
    'onerror=alert(1) as plain text',
  ])('passes %s', (html) => {
    expect(activeContentIn(html)).toEqual([]);
  });
});
