import { useState } from 'react';

/**
 * A text box's draft that follows the applied value: typing changes only the draft; when the
 * applied value changes (a submit, a reset, the back button) the draft shows it again.
 * `key` tells applied values apart when they are objects.
 */
export function useDraft<T>(applied: T, key: string = String(applied)) {
  const [draft, setDraft] = useState(applied);
  const [appliedKey, setAppliedKey] = useState(key);
  if (appliedKey !== key) {
    // Adjusting state while rendering (react.dev "You might not need an effect"): no extra paint.
    setAppliedKey(key);
    setDraft(applied);
  }
  return [draft, setDraft] as const;
}
