// Checking for updates: one check at a time, scheduled (after start, daily, after a failure with
// backoff), ended by "no update", by a failure, or by a download that the install steps follow.

import { classifyUpdateError, type UpdateFailure } from './errors';
import { clearCheckTimer, setStatus, type UpdateCycle } from './cycle';
import { failedNotice, failureLine, worthTelling } from './notices';
import { retryDelayMs } from './policy';

export function scheduleCheck(cycle: UpdateCycle, delayMs: number): void {
  clearCheckTimer(cycle);
  if (cycle.disposed || !cycle.options.feed.enabled) return;
  cycle.nextCheckAt = cycle.now() + delayMs;
  cycle.checkTimer = cycle.timers.setTimeout(() => {
    cycle.checkTimer = undefined;
    cycle.nextCheckAt = undefined;
    runCheck(cycle);
  }, delayMs);
}

export function runCheck(cycle: UpdateCycle): void {
  if (cycle.disposed || !cycle.options.feed.enabled) return;
  if (cycle.status.state === 'installing') return;
  if (cycle.active) return;
  clearCheckTimer(cycle);
  if (cycle.options.settings?.().automatic === false) {
    cycle.log.info('Not checking for updates: automatic updates are off in Settings or by policy.');
    scheduleCheck(cycle, cycle.policy.checkIntervalMs);
    return;
  }
  cycle.active = true;
  cycle.lastCheckedAt = cycle.now();
  if (cycle.status.state !== 'ready') setStatus(cycle, { state: 'checking' });
  cycle.log.info('Checking for updates.');
  let pending: Promise<unknown>;
  try {
    pending = cycle.options.updater.checkForUpdates();
  } catch (error) {
    failCheck(cycle, error);
    return;
  }
  pending.then(
    (result) => {
      // electron-updater answers null when it considers itself inactive; no event follows.
      if (result === null && cycle.active && cycle.status.state === 'checking') {
        finishWithoutUpdate(cycle);
      }
    },
    (error: unknown) => failCheck(cycle, error),
  );
}

export function finishWithoutUpdate(cycle: UpdateCycle): void {
  cycle.active = false;
  cycle.failures = 0;
  scheduleCheck(cycle, cycle.policy.checkIntervalMs);
  if (cycle.status.state !== 'ready') {
    const { lastCheckedAt, nextCheckAt } = cycle;
    setStatus(cycle, {
      state: 'idle',
      ...(lastCheckedAt !== undefined ? { lastCheckedAt } : {}),
      ...(nextCheckAt !== undefined ? { nextCheckAt } : {}),
    });
  }
}

export function failCheck(cycle: UpdateCycle, error: unknown): void {
  const failure: UpdateFailure = classifyUpdateError(error);
  if (!cycle.active) {
    // The same failure arrives as an event and as the check's rejection: report it once.
    cycle.log.warn(`Update error outside a check (${failure.kind}): ${failure.detail}`);
    return;
  }
  cycle.active = false;
  cycle.failures += 1;
  const { failures } = cycle;
  const delay = retryDelayMs(cycle.policy, failures, cycle.options.random);
  cycle.log.error(failureLine(failure, failures, delay));
  scheduleCheck(cycle, delay);
  if (cycle.status.state === 'ready') {
    // A failed re-check does not touch the update already staged and verified.
    return;
  }
  setStatus(cycle, {
    state: 'failed',
    kind: failure.kind,
    message: failure.message,
    attempt: failures,
    retryAt: cycle.now() + delay,
  });
  if (worthTelling(failure, failures)) {
    cycle.options.notify(failedNotice(cycle.productName, failure));
  }
}
