// An error a call answered, said with the way forward where the panel knows one: sign in in the
// app, the service out of reach, the connection to the app gone. Otherwise the app's own words
// (core writes them in the language in use).
import type { ErrorData } from '../../../electron/contract';
import type { MessageId } from '../../../electron/domain/i18n/messages';
import { useT } from '../../../src/platform/i18n';
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

export function ErrorText({ error }: { error: ErrorData }) {
  const t = useT();
  const words = errorWords(error);
  return (
    <p className="panel-error" role="alert">
      {words === null ? error.message : t(words)}
    </p>
  );
}
