import { notifications } from '@mantine/notifications';
import { errorMessage } from '../lib/api-client';

// The app's toasts: one look and one duration for every screen.

/** Banners stay 3 seconds (decision 026). */
const BANNER_MS = 3000;

export function showSuccess(message: string): void {
  notifications.show({ color: 'teal', message, autoClose: BANNER_MS });
}

/** Nothing was done, and nothing went wrong (e.g. a save with no changes). */
export function showInfo(message: string): void {
  notifications.show({ color: 'blue', message, autoClose: BANNER_MS });
}

/** The screen's own failure text (its messages module), with the server's own reason under it when there is one. */
export function showFailure(text: string, error: unknown): void {
  const reason = errorMessage(error, '');
  notifications.show(
    reason && reason !== text
      ? { color: 'red', title: text, message: reason, autoClose: BANNER_MS * 2 }
      : { color: 'red', message: text, autoClose: BANNER_MS },
  );
}
