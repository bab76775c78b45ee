// Electron glue for updates: wires electron-updater's autoUpdater to the update cycle in core.
// Updates are off unless this build carries an update feed (electron-builder writes
// `app-update.yml` only when a publish target was configured at packaging time).

import { Notification, type App } from 'electron';
import type { AppUpdater } from 'electron-updater';
// The event map electron-updater types its emitter with; its entry point does not re-export it.
import type { AppUpdaterEvents } from 'electron-updater/out/AppUpdater';
import {
  createUpdateController,
  detectUpdateFeed,
  progressEvent,
  resolveUpdatePolicy,
  versionEvent,
  type UpdateController,
  type UpdateFeed,
  type UpdateLog,
  type UpdateNotice,
  type UpdatePolicyInput,
  type UpdateSettings,
} from '../core/updates';

export interface StartUpdatesOptions {
  app: Pick<App, 'isPackaged' | 'getName'>;
  /** `autoUpdater` from electron-updater. */
  autoUpdater: AppUpdater;
  policy?: UpdatePolicyInput;
  /** Shows a notice (system notification and/or the renderer). */
  notify(notice: UpdateNotice): void;
  /** True while any run is live; a restart never happens while it is. */
  isRunLive(): boolean;
  /** The update settings in effect (the user's, or IT's by policy), asked before each check. */
  settings?: () => UpdateSettings;
  /** The app's logger; electron-updater's own messages go there too. */
  logger?: UpdateLog;
  /** Defaults to `process.resourcesPath`, where electron-builder puts `app-update.yml`. */
  resourcesPath?: string;
  env?: Readonly<Record<string, string | undefined>>;
}

/** This copy's update feed: what startUpdates follows and what Settings says about updates. */
export function updateFeedOf(
  options: Pick<StartUpdatesOptions, 'app' | 'resourcesPath' | 'env'>,
): UpdateFeed {
  return detectUpdateFeed({
    isPackaged: options.app.isPackaged,
    resourcesPath: options.resourcesPath ?? process.resourcesPath,
    platform: process.platform,
    env: options.env ?? process.env,
  });
}

/**
 * Starts the update cycle and returns its controller: `requestRestart()` for a "Restart to
 * update" action, `runsChanged()` when runs start or end, `onResume()` after sleep, `status()`
 * and `onStatus()` for the UI, `dispose()` on quit.
 */
export function startUpdates(options: StartUpdatesOptions): UpdateController {
  const { autoUpdater } = options;
  const policy = resolveUpdatePolicy(options.policy);
  const feed = updateFeedOf(options);

  // Without a feed electron-updater must not act on its own either (e.g. install on quit).
  autoUpdater.autoDownload = feed.enabled;
  autoUpdater.autoInstallOnAppQuit = feed.enabled && policy.installOnQuit;
  autoUpdater.allowDowngrade = false;
  if (options.logger) autoUpdater.logger = options.logger;

  const controller = createUpdateController({
    feed,
    policy,
    productName: options.app.getName(),
    ...(options.settings ? { settings: options.settings } : {}),
    isRunLive: options.isRunLive,
    notify: options.notify,
    ...(options.logger ? { log: options.logger } : {}),
    updater: {
      async checkForUpdates() {
        // The beta channel takes the publisher's pre-releases too; never an older version.
        autoUpdater.allowPrerelease = options.settings?.().channel === 'beta';
        const result = await autoUpdater.checkForUpdates();
        // A failed background download rejects this promise and also emits `error`, which the
        // controller already handles; without this catch it would be an unhandled rejection.
        result?.downloadPromise?.catch(() => {});
        return result;
      },
      quitAndInstall() {
        // Silent install, then relaunch: the user asked for "restart now".
        autoUpdater.quitAndInstall(true, true);
      },
    },
  });

  if (!feed.enabled) {
    controller.start();
    return controller;
  }

  const unsubscribe = forwardUpdaterEvents(autoUpdater, controller);
  controller.start();

  return {
    ...controller,
    dispose() {
      controller.dispose();
      unsubscribe();
    },
  };
}

/** electron-updater's events, handed to the controller as its own; returns the unsubscribe. */
function forwardUpdaterEvents(autoUpdater: AppUpdater, controller: UpdateController): () => void {
  const offs: Array<() => void> = [];
  const on = <E extends keyof AppUpdaterEvents>(name: E, listener: AppUpdaterEvents[E]) => {
    autoUpdater.on(name, listener);
    offs.push(() => autoUpdater.off(name, listener));
  };
  on('checking-for-update', () => controller.handle({ type: 'checking' }));
  on('update-available', (info) => controller.handle(versionEvent('available', info)));
  on('update-not-available', () => controller.handle({ type: 'not-available' }));
  on('download-progress', (info) => {
    const event = progressEvent(info);
    if (event) controller.handle(event);
  });
  on('update-downloaded', (info) => controller.handle(versionEvent('downloaded', info)));
  on('update-cancelled', () =>
    controller.handle({ type: 'error', error: new Error('The update download was cancelled.') }),
  );
  on('error', (error) => controller.handle({ type: 'error', error }));
  return () => {
    for (const off of offs) off();
  };
}

/**
 * Shows an update notice as a native notification. "Restart to update": a click on the ready
 * notice asks for the restart (deferred while a run is live; the controller says so with another
 * notice).
 */
export function showUpdateNotice(notice: UpdateNotice, requestRestart: () => void): void {
  if (!Notification.isSupported()) return;
  const shown = new Notification({ title: notice.title, body: notice.body });
  if (notice.kind === 'ready') shown.on('click', requestRestart);
  shown.show();
}
