import { Skeleton, Stack } from '@mantine/core';
import { commonMessages as messages } from '../common/messages';

/**
 * Shown while a screen or its data arrives: the outline of a page (a title and blocks of text)
 * instead of a bare spinner on a blank page (issue 12 item 8), so the layout does not jump.
 */
export function PageLoader() {
  return (
    <Stack gap="sm" py="md" role="status" aria-label={messages.app.loading} data-testid="page-skeleton">
      <Skeleton height={28} width="45%" radius="sm" />
      <Skeleton height={14} radius="sm" />
      <Skeleton height={14} width="85%" radius="sm" />
      <Skeleton height={120} radius="md" mt="xs" />
    </Stack>
  );
}
