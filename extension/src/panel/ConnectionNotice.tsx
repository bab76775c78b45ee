// The connection's state in plain words, with the way forward: what to do in the app, or a
// button to try again. Shown above everything else until the app serves this panel.
import { Button } from '../../../src/ui/Button';
import { useT } from '../../../src/platform/i18n';
import type { ConnectionKind, ConnectionState } from '../bridge/states';
import type { MessageId } from '../../../electron/domain/i18n/messages';

function wordsFor(state: ConnectionState): MessageId | null {
  switch (state.kind) {
    case 'ready':
      return null;
    case 'connecting':
      return 'panel.connection.connecting';
    case 'starting-app':
      return 'panel.connection.startingApp';
    case 'waiting-for-allow':
      return 'panel.connection.waitingForAllow';
    case 'not-installed':
      return 'panel.connection.notInstalled';
    case 'forbidden':
      return 'panel.connection.forbidden';
    case 'not-running':
      return 'panel.connection.notRunning';
    case 'untrusted':
      return 'panel.connection.untrusted';
    case 'disconnected':
      return 'panel.connection.disconnected';
    case 'refused':
      if (state.reason === 'denied') return 'panel.connection.denied';
      if (state.reason === 'wrong-key') return 'panel.connection.wrongKey';
      return state.reason === 'revoked' ? 'panel.connection.revoked' : 'panel.connection.refused';
  }
}

/** Where Try again helps: after the user fixed something, or rather than wait for the next attempt. */
const OFFERS_RETRY: ReadonlySet<ConnectionKind> = new Set([
  'not-installed',
  'forbidden',
  'not-running',
  'untrusted',
  'refused',
  'disconnected',
]);

export function ConnectionNotice({
  state,
  onRetry,
  linux,
}: {
  state: ConnectionState;
  onRetry: () => void;
  /** On Linux a missing app may be a Snap or Flatpak browser: the panel says which ones work. */
  linux: boolean;
}) {
  const t = useT();
  const words = wordsFor(state);
  if (words === null) return null;
  return (
    <section className="panel-notice" role="status" aria-live="polite" data-state={state.kind}>
      <p>{t(words)}</p>
      {linux && state.kind === 'not-installed' ? (
        <p className="muted">{t('panel.connection.linuxBrowsers')}</p>
      ) : null}
      {OFFERS_RETRY.has(state.kind) ? (
        <Button size="sm" onClick={onRetry}>
          {t('panel.connection.retry')}
        </Button>
      ) : null}
    </section>
  );
}
