/**
 * A positive 32-bit integer from the URL (an id or a page number), or null: the screen then says
 * "not found" or falls back to its default. Ids are PostgreSQL `integer`s, so nothing larger is one.
 */
export function parsePositiveId(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}
