import { useEffect, useRef } from 'react';
import { isTypingTarget, shortcutFor, type Shortcut } from './answer-model';

/**
 * The answering screens' keyboard: one document-level listener (so the keys work wherever the focus is on
 * the page), which leaves alone keys typed into fields and everything while `enabled` is false
 * (a dialog is open: there Esc belongs to the dialog). The handler may change every render.
 */
export function useAnswerShortcuts(enabled: boolean, onShortcut: (shortcut: Shortcut) => void) {
  const handler = useRef(onShortcut);
  useEffect(() => {
    handler.current = onShortcut;
  });

  useEffect(() => {
    if (!enabled) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing || isTypingTarget(event.target)) return;
      const shortcut = shortcutFor(event);
      if (!shortcut) return;
      // Holding H, M or ? down must not flicker a switch or reopen the help.
      if (event.repeat && (shortcut.kind === 'toggleExplanation' || shortcut.kind === 'mark' || shortcut.kind === 'help')) return;
      event.preventDefault();
      handler.current(shortcut);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}

/** What each shortcut does on a screen of solve mode's kind (solve mode, the review deck). */
export interface ShortcutHandlers {
  previous: () => void;
  next: () => void;
  toggleExplanation: () => void;
  help: () => void;
  judgeSelf: (correct: boolean) => void;
  /** A number key: the option of that number, when options are on screen. */
  choose: (key: number) => void;
  /** M: only screens with 나중에 다시 보기 (study sessions) take it. */
  mark?: () => void;
}

export function handleShortcut(shortcut: Shortcut, on: ShortcutHandlers): void {
  if (shortcut.kind === 'choose') on.choose(shortcut.key);
  else if (shortcut.kind === 'judgeSelf') on.judgeSelf(shortcut.correct);
  else if (shortcut.kind === 'mark') on.mark?.();
  else on[shortcut.kind]();
}
