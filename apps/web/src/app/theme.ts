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
  // The screens name light-scheme shades for quiet text and tinted boxes (`c="gray.7"`,
  // `bg="blue.0"`, `c="dark.9"`). Mantine's own dark styles never use these shades (its dark rules
  // use the dark palette), so in the dark scheme they are re-pointed at readable equivalents:
  // quiet text ≥ 7:1 on the page, tints as dark surfaces (decision 166).
  dark: {
    // Mantine's dark dimmed (dark.2) is 4.4:1 on the page and its error red (red.8) 3.9:1.
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-5)',
    '--mantine-color-gray-0': 'var(--mantine-color-dark-6)',
    '--mantine-color-gray-1': 'var(--mantine-color-dark-5)',
    '--mantine-color-gray-7': 'var(--mantine-color-dark-1)',
    '--mantine-color-gray-8': 'var(--mantine-color-dark-0)',
    '--mantine-color-dark-9': 'var(--mantine-color-dark-0)',
    // Mantine's dark rules that did read those shades keep their colours.
    '--mantine-color-gray-filled': '#495057',
    '--mantine-color-dark-filled-hover': '#141414',
    // The top bar's links are subtle "dark" buttons: Mantine draws their text in dark.3 (2.8:1).
    '--mantine-color-dark-light-color': 'var(--mantine-color-dark-0)',
    '--mantine-color-blue-0': '#1a2b40',
    '--mantine-color-yellow-0': '#36301a',
  },
});
