// The Electron shell's composition root: what runs before `ready` (launch.ts), then core (the
// backend, which does the work and holds the session) wired to small controllers, one job each:
// the window (window-controller.ts), the tray (tray-controller.ts), the settings' effects on the
// OS (settings-effects.ts) and the ordered shutdown (shutdown.ts). The shell's shared state is
// shell.ts; the steps at `ready` are start.ts; core itself is started the Electron way by
// electron-backend.ts, and its events fanned out by core-events.ts. Every decision that can be
// plain data lives in electron/core (security, window-state, desktop).

import { app } from 'electron';
import type { Navigate } from '../contract';
import { UNREGISTER_FLAG } from '../companion';
import type { DeepLink } from '../core/deeplinks';
import { unregisterCompanion } from './companion-registration';
import { registerDeepLinks } from './deep-links';
import { prepareLaunch, type Launch } from './launch';
import { installWebContentsGuards } from './security';
import { createShell } from './shell';
import { startShell } from './start';

const launch = prepareLaunch();

if (process.argv.includes(UNREGISTER_FLAG)) {
  // An uninstaller's call: remove the browser companion's registration and leave, before the
  // single-instance lock, which would hand the flag to a running app instead.
  void app
    .whenReady()
    .then(unregisterCompanion)
    .then((code) => app.exit(code));
} else if (!app.requestSingleInstanceLock()) {
  // Another instance runs: Electron hands it our argv (and any deep link) through
  // `second-instance`; this one leaves at once.
  app.quit();
} else {
  main(launch);
}

/** The screen a deep link opens. */
function deepLinkTarget(link: DeepLink): Navigate {
  return link.screen === 'deal'
    ? { screen: 'deals', id: link.id }
    : { screen: 'runs', id: link.id };
}

/** The shell's state and quitting first, then the app's events, then the start at `ready`. */
function main(options: Launch): void {
  const shell = createShell(options);

  // Deep links can arrive before `ready` (macOS open-url) and with the first launch's argv.
  shell.stops.push(
    registerDeepLinks(
      app,
      (link) => shell.navigate(deepLinkTarget(link)),
      (refusal) => shell.log?.warn('Refused a deep link', { ...refusal }),
    ),
  );
  app.on('second-instance', () => {
    void shell.showWindow();
  });

  installWebContentsGuards((message) => shell.log?.warn(message));

  app.on('window-all-closed', () => {
    // Without a tray nothing is left to use once the window is gone (macOS keeps its dock).
    if (process.platform !== 'darwin' && shell.trays?.tray() === undefined) app.quit();
  });

  app.on('activate', () => {
    // macOS: a click on the dock icon brings the window back.
    void shell.showWindow();
  });

  app
    .whenReady()
    .then(() => startShell(shell))
    .catch((error: unknown) => {
      shell.log?.error('The app could not start', { error });
      console.error('Assistant Desktop could not start:', error);
      app.exit(1);
    });
}
