// From download to install: a download started, an update staged and verified (said once per
// version), installed on request, or, while a run is live, once no run is.

import { clearCheckTimer, clearPollTimer, setStatus, type UpdateCycle } from './cycle';
import { scheduleCheck } from './checks';
import { readyNotice, RESTART_DEFERRED } from './notices';
import type { RestartAnswer, UpdateStatus } from './types';

export function downloadStarted(cycle: UpdateCycle, version: string): void {
  cycle.active = true;
  // Re-announcing the version already staged is electron-updater re-verifying it.
  if (cycle.status.state === 'ready' && cycle.status.version === version) return;
  cycle.downloadedVersion = undefined;
  clearPollTimer(cycle);
  setStatus(cycle, { state: 'downloading', version, percent: 0 });
  cycle.log.info(`Downloading update ${version}.`);
}

/** Staged and verified by electron-updater: ready, said once per version. */
export function downloaded(cycle: UpdateCycle, version: string): void {
  cycle.active = false;
  cycle.failures = 0;
  cycle.downloadedVersion = version;
  const { status } = cycle;
  const restartDeferred =
    status.state === 'ready' && status.version === version && status.restartDeferred;
  setStatus(cycle, { state: 'ready', version, restartDeferred });
  scheduleCheck(cycle, cycle.policy.checkIntervalMs);
  cycle.log.info(`Update ${version} downloaded and verified.`);
  if (cycle.notifiedReadyVersion !== version) {
    cycle.notifiedReadyVersion = version;
    cycle.options.notify(readyNotice(cycle.productName, version, cycle.policy.installOnQuit));
  }
}

export function install(cycle: UpdateCycle, version: string): RestartAnswer {
  clearCheckTimer(cycle);
  clearPollTimer(cycle);
  setStatus(cycle, { state: 'installing', version });
  cycle.log.info(`Restarting to install ${version}.`);
  cycle.options.updater.quitAndInstall();
  return { outcome: 'installing', version };
}

/** The version staged and announced as downloaded, the only one ever installed. */
export function readyVersion(cycle: UpdateCycle): string | undefined {
  const { status, downloadedVersion } = cycle;
  return status.state === 'ready' && status.version === downloadedVersion
    ? downloadedVersion
    : undefined;
}

export function maybeRunDeferredRestart(cycle: UpdateCycle): void {
  if (cycle.status.state !== 'ready' || !cycle.status.restartDeferred) return;
  const version = readyVersion(cycle);
  if (version === undefined) return;
  if (cycle.options.isRunLive()) {
    pollForRestart(cycle);
    return;
  }
  install(cycle, version);
}

/** Asks again after a while whether the deferred restart can run (no run live any more). */
function pollForRestart(cycle: UpdateCycle): void {
  cycle.pollTimer = cycle.timers.setTimeout(() => {
    cycle.pollTimer = undefined;
    maybeRunDeferredRestart(cycle);
  }, cycle.policy.deferredRestartPollMs);
}

/** A restart asked for while a run is live: said once, then waits for the runs to end. */
export function deferRestart(
  cycle: UpdateCycle,
  ready: Extract<UpdateStatus, { state: 'ready' }>,
): RestartAnswer {
  if (!ready.restartDeferred) {
    setStatus(cycle, { ...ready, restartDeferred: true });
    cycle.options.notify({
      kind: 'restart-deferred',
      title: 'Restart postponed',
      body: RESTART_DEFERRED,
    });
    clearPollTimer(cycle);
    pollForRestart(cycle);
  }
  return { outcome: 'deferred', message: RESTART_DEFERRED };
}
