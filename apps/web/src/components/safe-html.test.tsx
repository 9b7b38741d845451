import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { SafeHtml, sanitizeHtml } from './safe-html';

function renderHtml(html: string, className?: string) {
  return render(
    <MantineProvider env="test">
      <SafeHtml html={html} {...(className ? { className } : {})} />
    </MantineProvider>,
  );
}

describe('SafeHtml', () => {
  it('keeps ordinary markup', () => {
    const { container } = renderHtml('<p>본문 <strong>굵게</strong></p><ul><li>하나</li></ul><img src="/uploads/a.png" alt="그림">');
    expect(container.querySelector('strong')?.textContent).toBe('굵게');
    expect(container.querySelector('li')?.textContent).toBe('하나');
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/uploads/a.png');
  });

  it('strips <script> and onerror', () => {
    const { container } = renderHtml('<p>안녕</p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2">');
    expect(container.querySelector('script')).toBeNull();
    expect(container.innerHTML).not.toContain('onerror');
    expect(container.innerHTML).not.toContain('__pwned');
    expect(container.querySelector('img')).not.toBeNull();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('drops javascript: links, inline handlers and styles, and guards new windows', () => {
    const html = sanitizeHtml(
      '<a href="javascript:alert(1)">x</a><a href="https://example.com" target="_blank">y</a><p onclick="x()" style="position:fixed">z</p>',
    );
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('onclick');
    expect(html).not.toContain('position:fixed');
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it('passes a className through', () => {
    const { container } = renderHtml('<p>a</p>', 'problem-question');
    expect(container.querySelector('.qbank-safe-html.problem-question')).not.toBeNull();
  });
});
