// Small helpers shared by the bench modules: percentiles, rounding, waiting, progress lines.

/** Nearest-rank percentile of an ascending array (p in 0–100); NaN for an empty one. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function median(values) {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

export function round(value, digits = 1) {
  if (!Number.isFinite(value)) return null;
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Progress goes to stderr so stdout carries only the final table. */
export function log(message) {
  process.stderr.write(`[bench] ${message}\n`);
}
