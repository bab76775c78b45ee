// Deals: the picker beside the open deal.
import { useEffect } from 'react';
import { BackLink } from '../../ui/BackLink';
import { EmptyState } from '../../ui/Feedback';
import { hasCapability, missingCapabilityReason } from '../../lib/capabilities';
import { useHost } from '../../platform/hostStore';
import { useT } from '../../platform/i18n';
import { DealDetail } from './DealDetail';
import { DealPicker } from './DealPicker';
import { DealsStart } from './DealsStart';
import { useDeals } from './store';

export function DealsScreen({ dealId }: { dealId: string | undefined }) {
  const t = useT();
  const metadata = useHost((s) => s.metadata.value);
  const offered = hasCapability(metadata, 'deals');
  useEffect(() => {
    const s = useDeals.getState();
    if (offered && !s.list.value && !s.list.loading) void s.loadList();
  }, [offered]);

  if (!offered) {
    return (
      <div className="page">
        <h1>{t('app.screen.deals')}</h1>
        <EmptyState title={t('deals.screen.unavailableTitle')}>
          {missingCapabilityReason('deals', t)}
        </EmptyState>
      </div>
    );
  }
  return (
    <div className={`page page-deals${dealId ? ' has-deal' : ''}`}>
      <div className="deals-list-pane">
        <h1 className="pane-title">{t('app.screen.deals')}</h1>
        <DealPicker selectedId={dealId} />
      </div>
      <div className="deals-detail-pane" data-page-scroll="">
        {dealId ? (
          <>
            <BackLink to={{ name: 'deals' }}>{t('deals.screen.backToAll')}</BackLink>
            <DealDetail key={dealId} dealId={dealId} />
          </>
        ) : (
          <DealsStart />
        )}
      </div>
    </div>
  );
}
