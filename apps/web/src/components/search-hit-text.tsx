import { findSearchHits } from '@qbank/shared/search-hits';
import { Fragment, type ReactNode } from 'react';
import { SEARCH_HIT_CLASS } from '../lib/mark-search-hits';
import './search-hit.css';

/** Plain text (a choice, an answer) with the hits of the viewer's search marked (issue 26 item 15). */
export function SearchHitText({ text, query }: { text: string; query?: string }) {
  const hits = query ? findSearchHits(text, query) : [];
  if (hits.length === 0) return text;
  const pieces: ReactNode[] = [];
  let at = 0;
  for (const { start, end } of hits) {
    if (start > at) pieces.push(text.slice(at, start));
    pieces.push(
      <mark key={start} className={SEARCH_HIT_CLASS}>
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) pieces.push(text.slice(at));
  return <Fragment>{pieces}</Fragment>;
}
