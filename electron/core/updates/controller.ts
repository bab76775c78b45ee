// The update cycle, free of Electron: check at start and then daily, let the updater download in
// the background, tell the user once an update is ready, install it when they quit. A restart on
// request waits while a run is live. A failed or damaged download is reported and retried later
// with backoff. electron-updater stages and verifies downloads itself (sha512, and the publisher's
// signature on Windows and macOS); this controller only ever asks it to install a version it
// announced as downloaded, so a half-downloaded or rejected update is never applied.

import type { TimerHandle, Timers } from '../clock';
import { classifyUpdateError, type UpdateFailure } from './errors';
import { resolveUpdatePolicy, retryDelayMs } from './policy';
import type {
  RestartAnswer,
  UpdateController,
  UpdateControllerOptions,
  UpdateLog,
  UpdateNotice,
  UpdaterEvent,
  UpdateStatus,
} from './types';

const systemTimers: Timers = {
  setTimeout(callback, ms) {
    const handle = globalThis.setTimeout(callback, ms);
    // A pending check must never keep a Node process (CLI, tests) alive by itself.
    handle.unref?.();
    return handle as unknown as TimerHandle;
  },
  clearTimeout(handle) {
    globalThis.clearTimeout(handle as unknown as ReturnType<typeof globalThis.setTimeout>);
  },
};

const silentLog: UpdateLog = { info() {}, warn() {}, error() {} };

const DEFERRED =
  'A run is still live, so the app will not restart now. ' +
  'The update installs as soon as no run is live, or when you quit.';

function readyNotice(productName: string, version: string, installOnQuit: boolean): UpdateNotice {
  return {
    kind: 'ready',
    title: 'Update ready',
    body: installOnQuit
      ? `${productName} ${version} has been downloaded. It installs when you quit.`
      : `${productName} ${version} has been downloaded. Restart to install it.`,
    version,
  };
}

/** The log line of a failed cycle. */
function failureLine(failure: UpdateFailure, failures: number, delayMs: number): string {
  const code = failure.code ? ` [${failure.code}]` : '';
  return (
    `Update ${failure.kind} failure ${failures}${code}: ` +
    `${failure.detail}; retrying in ${Math.round(delayMs / 60_000)} min.`
  );
}

/**
 * Whether the user hears of a failure: when trouble starts, and always when a download was
 * rejected as unsafe; repeating a network failure every retry would only nag.
 */
function worthTelling(failure: UpdateFailure, failures: number): boolean {
  return failures === 1 || failure.kind === 'integrity' || failure.kind === 'signature';
}

function failedNotice(productName: string, failure: UpdateFailure): UpdateNotice {
  return {
    kind: 'failed',
    title: 'Update failed',
    body: `${failure.message} ${productName} will try again later.`,
  };
}

