import { useEffect } from 'react';
import { useSettings } from './api';
import { applyLook } from './look';

/**
 * Reads the member's stored look once the page has settled and puts it in force. The first paint
 * already used the cookie; this brings a choice made on another device (and writes the cookie for
 * the next document). Rendered for signed-in members only (app/shell-extras.tsx).
 */
export function LookSync() {
  const { data } = useSettings();
  useEffect(() => {
    if (data) applyLook(data);
  }, [data]);
  return null;
}
