// Electron glue for `assistant://` deep links: registers the app as the scheme's handler and feeds
// every way a link can arrive (macOS `open-url`, first-launch argv, a second instance's argv on
// Windows and Linux) through the one parser in core. Call it before `app.whenReady()` and after
// taking the single-instance lock: macOS can deliver `open-url` before the app is ready.

import path from 'node:path';
import type { App } from 'electron';
import {
  DEEP_LINK_SCHEME,
  findDeepLinkArgument,
  parseDeepLink,
  type DeepLink,
} from '../core/deeplinks';

export interface DeepLinkRefusalReport {
  /** Why the link was refused, readable by a user. */
  message: string;
  /** The start of the raw link, JSON-quoted so control characters cannot forge log lines. */
  preview: string;
}

export type DeepLinkListener = (link: DeepLink) => void;
export type DeepLinkRefusalListener = (report: DeepLinkRefusalReport) => void;

type DeepLinkApp = Pick<App, 'setAsDefaultProtocolClient' | 'on' | 'removeListener'>;

/**
 * Makes the app the OS handler for `assistant://` and hands every valid link to `onLink`.
 * Returns a function that removes the listeners it added.
 */
export function registerDeepLinks(
  app: DeepLinkApp,
  onLink: DeepLinkListener,
  onRefused: DeepLinkRefusalListener = () => {},
  argv: readonly string[] = process.argv,
): () => void {
  registerProtocolClient(app);

  const handle = (raw: string): void => {
    const result = parseDeepLink(raw);
    if (result.ok) onLink(result.link);
    else onRefused({ message: result.message, preview: JSON.stringify(raw.slice(0, 80)) });
  };

  const onOpenUrl = (event: Electron.Event, url: string): void => {
    // Without preventDefault macOS considers the URL unhandled.
    event.preventDefault();
    handle(url);
  };
  const onSecondInstance = (_event: Electron.Event, secondArgv: string[]): void => {
    const raw = findDeepLinkArgument(secondArgv);
    if (raw !== undefined) handle(raw);
  };

  app.on('open-url', onOpenUrl);
  app.on('second-instance', onSecondInstance);

  const firstLaunch = findDeepLinkArgument(argv);
  if (firstLaunch !== undefined) handle(firstLaunch);

  return () => {
    app.removeListener('open-url', onOpenUrl);
    app.removeListener('second-instance', onSecondInstance);
  };
}

function registerProtocolClient(app: DeepLinkApp): void {
  // In development Electron runs as `electron <app path>`: the OS must be told to start it with
  // the app path too, or a clicked link would open Electron's default app (Electron's own advice).
  if (process.defaultApp) {
    const appPath = process.argv[1];
    if (appPath !== undefined) {
      // electronegativity-justified: PROTOCOL_HANDLER_JS_CHECK — registers only our own assistant://
      // scheme; core's strict deep-link grammar parses every link before it is used.
      app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [path.resolve(appPath)]);
    }
    return;
  }
  // Packaged builds are registered by their installer too: Info.plist on macOS, the .desktop
  // file on Linux, and on Windows our NSIS include (resources/installer.nsh: electron-builder
  // registers protocols on macOS only), which writes the per-user key and removes it on
  // uninstall. This call keeps the registration current after a move or an update.
  // electronegativity-justified: PROTOCOL_HANDLER_JS_CHECK — registers only our own assistant://
  // scheme; core's strict deep-link grammar parses every link before it is used.
  app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
}
