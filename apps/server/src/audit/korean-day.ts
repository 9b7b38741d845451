// The audit screen's date filters are days on Korea's calendar (the college's), wherever the server runs.
const KST_OFFSET = '+09:00';

/** The instant a Korean day `YYYY-MM-DD` starts, `plusDays` later, as an ISO string in UTC. */
export function koreanDayStart(day: string, plusDays = 0): string {
  const start = new Date(`${day}T00:00:00${KST_OFFSET}`);
  return new Date(start.getTime() + plusDays * 24 * 60 * 60 * 1000).toISOString();
}
