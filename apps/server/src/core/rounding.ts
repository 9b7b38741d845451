// A figure on the wire carries the digits a reader can use: the screens and the workbook show a
// proportion to 0.1%p and an index to 0.01, and every further digit of a quotient is bytes that no
// one reads (decision 215).

/** A proportion (0–1) to the 0.1%p the screens show. */
export const PROPORTION_DECIMALS = 3;

/** An index (discrimination, KR-20) one digit finer than the 0.00 the screens show, so rounding twice changes no shown figure. */
export const INDEX_DECIMALS = 4;

/** `value` rounded to `decimals` places. */
export function roundTo(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}

/** A proportion as sent: to PROPORTION_DECIMALS. */
export const roundProportion = (value: number) => roundTo(value, PROPORTION_DECIMALS);
