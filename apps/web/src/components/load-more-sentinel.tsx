import { Button, Center, Loader } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { commonMessages as messages } from '../common/messages';

const m = messages.lists;

/**
 * Placed right after the last item of an infinite list: asks for the next page when it comes
 * within `rootMargin` of the viewport (100 px and threshold 0.1 for exams, 200 px for
 * problems). It stops watching while a page loads, so one load never overlaps another; watching
 * again afterwards fires at once if the sentinel is still in view (a short page).
 * A button does the same for keyboard users and browsers without IntersectionObserver.
 */
export function LoadMoreSentinel({
  hasMore,
  loading,
  onLoadMore,
  rootMargin = '100px',
  threshold = 0.1,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  rootMargin?: string;
  threshold?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const onLoadMoreRef = useRef(onLoadMore);
  useEffect(() => {
    onLoadMoreRef.current = onLoadMore;
  }, [onLoadMore]);

  useEffect(() => {
    const element = ref.current;
    if (!element || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMoreRef.current();
      },
      { rootMargin, threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, rootMargin, threshold]);

  if (!hasMore) return null;
  return (
    <div ref={ref}>
      <Center py="md">
        {loading ? (
          <Loader size="sm" role="status" aria-label={m.loadingMore} />
        ) : (
          <Button variant="default" onClick={() => onLoadMoreRef.current()}>
            {m.loadMore}
          </Button>
        )}
      </Center>
    </div>
  );
}
