// Which errors the panel says in its own words, with the way forward: sign in in the app, the
// service out of reach, the connection to the app gone. For the rest, the app's own words (core
// writes them in the language in use).
import type { ErrorData } from '../../../electron/contract';
import type { MessageId } from '../../../electron/domain/i18n/messages';
import { BridgeErrorCodes } from '../bridge/bridge';

export function errorWords(error: ErrorData): MessageId | null {
  if (error.kind === 'unauthorized' || error.code === 'unauthorized') return 'panel.error.signIn';
  if (error.kind === 'network' || error.kind === 'timeout') return 'panel.error.unreachable';
  if (
    error.code === BridgeErrorCodes.disconnected ||
    error.code === BridgeErrorCodes.notConnected
  ) {
    return 'panel.error.disconnected';
  }
  return null;
}
