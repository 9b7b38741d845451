import { notifications } from '@mantine/notifications';
import { errorMessage } from '../lib/api-client';

/** Decision 026: the membership banners stay 3 seconds. */
export const BANNER_MS = 3000;

export function showSuccessBanner(message: string): void {
  notifications.show({ color: 'teal', message, autoClose: BANNER_MS });
}

/** The screen's own failure text (its messages module), with the server's own reason under it when there is one. */
export function showFailureBanner(text: string, error: unknown): void {
  const reason = errorMessage(error, '');
  notifications.show(
    reason && reason !== text ? { color: 'red', title: text, message: reason, autoClose: BANNER_MS } : { color: 'red', message: text, autoClose: BANNER_MS },
  );
}
