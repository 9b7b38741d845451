/**
 * The list's 빈출 choice (issue 28 item 3, decision 190): 빈출순 (`sort=frequency`) and 반복 출제만
 * (`recurring=1`), as the URL carries them. Off by default: the usual list is the one the server
 * caches and draws.
 */
export interface ProblemListOrder {
  frequency: boolean;
  recurring: boolean;
}

export const USUAL_ORDER: ProblemListOrder = { frequency: false, recurring: false };

export const isUsualOrder = (order: ProblemListOrder) => !order.frequency && !order.recurring;

/** The choice a URL's `sort` and `recurring` name; anything else is the usual order. */
export function parseListOrder(sort: string | null, recurring: string | null): ProblemListOrder {
  return { frequency: sort === 'frequency', recurring: recurring === '1' };
}
