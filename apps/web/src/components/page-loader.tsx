import { Center, Loader } from '@mantine/core';
import { commonMessages as messages } from '../common/messages';

/** Shown while a lazily loaded screen arrives. */
export function PageLoader() {
  return (
    <Center py="xl" role="status" aria-label={messages.app.loading}>
      <Loader size="sm" />
    </Center>
  );
}
