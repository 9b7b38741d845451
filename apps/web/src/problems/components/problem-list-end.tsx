import { Button, Center, Stack, Text } from '@mantine/core';
import { LoadMoreSentinel } from '../../components/load-more-sentinel';
import { messages } from '../messages';

const m = messages.problems;

/**
 * The end of a chunked problem list: the scroll hint and the shared sentinel while there is
 * more, the all-loaded message at the end. After a failed chunk the sentinel steps aside (it
 * would fire again at once and loop); a button retries instead.
 */
export function ProblemListEnd({
  hasNextPage,
  isFetchingNextPage,
  failed,
  onLoadMore,
  loadedCount,
  rootMargin,
  threshold,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The last chunk failed to load. */
  failed: boolean;
  onLoadMore: () => void;
  loadedCount: number;
  rootMargin: string;
  threshold?: number;
}) {
  if (!hasNextPage) {
    return loadedCount > 0 ? (
      <Text ta="center" size="sm" c="gray.7" py="sm">
        {m.allLoaded}
      </Text>
    ) : null;
  }
  return (
    <Stack gap={0}>
      {!isFetchingNextPage && (
        <Text ta="center" size="sm" c="gray.7">
          {m.scrollHint}
        </Text>
      )}
      {failed && !isFetchingNextPage ? (
        <Center py="md">
          <Button variant="default" onClick={onLoadMore}>
            {m.retry}
          </Button>
        </Center>
      ) : (
        <LoadMoreSentinel hasMore loading={isFetchingNextPage} onLoadMore={onLoadMore} rootMargin={rootMargin} threshold={threshold ?? 0} />
      )}
    </Stack>
  );
}
