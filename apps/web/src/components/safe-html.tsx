import { Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { emphasizeNegations } from '../lib/emphasize-negations';
import { markSearchHits } from '../lib/mark-search-hits';
import './safe-html.css';
import './search-hit.css';

// Markup is sanitized when stored (server) and again here, before it reaches the DOM
// (decision 128): a `<script>`, an `on…=` handler or a `javascript:` link never runs.

let configured = false;

/**
 * The hooks and the configuration, once: DOMPurify parses a configuration passed to sanitize()
 * anew on every call (building its allow-lists), which a 120-problem page paid per question,
 * choice and explanation; set once, every call reuses it.
 */
function configure(): void {
  if (configured) return;
  configured = true;
  // A link that opens a new window must not hand that window a reference back to this one.
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  DOMPurify.setConfig({
    USE_PROFILES: { html: true },
    // No forms inside content, and no inline styles: a `position: fixed` overlay could
    // dress stored markup up as the app's own buttons.
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
    ADD_ATTR: ['target'],
  });
}

/** The sanitized form of `html`, for callers that need the string itself. */
export function sanitizeHtml(html: string): string {
  configure();
  return DOMPurify.sanitize(html);
}

/** Sanitizes stored HTML and, when asked, emphasizes its negation phrases, where there is no DOM. */
export type HtmlCleaner = (html: string, emphasizeNegation: boolean) => string;
let cleanerWithoutDom: HtmlCleaner | null = null;

/**
 * The server's drawing of a page (app/server-paint.tsx) runs in Node, where DOMPurify has no DOM
 * to work on: the server hands in its own sanitizer (sanitize-html, the one content is stored
 * with) and its negation emphasis instead.
 */
export function setHtmlCleanerWithoutDom(cleaner: HtmlCleaner): void {
  cleanerWithoutDom = cleaner;
}

/**
 * Renders stored HTML (a post, a problem's question or explanation) after sanitizing it.
 * `emphasizeNegation` marks a question's deciding phrases ("옳지 않은") on the sanitized DOM;
 * `searchQuery` marks where the text matches the viewer's search (issue 26 item 15).
 */
export function SafeHtml({
  html,
  className,
  emphasizeNegation = false,
  searchQuery = '',
}: {
  html: string;
  className?: string;
  emphasizeNegation?: boolean;
  searchQuery?: string;
}) {
  const clean = useMemo(() => {
    // The server's drawing is of pages without a search; the browser draws a searched page anew.
    if (cleanerWithoutDom) return cleanerWithoutDom(html, emphasizeNegation);
    const sanitized = sanitizeHtml(html);
    const emphasized = emphasizeNegation ? emphasizeNegations(sanitized) : sanitized;
    return searchQuery.trim() ? markSearchHits(emphasized, searchQuery) : emphasized;
  }, [html, emphasizeNegation, searchQuery]);
  return (
    <Typography
      className={className ? `qbank-safe-html ${className}` : 'qbank-safe-html'}
      // Sanitized by DOMPurify just above.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
