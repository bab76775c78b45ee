// Reading the fields a table shows from records whose fields the API leaves "not shown", by
// documented fallbacks (first present wins), and writing numbers, money and dates one way
// everywhere: en-US digits and ISO dates, so output reads the same on every machine and in logs.
import type { AnyObject } from '../../core/api';

export type Fallbacks = readonly (string | readonly string[])[];

/** The value at `key` or at a nested path like ['account', 'name']. */
function at(record: AnyObject, key: string | readonly string[]): unknown {
  const path = typeof key === 'string' ? [key] : key;
  let current: unknown = record;
  for (const part of path) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    current = (current as AnyObject)[part];
  }
  return current;
}

/** First non-empty string (or finite number, as text) among `keys`. */
export function pickText(record: AnyObject, keys: Fallbacks): string | undefined {
  for (const key of keys) {
    const value = at(record, key);
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return undefined;
}

export function pickNumber(record: AnyObject, keys: Fallbacks): number | undefined {
  for (const key of keys) {
    const value = at(record, key);
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  }
  return undefined;
}

// Made on first use: the process's first Intl formatter loads ICU's locale data, about 6 MiB and
// 30 ms that `assistant status`, which prints no number, would otherwise pay on import.
let integerFormat: Intl.NumberFormat | undefined;

export function formatCount(value: number): string {
  integerFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  return integerFormat.format(value);
}

export function formatPercent(ratio: number): string {
  const percent = ratio * 100;
  const digits = percent !== 0 && percent < 10 ? 1 : 0;
  return `${percent.toFixed(digits)} %`;
}

/**
 * `USD 36,920.00`: the ISO code before the number (unambiguous, unlike "$"). A currency that is
 * not an ISO code is written after the number as it came; no currency, just the number.
 */
export function formatMoney(amount: number, currency: string | undefined): string {
  const code = currency?.trim().toUpperCase();
  if (code !== undefined && /^[A-Z]{3}$/.test(code)) {
    try {
      return new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: code,
        currencyDisplay: 'code',
      })
        .format(amount)
        .replace(/\u00a0/g, ' ');
    } catch {
      // An unknown code falls through to the plain form.
    }
  }
  const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(amount);
  return currency === undefined || currency.trim() === '' ? number : `${number} ${currency.trim()}`;
}

/** A date or timestamp as its calendar date (YYYY-MM-DD) when it is ISO 8601; else as it came. */
export function formatDate(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})(?:$|[T ])/.exec(value.trim());
  return match?.[1] ?? value;
}

/** An ISO timestamp shortened to minutes in UTC (`2026-11-22 13:00 UTC`); else as it came. */
export function formatTimestamp(value: string): string {
  const at = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(at)) return value;
  return `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
