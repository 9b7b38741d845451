import { useMediaQuery } from '@mantine/hooks';

/**
 * True below Mantine's `sm` breakpoint (48em, phones): tables turn into card lists there so
 * that their action buttons and last columns are not hidden off to the right. Read at once,
 * not after a first render, so a phone never flashes the table.
 */
export function useCompactLayout(): boolean {
  return useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
}