// A factory: its body is the update cycle's state and named steps (start, onUpdaterEvent,
// scheduleCheck, runCheck, finishWithoutUpdate, fail, downloadStarted, downloaded, install, the
// deferred restart) under short methods that route to them.
// eslint-disable-next-line max-lines-per-function -- factory: state and named inner functions
export function createUpdateController(options: UpdateControllerOptions): UpdateController {
  const policy = resolveUpdatePolicy(options.policy);
  const timers = options.timers ?? systemTimers;
  const now = options.now ?? Date.now;
  const log = options.log ?? silentLog;
  const productName = options.productName ?? 'Assistant Desktop';
  const { feed, updater } = options;

  let status: UpdateStatus = feed.enabled
    ? { state: 'idle' }
    : { state: 'disabled', reason: feed.reason };
  let started = false;
  let disposed = false;
  /** A check or download is under way; the first error ends it, later echoes are ignored. */
  let cycleActive = false;
  /** Consecutive failed cycles; drives the backoff. */
  let failures = 0;
  /** Set only by a `downloaded` event and cleared when a newer download begins. */
  let downloadedVersion: string | undefined;
  let notifiedReadyVersion: string | undefined;
  let lastCheckedAt: number | undefined;
  let nextCheckAt: number | undefined;
  let checkTimer: TimerHandle | undefined;
  let pollTimer: TimerHandle | undefined;
  const listeners = new Set<(status: UpdateStatus) => void>();

  function setStatus(next: UpdateStatus): void {
    status = next;
    for (const listener of [...listeners]) listener(next);
  }

  function clearCheckTimer(): void {
    if (checkTimer !== undefined) timers.clearTimeout(checkTimer);
    checkTimer = undefined;
    nextCheckAt = undefined;
  }

  function clearPollTimer(): void {
    if (pollTimer !== undefined) timers.clearTimeout(pollTimer);
    pollTimer = undefined;
  }

  function scheduleCheck(delayMs: number): void {
    clearCheckTimer();
    if (disposed || !feed.enabled) return;
    nextCheckAt = now() + delayMs;
    checkTimer = timers.setTimeout(() => {
      checkTimer = undefined;
      nextCheckAt = undefined;
      runCheck();
    }, delayMs);
  }

  function runCheck(): void {
    if (disposed || !feed.enabled) return;
    if (status.state === 'installing') return;
    if (cycleActive) return;
    clearCheckTimer();
    cycleActive = true;
    lastCheckedAt = now();
    if (status.state !== 'ready') setStatus({ state: 'checking' });
    log.info('Checking for updates.');
    let pending: Promise<unknown>;
    try {
      pending = updater.checkForUpdates();
    } catch (error) {
      fail(error);
      return;
    }
    pending.then(
      (result) => {
        // electron-updater answers null when it considers itself inactive; no event follows.
        if (result === null && cycleActive && status.state === 'checking') {
          finishWithoutUpdate();
        }
      },
      (error: unknown) => fail(error),
    );
  }

  function finishWithoutUpdate(): void {
    cycleActive = false;
    failures = 0;
    scheduleCheck(policy.checkIntervalMs);
    if (status.state !== 'ready') {
      setStatus({
        state: 'idle',
        ...(lastCheckedAt !== undefined ? { lastCheckedAt } : {}),
        ...(nextCheckAt !== undefined ? { nextCheckAt } : {}),
      });
    }
  }

  function fail(error: unknown): void {
    const failure: UpdateFailure = classifyUpdateError(error);
    if (!cycleActive) {
      // The same failure arrives as an event and as the check's rejection: report it once.
      log.warn(`Update error outside a check (${failure.kind}): ${failure.detail}`);
      return;
    }
    cycleActive = false;
    failures += 1;
    const delay = retryDelayMs(policy, failures, options.random);
    log.error(failureLine(failure, failures, delay));
    scheduleCheck(delay);
    if (status.state === 'ready') {
      // A failed re-check does not touch the update already staged and verified.
      return;
    }
    setStatus({
      state: 'failed',
      kind: failure.kind,
      message: failure.message,
      attempt: failures,
      retryAt: now() + delay,
    });
    if (worthTelling(failure, failures)) options.notify(failedNotice(productName, failure));
  }

  function downloadStarted(version: string): void {
    cycleActive = true;
    // Re-announcing the version already staged is electron-updater re-verifying it.
    if (status.state === 'ready' && status.version === version) return;
    downloadedVersion = undefined;
    clearPollTimer();
    setStatus({ state: 'downloading', version, percent: 0 });
    log.info(`Downloading update ${version}.`);
  }

  /** Staged and verified by electron-updater: ready, said once per version. */
  function downloaded(version: string): void {
    cycleActive = false;
    failures = 0;
    downloadedVersion = version;
    const restartDeferred =
      status.state === 'ready' && status.version === version && status.restartDeferred;
    setStatus({ state: 'ready', version, restartDeferred });
    scheduleCheck(policy.checkIntervalMs);
    log.info(`Update ${version} downloaded and verified.`);
    if (notifiedReadyVersion !== version) {
      notifiedReadyVersion = version;
      options.notify(readyNotice(productName, version, policy.installOnQuit));
    }
  }

  function install(version: string): RestartAnswer {
    clearCheckTimer();
    clearPollTimer();
    setStatus({ state: 'installing', version });
    log.info(`Restarting to install ${version}.`);
    updater.quitAndInstall();
    return { outcome: 'installing', version };
  }

  function readyVersion(): string | undefined {
    return status.state === 'ready' && status.version === downloadedVersion
      ? downloadedVersion
      : undefined;
  }

  function maybeRunDeferredRestart(): void {
    if (status.state !== 'ready' || !status.restartDeferred) return;
    const version = readyVersion();
    if (version === undefined) return;
    if (options.isRunLive()) {
      pollForRestart();
      return;
    }
    install(version);
  }

  /** Asks again after a while whether the deferred restart can run (no run live any more). */
  function pollForRestart(): void {
    pollTimer = timers.setTimeout(() => {
      pollTimer = undefined;
      maybeRunDeferredRestart();
    }, policy.deferredRestartPollMs);
  }

  /** A restart asked for while a run is live: said once, then waits for the runs to end. */
  function deferRestart(ready: Extract<UpdateStatus, { state: 'ready' }>): RestartAnswer {
    if (!ready.restartDeferred) {
      setStatus({ ...ready, restartDeferred: true });
      options.notify({ kind: 'restart-deferred', title: 'Restart postponed', body: DEFERRED });
      clearPollTimer();
      pollForRestart();
    }
    return { outcome: 'deferred', message: DEFERRED };
  }

  /** The first check a while after start, then one a day. */
  function start(): void {
    if (started || disposed) return;
    started = true;
    if (!feed.enabled) {
      log.info(`Updates are off: ${feed.reason}`);
      return;
    }
    scheduleCheck(policy.startupDelayMs);
    setStatus({ state: 'idle', ...(nextCheckAt !== undefined ? { nextCheckAt } : {}) });
  }

  /** What electron-updater says, routed to the step it starts. */
  function onUpdaterEvent(event: UpdaterEvent): void {
    if (disposed || !feed.enabled || status.state === 'installing') return;
    switch (event.type) {
      case 'checking':
        cycleActive = true;
        if (status.state !== 'ready') setStatus({ state: 'checking' });
        return;
      case 'available':
        return downloadStarted(event.version);
      case 'progress':
        if (status.state === 'downloading') {
          const percent = Math.min(100, Math.max(0, event.percent));
          setStatus({ ...status, percent });
        }
        return;
      case 'not-available':
        return finishWithoutUpdate();
      case 'downloaded':
        return downloaded(event.version);
      case 'error':
        return fail(event.error);
    }
  }

  return {
    start,
    handle: onUpdaterEvent,

    checkNow() {
      if (!started) started = true;
      runCheck();
    },

    requestRestart() {
      const version = readyVersion();
      if (version === undefined || status.state !== 'ready') {
        return { outcome: 'unavailable', message: 'No downloaded update is ready to install.' };
      }
      if (options.isRunLive()) return deferRestart(status);
      return install(version);
    },

    cancelRestart() {
      clearPollTimer();
      if (status.state === 'ready' && status.restartDeferred) {
        setStatus({ ...status, restartDeferred: false });
      }
    },

    runsChanged() {
      clearPollTimer();
      maybeRunDeferredRestart();
    },

    onResume() {
      if (nextCheckAt !== undefined && now() >= nextCheckAt) runCheck();
    },

    status() {
      return status;
    },

    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    dispose() {
      disposed = true;
      clearCheckTimer();
      clearPollTimer();
      listeners.clear();
    },
  };
}
