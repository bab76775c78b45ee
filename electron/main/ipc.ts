// The IPC side of the contract: one `invoke` channel whose every call is checked (the app
// window's own page, top frame, on the app origin) before core's dispatcher parses the input, and
// one typed event send that never targets a destroyed window.

import { coreWords } from '../core/i18n/words';
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { HostErrorCodes, type EventName, type EventPayload, type Result } from '../contract';
import type { Dispatch } from '../core/host';
import type { Logger } from '../core/logs/logger';
import { checkSender, type SenderInfo } from '../core/security/trusted-sender';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../preload/channels';

export interface IpcOptions {
  dispatch: Dispatch;
  appWindow(): BrowserWindow | undefined;
  appOrigin: string;
  log: Logger;
  /** Called after each trusted call, before it is dispatched (the page is up and listening). */
  onTrustedCall?(): void;
}

/** Electron's event as the plain data core's sender rule decides on. */
export function senderInfo(
  event: IpcMainInvokeEvent,
  appWindow: BrowserWindow | undefined,
  appOrigin: string,
): SenderInfo {
  const frame = event.senderFrame;
  const fromAppWindow =
    appWindow !== undefined && !appWindow.isDestroyed() && event.sender === appWindow.webContents;
  return {
    senderUrl: frame?.url,
    isMainFrame: frame !== null && frame.parent === null,
    appOrigin,
    fromAppWindow,
  };
}

export function serveContractOverIpc(options: IpcOptions): () => void {
  const log = options.log.child('ipc');
  ipcMain.handle(
    INVOKE_CHANNEL,
    async (event, name: unknown, input: unknown): Promise<Result<unknown>> => {
      const decision = checkSender(senderInfo(event, options.appWindow(), options.appOrigin));
      if (!decision.trusted) {
        log.warn('Refused a call from an untrusted sender', {
          reason: decision.reason,
          name: typeof name === 'string' ? name.slice(0, 100) : typeof name,
        });
        return {
          ok: false,
          error: {
            code: HostErrorCodes.forbidden,
            message: coreWords().t('errors.app.untrustedPage'),
            retryable: false,
          },
        };
      }
      options.onTrustedCall?.();
      return options.dispatch(name, input, { host: 'electron' });
    },
  );
  return () => ipcMain.removeHandler(INVOKE_CHANNEL);
}

/** The one way main pushes a contract event to the app window; a gone window is skipped. */
export function createEventSender(appWindow: () => BrowserWindow | undefined) {
  return <E extends EventName>(name: E, payload: EventPayload<E>): boolean => {
    const window = appWindow();
    if (window === undefined || window.isDestroyed()) return false;
    const contents = window.webContents;
    if (contents.isDestroyed() || contents.isCrashed()) return false;
    contents.send(EVENT_CHANNEL, name, payload);
    return true;
  };
}
