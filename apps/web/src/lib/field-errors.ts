import { isApiRequestError } from './api-client';

/**
 * Puts the server's per-field messages on the form's fields it shows; the others are the form's own
 * message to give. True when at least one field got a message.
 */
export function applyFieldErrors(error: unknown, keys: readonly string[], setErrors: (errors: Record<string, string>) => void): boolean {
  const fields = isApiRequestError(error) ? (error.fields ?? {}) : {};
  const fieldErrors = Object.fromEntries(keys.flatMap((key) => (fields[key] ? [[key, fields[key]] as const] : [])));
  if (Object.keys(fieldErrors).length === 0) return false;
  setErrors(fieldErrors);
  return true;
}
