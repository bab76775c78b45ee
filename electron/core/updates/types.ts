// What the update controller drives (electron-updater's port and events), what it reports (its
// status, notices, a restart's answer) and how it is set up: see controller.ts.
import type { Settings } from '../../contract';
import type { Timers } from '../clock';
import type { UpdateErrorKind } from './errors';
import type { UpdateFeed } from './feed';
import type { UpdatePolicyInput } from './policy';

/** The part of electron-updater's autoUpdater the controller drives. */
export interface UpdaterPort {
  /** Starts a check; with automatic download the download follows in the background. */
  checkForUpdates(): Promise<unknown>;
  /** Quits the app and runs the installer of the downloaded update (no relaunch is forced). */
  quitAndInstall(): void;
}

/** What the updater reports, already validated by the host. */
export type UpdaterEvent =
  | { type: 'checking' }
  | { type: 'available'; version: string }
  | { type: 'not-available' }
  | { type: 'progress'; percent: number }
  | { type: 'downloaded'; version: string }
  | { type: 'error'; error: unknown };

export type UpdateStatus =
  | { state: 'disabled'; reason: string }
  | { state: 'idle'; lastCheckedAt?: number; nextCheckAt?: number }
  | { state: 'checking' }
  | { state: 'downloading'; version: string; percent: number }
  | { state: 'ready'; version: string; restartDeferred: boolean }
  | {
      state: 'failed';
      kind: UpdateErrorKind;
      message: string;
      attempt: number;
      retryAt: number;
    }
  | { state: 'installing'; version: string };

export interface UpdateNotice {
  kind: 'ready' | 'failed' | 'restart-deferred';
  title: string;
  body: string;
  version?: string;
}

export type RestartAnswer =
  | { outcome: 'installing'; version: string }
  | { outcome: 'deferred'; message: string }
  | { outcome: 'unavailable'; message: string };

export interface UpdateLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** What Settings says about updates (updates.automatic, updates.channel). */
export type UpdateSettings = Settings['updates'];

export interface UpdateControllerOptions {
  feed: UpdateFeed;
  updater: UpdaterPort;
  /** True while any agent run is streaming; asked right before every restart. */
  isRunLive(): boolean;
  /** Shows a notice to the user (system notification, tray, renderer). */
  notify(notice: UpdateNotice): void;
  policy?: UpdatePolicyInput;
  /**
   * The user's (or IT's) update settings, asked before every check: with `automatic` off no
   * check runs (the schedule goes on, so turning it back on needs no restart).
   */
  settings?: () => UpdateSettings;
  productName?: string;
  log?: UpdateLog;
  timers?: Timers;
  now?: () => number;
  random?: () => number;
}

export interface UpdateController {
  /** Begins the schedule: the first check after the startup delay. Idempotent. */
  start(): void;
  /** Feeds one updater event into the cycle. */
  handle(event: UpdaterEvent): void;
  /** "Check for updates" from a menu: checks now unless a check or download is under way. */
  checkNow(): void;
  /** "Restart now": installs the ready update, or waits while a run is live and says why. */
  requestRestart(): RestartAnswer;
  /** Withdraws a restart that is waiting for a run to end. */
  cancelRestart(): void;
  /** Tells the controller that runs started or ended, so a waiting restart can proceed. */
  runsChanged(): void;
  /** After sleep, timers may be late: checks now if the next check is overdue. */
  onResume(): void;
  status(): UpdateStatus;
  onStatus(listener: (status: UpdateStatus) => void): () => void;
  dispose(): void;
}
