// The update cycle, free of Electron: check at start and then daily, let the updater download in
// the background, tell the user once an update is ready, install it when they quit. A restart on
// request waits while a run is live. A failed or damaged download is reported and retried later
// with backoff. electron-updater stages and checks downloads itself: the sha512 the feed's
// latest*.yml names (which proves only that the file is the one the feed meant), then on Windows
// the installer's Authenticode signature, valid and signed by `publisherName` from app-update.yml
// (electron-builder.yml sets it; electron-updater skips this check when it is missing, and on
// PowerShell older than 3), and on macOS Squirrel.Mac's check that the new app satisfies the
// running app's designated requirement (the same Developer ID). Linux packages carry no signature it checks, so Linux never updates
// itself (feed.ts). This controller only ever asks it to install a version it announced as
// downloaded, so a half-downloaded or rejected update is never applied. The steps
// live beside it: checks.ts (scheduling, a check, its end or failure), install.ts (download to
// install, the deferred restart), over the state of cycle.ts.

import { failCheck, finishWithoutUpdate, runCheck, scheduleCheck } from './checks';
import { coreWords } from '../i18n/words';
import { clearCheckTimer, clearPollTimer, createCycle, setStatus, type UpdateCycle } from './cycle';
import {
  deferRestart,
  downloaded,
  downloadStarted,
  install,
  maybeRunDeferredRestart,
  readyVersion,
} from './install';
import type { UpdateController, UpdateControllerOptions, UpdaterEvent } from './types';

/** The first check a while after start, then one a day. */
function start(cycle: UpdateCycle): void {
  if (cycle.started || cycle.disposed) return;
  cycle.started = true;
  const { feed } = cycle.options;
  if (!feed.enabled) {
    cycle.log.info(`Updates are off: ${feed.reason}`);
    return;
  }
  scheduleCheck(cycle, cycle.policy.startupDelayMs);
  const { nextCheckAt } = cycle;
  setStatus(cycle, { state: 'idle', ...(nextCheckAt !== undefined ? { nextCheckAt } : {}) });
}

/** What electron-updater says, routed to the step it starts. */
function onUpdaterEvent(cycle: UpdateCycle, event: UpdaterEvent): void {
  if (cycle.disposed || !cycle.options.feed.enabled || cycle.status.state === 'installing') return;
  switch (event.type) {
    case 'checking':
      cycle.active = true;
      if (cycle.status.state !== 'ready') setStatus(cycle, { state: 'checking' });
      return;
    case 'available':
      return downloadStarted(cycle, event.version);
    case 'progress':
      if (cycle.status.state === 'downloading') {
        const percent = Math.min(100, Math.max(0, event.percent));
        setStatus(cycle, { ...cycle.status, percent });
      }
      return;
    case 'not-available':
      return finishWithoutUpdate(cycle);
    case 'downloaded':
      return downloaded(cycle, event.version);
    case 'error':
      return failCheck(cycle, event.error);
  }
}

/** The controller's methods over one cycle's state; each routes to a named step. */
export function createUpdateController(options: UpdateControllerOptions): UpdateController {
  const cycle = createCycle(options);
  return {
    start: () => start(cycle),
    handle: (event) => onUpdaterEvent(cycle, event),

    checkNow() {
      if (!cycle.started) cycle.started = true;
      runCheck(cycle);
    },

    requestRestart() {
      const version = readyVersion(cycle);
      const { status } = cycle;
      if (version === undefined || status.state !== 'ready') {
        return { outcome: 'unavailable', message: coreWords().t('errors.update.noneReady') };
      }
      if (options.isRunLive()) return deferRestart(cycle, status);
      return install(cycle, version);
    },

    cancelRestart() {
      clearPollTimer(cycle);
      if (cycle.status.state === 'ready' && cycle.status.restartDeferred) {
        setStatus(cycle, { ...cycle.status, restartDeferred: false });
      }
    },

    runsChanged() {
      clearPollTimer(cycle);
      maybeRunDeferredRestart(cycle);
    },

    onResume() {
      if (cycle.nextCheckAt !== undefined && cycle.now() >= cycle.nextCheckAt) runCheck(cycle);
    },

    status() {
      return cycle.status;
    },

    onStatus(listener) {
      cycle.listeners.add(listener);
      return () => cycle.listeners.delete(listener);
    },

    dispose() {
      cycle.disposed = true;
      clearCheckTimer(cycle);
      clearPollTimer(cycle);
      cycle.listeners.clear();
    },
  };
}
