import { useSyncExternalStore } from 'react';
import { DEFAULT_SETTINGS, LOOK_COOKIE, lookCookieValue, parseLookCookie, TYPE_SIZE_ROOT, type Theme, type TypeSize } from '@qbank/shared/look';

// The member's look in force on this page (decision 166). The document's look script drew the
// first paint from the look cookie; this module keeps <html> and Mantine in step with later
// changes (the member's choice, another device's, the system's scheme under 'system').
// No zod here: the shell imports it for its first render.

export interface Look {
  theme: Theme;
  type_size: TypeSize;
}

const listeners = new Set<() => void>();
let current: Look = readCookie();

function readCookie(): Look {
  if (typeof document === 'undefined') return { ...DEFAULT_SETTINGS };
  const value = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${LOOK_COOKIE}=`))
    ?.slice(LOOK_COOKIE.length + 1);
  return parseLookCookie(value) ?? { ...DEFAULT_SETTINGS };
}

const systemDark = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;

/** The scheme drawn: the theme, or the system's under 'system'. */
export function resolvedScheme(look: Look = current): 'light' | 'dark' {
  if (look.theme === 'system') return systemDark() ? 'dark' : 'light';
  return look.theme;
}

function paint(): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.setAttribute('data-qbank-theme', current.theme);
  root.setAttribute('data-type-size', current.type_size);
  root.style.fontSize = TYPE_SIZE_ROOT[current.type_size];
  root.style.colorScheme = resolvedScheme();
}

/** Puts a look in force: <html>, Mantine's scheme (through useLook) and the cookie the next document reads. */
export function applyLook(look: Look): void {
  if (look.theme === current.theme && look.type_size === current.type_size) return;
  current = { theme: look.theme, type_size: look.type_size };
  // The server sets the cookie too; this copy also covers a change made offline or before the answer.
  if (typeof document !== 'undefined') document.cookie = `${LOOK_COOKIE}=${lookCookieValue(current)}; path=/; max-age=31536000; samesite=lax`;
  paint();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const media = typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  const onSystemChange = () => {
    paint();
    listener();
  };
  media?.addEventListener('change', onSystemChange);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', onSystemChange);
  };
}

/** The look in force and the scheme it draws, re-rendering on every change. */
export function useLook(): Look & { scheme: 'light' | 'dark' } {
  const look = useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
  const scheme = useSyncExternalStore(
    subscribe,
    () => resolvedScheme(look),
    () => resolvedScheme(look),
  );
  return { ...look, scheme };
}
