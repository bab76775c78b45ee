// The refusals of one connection, for the log: the first of each kind is written when it happens
// (with what was refused), the rest only counted, and the count written once when the connection
// closes. A client that sends a million bad frames costs the log a handful of lines.
import type { Logger } from '../core/logs/logger';

export interface RefusalTally {
  /** One refusal by its error code; `line` and `details` say what to log the first time. */
  note(code: string, line: string | undefined, details?: Record<string, unknown>): void;
  /** The connection closed: the count, if there was anything beyond the lines already written. */
  close(): void;
}

export function createRefusalTally(log: Logger, origin: () => string | undefined): RefusalTally {
  const counts = new Map<string, number>();
  let unwritten = 0;
  return {
    note(code, line, details) {
      const seen = counts.get(code) ?? 0;
      counts.set(code, seen + 1);
      if (seen === 0 && line !== undefined) log.warn(line, { origin: origin(), ...details });
      else unwritten += 1;
    },
    close() {
      if (unwritten === 0) return;
      const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
      log.warn('Companion: refused frames of a connection that closed', {
        origin: origin(),
        total,
        byCode: Object.fromEntries(counts),
      });
    },
  };
}
