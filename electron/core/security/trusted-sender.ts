// Who may call the contract over IPC: only the app's own page, in the top frame of the app's own
// window. An iframe, a page that navigated elsewhere or any other window is refused before the
// input is even parsed. Main turns Electron's event into this plain data so the rule is testable.

import { isSameOrigin } from './app-origin';

export interface SenderInfo {
  /** URL of the frame that sent the message (event.senderFrame.url); undefined if it is gone. */
  senderUrl: string | undefined;
  /** The sending frame is the top frame of its page. */
  isMainFrame: boolean;
  /** Origin of the app's pages (the app protocol, or the dev server in `npm run dev`). */
  appOrigin: string;
  /** The message came from the app's main window (not the sign-in window, not a stray one). */
  fromAppWindow: boolean;
}

export type SenderDecision = { trusted: true } | { trusted: false; reason: string };

export function checkSender(info: SenderInfo): SenderDecision {
  if (!info.fromAppWindow) return { trusted: false, reason: 'not the app window' };
  if (!info.isMainFrame) return { trusted: false, reason: 'not the top frame' };
  if (info.senderUrl === undefined) return { trusted: false, reason: 'sender frame is gone' };
  if (!isSameOrigin(info.senderUrl, info.appOrigin)) {
    return { trusted: false, reason: 'sender is not on the app origin' };
  }
  return { trusted: true };
}
