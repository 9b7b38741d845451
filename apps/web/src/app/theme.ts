import { createTheme, type CSSVariablesResolver, type DrawerProps, type ModalProps, type NotificationProps } from '@mantine/core';
import { fontFamily } from './font-family';
import { messages } from './messages';

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 9 keeps white-on-blue buttons, links and "light" badges/alerts at ≥ 4.5:1 contrast
  // (Mantine's default shade 6 is about 3.6:1, below WCAG AA for normal-size text).
  primaryShade: { light: 9, dark: 8 },
  fontFamily,
  headings: { fontFamily },
  defaultRadius: 'md',
  components: {
    // Icon-only close buttons get a Korean accessible name. Plain objects, not Drawer.extend():
    // `extend` is an identity helper, but referencing the component here would put Drawer and
    // Modal (with their scroll area, focus trap and @floating-ui) into the first-screen bundle.
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': messages.common.close } } satisfies Partial<DrawerProps> },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': messages.common.close } } satisfies Partial<ModalProps> },
    // Captions name a table before it is read (issue 12 item 5): above it, not under it.
    Table: { defaultProps: { captionSide: 'top' } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': messages.common.closeNotification } } satisfies Partial<NotificationProps>,
    },
  },
});

// Mantine's "dimmed" (gray.6) and error (red.6) texts are about 3.3:1 on white; use darker
// shades so descriptions, hints and field errors stay readable (WCAG AA).
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
