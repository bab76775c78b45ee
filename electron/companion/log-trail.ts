// The companion's connection lines (connected, refused, closed) through a per-minute allowance:
// the first lines of each minute are written as they come, the rest only counted, and the count
// written as one line when the minute is over. A loop that connects and closes a thousand times a
// second then costs the log a few lines a minute instead of rotating away what came before it.
// Errors (the app's own faults) are always written.
import type { LogFields, Logger } from '../core/logs/logger';

export interface LogTrailOptions {
  /** Lines written as they come in each minute. */
  perMinute: number;
  now: () => number;
}

const MINUTE_MS = 60_000;

export interface LogTrail extends Logger {
  /** Writes the count of the current minute's held-back lines, if any (at stop). */
  flush(): void;
}

export function createLogTrail(log: Logger, options: LogTrailOptions): LogTrail {
  let windowStart = options.now();
  let written = 0;
  const held = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (held.size === 0) return;
    const total = [...held.values()].reduce((sum, n) => sum + n, 0);
    log.warn('Companion: more connection lines than the log keeps; counted, not written', {
      total,
      byMessage: Object.fromEntries(held),
    });
    held.clear();
  };

  const line =
    (level: 'debug' | 'info' | 'warn' | 'error') => (message: unknown, fields?: LogFields) => {
      const at = options.now();
      if (at - windowStart >= MINUTE_MS) {
        flush();
        windowStart = at;
        written = 0;
      }
      // An error is a fault of the app's own, never a client's flood: always written.
      if (level === 'error' || written < options.perMinute) {
        written += 1;
        log[level](message, fields);
        return;
      }
      const key = String(message);
      held.set(key, (held.get(key) ?? 0) + 1);
      // The count is written when the minute ends, even if no line comes after it.
      timer ??= setTimeout(flush, windowStart + MINUTE_MS - at);
      timer.unref?.();
    };

  return {
    debug: line('debug'),
    info: line('info'),
    warn: line('warn'),
    error: line('error'),
    child: (scope) => log.child(scope),
    flush,
  };
}
