import type { KeyboardEvent } from 'react';

/**
 * A text field's onKeyDown on the answering screens: Esc leaves the field, so the keyboard
 * shortcuts (which ignore keys typed into a field, use-answer-shortcuts.ts) work again without
 * reaching for the mouse.
 */
export function blurOnEscape(event: KeyboardEvent<HTMLElement>) {
  if (event.key === 'Escape') event.currentTarget.blur();
}
