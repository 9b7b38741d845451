import { useRef, type PointerEvent } from 'react';
import { useAnnotation, useSetStrikes } from './api';

/** Held this long on a touch screen, an option is struck (or restored) instead of chosen. */
const LONG_PRESS_MS = 550;

/**
 * The struck options of a problem (issue 30 item 1) and the gestures on an option: right-click,
 * long-press. A struck option cannot be chosen: `isStruck` lets the picker refuse it.
 */
export function useStrikes(problemUid: number, enabled = true) {
  const { data } = useAnnotation(problemUid, enabled);
  const save = useSetStrikes(problemUid);
  const struck = data?.struck ?? [];
  const toggle = (option: number) => save.mutate(struck.includes(option) ? struck.filter((n) => n !== option) : [...struck, option]);
  return { struck, isStruck: (option: number) => struck.includes(option), toggle };
}

/**
 * Props for an option's element: right-click strikes it; a long press on a touch screen too (the
 * click that follows the press is swallowed, so the press does not also choose the option).
 */
export function useStrikeGesture(toggle: (option: number) => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pressed = useRef(false);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  return (option: number) => ({
    onContextMenu: (event: { preventDefault: () => void }) => {
      event.preventDefault();
      // A long press raises contextmenu too on Android: it was handled by the timer.
      if (pressed.current) return;
      toggle(option);
    },
    onPointerDown: (event: PointerEvent) => {
      pressed.current = false;
      if (event.pointerType !== 'touch') return;
      cancel();
      timer.current = setTimeout(() => {
        pressed.current = true;
        toggle(option);
      }, LONG_PRESS_MS);
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    onClickCapture: (event: { preventDefault: () => void; stopPropagation: () => void }) => {
      if (!pressed.current) return;
      pressed.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  });
}
