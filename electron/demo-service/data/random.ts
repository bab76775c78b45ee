// Deterministic randomness: the same seed gives the same deals, briefings and run outputs on
// every start, so screenshots, tests and benchmarks are reproducible.
import { createHash } from 'node:crypto';

export type Random = () => number;

export function hash32(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

/** Seeded from a string (a deal's id, a run's input): the same text, the same sequence. */
export function seeded(seed: string): Random {
  return mulberry32(hash32(seed));
}

/** mulberry32: small, fast and good enough for demo data and reproducible test faults. */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick() needs a non-empty list');
  return item;
}

export function intBetween(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** A name-based UUID (version 5 layout, SHA-1 of a fixed namespace and the name): stable ids. */
export function nameUuid(name: string): string {
  const bytes = createHash('sha1').update(`assistant-demo:${name}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The first `count` items of a seeded Fisher–Yates shuffle (never mutates `items`). */
export function sample<T>(random: Random, items: readonly T[], count: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    const a = copy[i] as T;
    copy[i] = copy[j] as T;
    copy[j] = a;
  }
  return copy.slice(0, count);
}
