// Idempotency-Key handling: the same key with the same body gives back the run it created; the
// same key with a different body is a conflict. Keys are remembered for 24 hours.
import { createHash } from 'node:crypto';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_KEYS = 10_000;

export type IdempotencyLookup =
  { kind: 'new' } | { kind: 'replay'; runId: string } | { kind: 'conflict' };

interface Entry {
  fingerprint: string;
  runId: string;
  at: number;
}

/** JSON with object keys sorted, so key order in the body does not change the fingerprint. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function fingerprint(body: unknown): string {
  return createHash('sha256').update(canonical(body)).digest('hex');
}

export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number) {}

  lookup(key: string, print: string, exists: (runId: string) => boolean): IdempotencyLookup {
    const entry = this.entries.get(key);
    if (entry === undefined) return { kind: 'new' };
    if (this.now() - entry.at > IDEMPOTENCY_TTL_MS || !exists(entry.runId)) {
      this.entries.delete(key);
      return { kind: 'new' };
    }
    return entry.fingerprint === print
      ? { kind: 'replay', runId: entry.runId }
      : { kind: 'conflict' };
  }

  remember(key: string, print: string, runId: string): void {
    this.entries.set(key, { fingerprint: print, runId, at: this.now() });
    if (this.entries.size > MAX_KEYS) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
  }
}
