// The update controller's state, shared by its steps (checks.ts, install.ts, controller.ts): the
// status the app shows and what the cycle remembers between electron-updater's events.

import type { TimerHandle, Timers } from '../clock';
import { resolveUpdatePolicy, type UpdatePolicy } from './policy';
import type { UpdateControllerOptions, UpdateLog, UpdateStatus } from './types';

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

export interface UpdateCycle {
  readonly options: UpdateControllerOptions;
  readonly policy: UpdatePolicy;
  readonly timers: Timers;
  readonly now: () => number;
  readonly log: UpdateLog;
  readonly productName: string;
  status: UpdateStatus;
  started: boolean;
  disposed: boolean;
  /** A check or download is under way; the first error ends it, later echoes are ignored. */
  active: boolean;
  /** Consecutive failed cycles; drives the backoff. */
  failures: number;
  /** Set only by a `downloaded` event and cleared when a newer download begins. */
  downloadedVersion: string | undefined;
  notifiedReadyVersion: string | undefined;
  lastCheckedAt: number | undefined;
  nextCheckAt: number | undefined;
  checkTimer: TimerHandle | undefined;
  pollTimer: TimerHandle | undefined;
  readonly listeners: Set<(status: UpdateStatus) => void>;
}

export function createCycle(options: UpdateControllerOptions): UpdateCycle {
  const { feed } = options;
  return {
    options,
    policy: resolveUpdatePolicy(options.policy),
    timers: options.timers ?? systemTimers,
    now: options.now ?? Date.now,
    log: options.log ?? silentLog,
    productName: options.productName ?? 'Assistant Desktop',
    status: feed.enabled ? { state: 'idle' } : { state: 'disabled', reason: feed.reason },
    started: false,
    disposed: false,
    active: false,
    failures: 0,
    downloadedVersion: undefined,
    notifiedReadyVersion: undefined,
    lastCheckedAt: undefined,
    nextCheckAt: undefined,
    checkTimer: undefined,
    pollTimer: undefined,
    listeners: new Set(),
  };
}

export function setStatus(cycle: UpdateCycle, next: UpdateStatus): void {
  cycle.status = next;
  for (const listener of [...cycle.listeners]) listener(next);
}

export function clearCheckTimer(cycle: UpdateCycle): void {
  if (cycle.checkTimer !== undefined) cycle.timers.clearTimeout(cycle.checkTimer);
  cycle.checkTimer = undefined;
  cycle.nextCheckAt = undefined;
}

export function clearPollTimer(cycle: UpdateCycle): void {
  if (cycle.pollTimer !== undefined) cycle.timers.clearTimeout(cycle.pollTimer);
  cycle.pollTimer = undefined;
}
