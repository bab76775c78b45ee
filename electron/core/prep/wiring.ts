// Automatic prep inside the backend: when it checks (start, sign-in, wake, back online, its
// settings changed, and one timer to the next due moment: a prep time, a retry, or the next read
// of the meeting briefing), and the finished runs it hears of. Nothing fires while it is off or
// signed out; idle, the timer fires once per poll interval (five minutes by default) and reads
// the briefing, never more often than once a minute.
import type { Logger } from '../logs/logger';
import type { AutoPrep } from './auto-prep';

/** The timer never comes sooner than this after a check, so a busy loop cannot form. */
const MIN_DELAY_MS = 60_000;
/** Nor later than this: a changed time zone or a missed wake is picked up. */
const MAX_DELAY_MS = 6 * 3_600_000;

export type AutoPrepCheckReason = 'start' | 'timer' | 'wake' | 'online' | 'settings-changed';

export interface AutoPrepWiring {
  /** Checks now; never rejects (a failure is logged). */
  check(reason: AutoPrepCheckReason): Promise<void>;
  /** Runs that finished: a prep among them gets its state and notification. */
  runsFinished(runs: readonly { runId: string; status: string }[]): void;
  owns(runId: string): boolean;
  /** Stops the timer and waits for the work in flight. */
  close(): Promise<void>;
}

export function disabledAutoPrepWiring(): AutoPrepWiring {
  return {
    check: async () => {},
    runsFinished: () => {},
    owns: () => false,
    close: async () => {},
  };
}

export function createAutoPrepWiring(options: {
  autoPrep: AutoPrep;
  signedIn: () => boolean;
  now: () => Date;
  log: Logger;
}): AutoPrepWiring {
  const { autoPrep, log } = options;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const inFlight = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
    return work;
  };
  // Checks run one after another: two at once would both read the briefing for nothing.
  let queue: Promise<void> = Promise.resolve();

  const runCheck = async (reason: AutoPrepCheckReason) => {
    if (closed || !options.signedIn()) return;
    try {
      const next = await autoPrep.check();
      if (closed) return;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (next === undefined) return;
      const delay = next.getTime() - options.now().getTime();
      timer = setTimeout(
        () => void check('timer'),
        Math.min(Math.max(delay, MIN_DELAY_MS), MAX_DELAY_MS),
      );
      timer.unref?.();
    } catch (error) {
      log.error('The automatic prep check failed', { reason, error });
    }
  };
  const check = (reason: AutoPrepCheckReason) => {
    queue = queue.then(() => runCheck(reason));
    return track(queue);
  };
  const finished = new Set<string>();
  return {
    check,
    owns: (runId) => autoPrep.owns(runId),
    runsFinished(runs) {
      for (const run of runs) {
        // Every finished run is told once, a prep's or not: a fast prep can end before it is
        // known as one (auto-prep.ts keeps a few such finishes for that moment).
        if (closed || finished.has(run.runId)) continue;
        finished.add(run.runId);
        void track(
          autoPrep
            .runFinished(run)
            .catch((error: unknown) => log.error('Automatic prep: a finished run', { error })),
        );
      }
    },
    async close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      await Promise.allSettled([...inFlight]);
    },
  };
}
