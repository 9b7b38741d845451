import { useCallback, useEffect, useLayoutEffect, useMemo, useState, type RefObject } from 'react';
import type { HighlightPart } from '@qbank/shared/annotations';
import { useAnnotation, useSetHighlights } from './api';
import { addHighlight, drawHighlights, selectedRange } from './text-offsets';

/**
 * 형광펜 on one part of a problem (the stem, the options' block, the shared case). `root` holds the
 * part's rendered HTML; `content` changes when that HTML does (the highlights are drawn again).
 * `selection` is the range the member has selected in it now, if any.
 */
export function useHighlighter(problemUid: number, part: HighlightPart, root: RefObject<HTMLElement | null>, content: unknown) {
  const { data } = useAnnotation(problemUid);
  const save = useSetHighlights(problemUid);
  const all = useMemo(() => data?.highlights ?? [], [data]);
  const mine = all.filter((h) => h.part === part);
  const key = JSON.stringify(mine);
  const [selection, setSelection] = useState<{ start: number; end: number } | null>(null);

  useLayoutEffect(() => {
    if (root.current) drawHighlights(root.current, JSON.parse(key) as { start: number; end: number }[]);
  }, [root, key, content]);

  useEffect(() => {
    const onChange = () => setSelection(root.current ? selectedRange(root.current, document.getSelection()) : null);
    document.addEventListener('selectionchange', onChange);
    return () => document.removeEventListener('selectionchange', onChange);
  }, [root]);

  const highlight = useCallback(() => {
    if (!selection) return;
    save.mutate(addHighlight(all, { part, ...selection }));
    document.getSelection()?.removeAllRanges();
    setSelection(null);
  }, [selection, save, part, all]);

  const clear = useCallback(() => save.mutate(all.filter((h) => h.part !== part)), [save, all, part]);

  return { selection, highlight, clear, count: mine.length };
}
