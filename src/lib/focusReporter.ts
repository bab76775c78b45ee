// Tells the host whether the user is looking at this page, so a run that finishes while they are
// elsewhere gets a notification. Focus flips quickly (a dialog, a click into devtools, switching
// tabs back and forth), so only changes are sent, the first at once and then at most one per
// interval, the last state always winning. No DOM here: the caller reads the page's state.

export interface FocusReporterOptions {
  send(focused: boolean): void;
  /** At most one report per this many ms (the first of a burst goes at once). */
  minIntervalMs: number;
  now(): number;
  schedule(run: () => void, ms: number): () => void;
}

export interface FocusReporter {
  /** The page's focus now; sent if it differs from what the host last heard. */
  update(focused: boolean): void;
  /** The host forgot us (its socket was re-opened): send the current state again. */
  resend(): void;
  dispose(): void;
}

export function createFocusReporter(options: FocusReporterOptions): FocusReporter {
  let current: boolean | undefined;
  let sent: boolean | undefined;
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let cancelTimer: (() => void) | undefined;

  const flush = () => {
    cancelTimer = undefined;
    if (current === undefined || current === sent) return;
    sent = current;
    lastSentAt = options.now();
    options.send(current);
  };

  const consider = () => {
    if (cancelTimer !== undefined) return;
    if (current === sent) return;
    const wait = lastSentAt + options.minIntervalMs - options.now();
    if (wait <= 0) flush();
    else cancelTimer = options.schedule(flush, wait);
  };

  return {
    update(focused) {
      current = focused;
      consider();
    },
    resend() {
      sent = undefined;
      consider();
    },
    dispose() {
      cancelTimer?.();
      cancelTimer = undefined;
    },
  };
}
