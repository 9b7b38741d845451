import { useCallback, useState } from 'react';
import type { z } from 'zod';

// Decision 018: exam and subject filters persist in session storage (per browser tab, gone when
// the tab closes). A stored value that no longer fits the schema is ignored.

function read<T>(key: string, schema: z.ZodType<T>, defaults: T): T {
  try {
    const raw = window.sessionStorage.getItem(key);
    if (raw === null) return defaults;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : defaults;
  } catch {
    // Storage switched off (private mode, quota) or unreadable JSON: start from the defaults.
    return defaults;
  }
}

function write(key: string, value: unknown): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Without storage the filters simply do not survive a reload.
  }
}

/**
 * Filter state kept in sessionStorage under `key`: [filters, setFilters, resetFilters].
 * `defaults` should be a module constant, so that resetFilters stays the same function.
 */
export function useTabFilters<T>(key: string, schema: z.ZodType<T>, defaults: T) {
  const [filters, setState] = useState<T>(() => read(key, schema, defaults));
  const setFilters = useCallback(
    (next: T) => {
      write(key, next);
      setState(next);
    },
    [key],
  );
  const resetFilters = useCallback(() => {
    try {
      window.sessionStorage.removeItem(key);
    } catch {
      // See write().
    }
    setState(defaults);
  }, [key, defaults]);
  return [filters, setFilters, resetFilters] as const;
}
