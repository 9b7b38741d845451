import { Notifications } from '@mantine/notifications';

/**
 * The toast container, on its own for the lazy import in providers.tsx. Importing it straight
 * from '@mantine/notifications' there would resolve to that package's index, which the first
 * screen already holds for the `notifications` store (gates.tsx): the whole package, with
 * react-transition-group and react-remove-scroll, would then ride in the first-screen chunk.
 */
export function ToastContainer() {
  return <Notifications position="top-center" />;
}
