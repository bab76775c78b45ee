// Small statistics over samples.

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  // Nearest rank: the smallest value with at least p % of the samples at or below it.
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * How far the middle half of repeated loads spreads: the 75th percentile over the 25th. A busy
 * machine spreads most loads; a quiet one still has the odd slow load (each new browser context
 * starts helper processes on the same two cores), which moves only the extremes: a min-max
 * spread took one such load for a busy machine (a quiet one's minimal page, 209-497 ms, 2.4x).
 */
export function middleSpread(values: readonly number[]): {
  low: number;
  high: number;
  ratio: number;
} {
  const low = percentile(values, 25);
  const high = percentile(values, 75);
  return { low, high, ratio: high / low };
}

/** Past this middle spread (`middleSpread`), the loads say more about the machine than the page. */
export const STEADY_MIDDLE_SPREAD = 1.5;

export const fmt = (n: number, digits = 0): string =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : 'n/a';

export const kib = (bytes: number): string => `${fmt(bytes / 1024, 1)} KiB`;
export const mib = (bytes: number): string => `${fmt(bytes / (1024 * 1024), 2)} MiB`;
