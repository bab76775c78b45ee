// Query parameters: paging (`limit`, `offset`), enumerations and free text, each checked strictly
// so a typo like `limit=2O` is a 400 naming the parameter instead of a silently different page.
import { invalidParameter } from './errors';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

export interface Paging {
  limit: number;
  offset: number;
}

/** The single value of a parameter; a repeated parameter is ambiguous and refused. */
export function single(query: URLSearchParams, name: string): string | undefined {
  const all = query.getAll(name);
  if (all.length > 1) {
    throw invalidParameter([{ path: name, message: 'must be given at most once' }]);
  }
  return all[0];
}

function integer(
  query: URLSearchParams,
  name: string,
  min: number,
  max: number,
  fallback: number,
): number {
  const raw = single(query, name);
  if (raw === undefined) return fallback;
  const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw invalidParameter([
      { path: name, message: `must be an integer ${range}, got "${clip(raw)}"` },
    ]);
  }
  return value;
}

export function paging(query: URLSearchParams): Paging {
  const limit = integer(query, 'limit', 1, MAX_LIMIT, DEFAULT_LIMIT);
  const offset = integer(query, 'offset', 0, Number.MAX_SAFE_INTEGER, 0);
  return { limit, offset };
}

export function oneOf<T extends string>(
  query: URLSearchParams,
  name: string,
  values: readonly T[],
): T | undefined {
  const raw = single(query, name);
  if (raw === undefined) return undefined;
  const found = values.find((v) => v === raw);
  if (found === undefined) {
    throw invalidParameter([
      { path: name, message: `must be one of ${values.join(', ')}, got "${clip(raw)}"` },
    ]);
  }
  return found;
}

export function text(query: URLSearchParams, name: string, maxLength: number): string | undefined {
  const raw = single(query, name);
  if (raw === undefined) return undefined;
  if (raw.length > maxLength) {
    throw invalidParameter([{ path: name, message: `must be at most ${maxLength} characters` }]);
  }
  return raw;
}

/** Keeps echoed input short in messages. */
function clip(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}
