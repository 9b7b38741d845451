import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { problemRow } from '../testing/fixtures/problems';
import { HIGHLIGHT_DURATION_MS, HIGHLIGHT_SCROLL_DELAY_MS, useHighlight } from './use-highlight';

const problems = [problemRow({ uid: 11, no: 1 }), problemRow({ uid: 12, no: 2 })];
const noMore = { hasNextPage: false, isFetchingNextPage: false, fetchNextPage: () => {} };

function renderWithState(state: unknown) {
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(MemoryRouter, { initialEntries: [{ pathname: '/tests/1/problems', state }] }, children);
  return renderHook(() => useHighlight(problems, noMore), { wrapper });
}

describe('useHighlight', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('marks the problem named in the navigation state after the scroll delay, for the mark duration', () => {
    const { result } = renderWithState({ highlightUid: 12 });
    expect(result.current).toEqual({ highlightedUid: null, targetIndex: 1 });
    act(() => {
      vi.advanceTimersByTime(HIGHLIGHT_SCROLL_DELAY_MS);
    });
    expect(result.current.highlightedUid).toBe(12);
    act(() => {
      vi.advanceTimersByTime(HIGHLIGHT_DURATION_MS - 1);
    });
    expect(result.current.highlightedUid).toBe(12);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.highlightedUid).toBeNull();
  });

  it('keeps the mark for its whole duration when the main thread was busy past the scroll and the fade', () => {
    const { result } = renderWithState({ highlightNo: 1 });
    // Every timer due in these 10 s runs before React draws again, as on a phone busy drawing a long exam.
    act(() => {
      vi.advanceTimersByTime(HIGHLIGHT_SCROLL_DELAY_MS + HIGHLIGHT_DURATION_MS + 10_000);
    });
    expect(result.current.highlightedUid).toBe(11);
    act(() => {
      vi.advanceTimersByTime(HIGHLIGHT_DURATION_MS);
    });
    expect(result.current.highlightedUid).toBeNull();
  });

  it('marks nothing without a target in the navigation state', () => {
    const { result } = renderWithState(null);
    act(() => {
      vi.advanceTimersByTime(HIGHLIGHT_SCROLL_DELAY_MS + HIGHLIGHT_DURATION_MS);
    });
    expect(result.current).toEqual({ highlightedUid: null, targetIndex: -1 });
  });
});
