// The side panel: the connection's state until the app serves it, then the tab's deal.
import { useT } from '../../../src/platform/i18n';
import { runsOnLinux } from './browser-os';
import { ConnectionNotice } from './ConnectionNotice';
import { DealLookup } from './DealLookup';
import { usePanel } from './context';

export function Panel({
  onRetry,
  onOpenOptions,
}: {
  onRetry: () => void;
  /**
   * Opens the options page, where a company's own CRM address is added; none where IT allows
   * only the addresses it set.
   */
  onOpenOptions: (() => void) | undefined;
}) {
  const t = useT();
  const connection = usePanel((s) => s.connection);
  return (
    <main className="panel" aria-label={t('panel.label')}>
      <ConnectionNotice
        state={connection}
        onRetry={onRetry}
        linux={runsOnLinux(navigator.userAgent)}
      />
      {connection.kind === 'ready' ? <DealLookup onOpenOptions={onOpenOptions} /> : null}
    </main>
  );
}
