import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { commonMessages as messages } from '../common/messages';

/**
 * The router's last resort (a render error, or a code chunk that no longer exists after a
 * deploy): a plain page with a reload button instead of React Router's developer screen.
 */
export function RouteErrorPage() {
  return (
    <Container component="main" size="sm" py="xl">
      <Stack gap="sm" align="flex-start">
        <Title order={1}>{messages.routeError.title}</Title>
        <Text c="gray.7">{messages.routeError.text}</Text>
        <Button onClick={() => window.location.reload()}>{messages.routeError.reload}</Button>
      </Stack>
    </Container>
  );
}
