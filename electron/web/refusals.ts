// Refused requests and handshakes, logged as a count per minute instead of a line each: anything
// on this computer can knock on the host's port, and 5,000 knocks must not rotate the real
// history out of the log. The first refusal after a quiet minute is logged at once (with its
// reason), the rest of that minute as one line with a count per reason.
import type { Logger } from '../core/logs/logger';

export interface RefusalLog {
  /** One refused request or socket; `reason` names the check it failed (host, origin, secret…). */
  refused(reason: string): void;
  /** Writes what is still counted and stops the timer. */
  close(): void;
}

export const REFUSAL_LOG_INTERVAL_MS = 60_000;

export function createRefusalLog(
  log: Logger,
  intervalMs: number = REFUSAL_LOG_INTERVAL_MS,
): RefusalLog {
  let counts = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = (): void => {
    timer = undefined;
    if (counts.size === 0) return;
    const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
    log.warn(`Refused ${total} more connection${total === 1 ? '' : 's'} in the last minute`, {
      reasons: Object.fromEntries(counts),
    });
    counts = new Map();
    // Still being knocked at: keep counting for another minute before going quiet.
    arm();
  };
  const arm = (): void => {
    timer = setTimeout(flush, intervalMs);
    timer.unref();
  };

  return {
    refused(reason) {
      if (timer === undefined) {
        log.warn('Refused a connection', { reason });
        arm();
        return;
      }
      counts.set(reason, (counts.get(reason) ?? 0) + 1);
    },
    close() {
      if (timer !== undefined) clearTimeout(timer);
      flush();
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
