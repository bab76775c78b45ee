// Where no deal is open yet: the deals that need attention first (the open ones closing soonest)
// and those asked about lately, each one click away, instead of an empty "Choose a deal".
import { useMemo } from 'react';
import type { Deal } from '../../../electron/contract';
import { dealAmount, dealRoles } from '../../lib/deals';
import { OPEN_DEALS, viewDeals } from '../../lib/dealList';
import { formatDate } from '../../lib/format';
import { openAndFocus } from '../../platform/focusWhenShown';
import { useTranslator } from '../../platform/i18n';
import { useRichT } from '../../ui/richText';
import { useRuns } from '../runs';
import { useDeals } from './store';

const SHOWN = 5;

function DealLink({ deal, note }: { deal: Deal; note: string | undefined }) {
  return (
    <li>
      <a
        href={`#/deals/${encodeURIComponent(deal.id)}`}
        onClick={(event) => {
          event.preventDefault();
          openAndFocus({ name: 'deals', dealId: deal.id });
        }}
      >
        <span>{deal.title}</span>
        {note ? <span className="subtle">{note}</span> : null}
      </a>
    </li>
  );
}

function useRecentlyAsked(deals: Deal[]): Deal[] {
  const live = useRuns((s) => s.live);
  return useMemo(() => {
    const byId = new Map(deals.map((d) => [d.id, d]));
    const runs = Object.values(live).sort((a, b) => b.startedAt.localeCompare(a.startedAt));
    const found: Deal[] = [];
    for (const run of runs) {
      const deal = run.dealId === undefined ? undefined : byId.get(run.dealId);
      if (deal && !found.includes(deal)) found.push(deal);
    }
    return found.slice(0, SHOWN);
  }, [deals, live]);
}

export function DealsStart() {
  const { t, locale } = useTranslator();
  const richT = useRichT();
  const deals = useDeals((s) => s.list.value);
  const all = useMemo(() => deals ?? [], [deals]);
  const soonest = useMemo(
    () => viewDeals(all, { sort: 'close', stage: OPEN_DEALS }, false, t).slice(0, SHOWN),
    [all, t],
  );
  const asked = useRecentlyAsked(all);
  return (
    <div className="deals-start">
      <section className="card" aria-labelledby="deals-soonest-h">
        <h2 id="deals-soonest-h">{t('deals.start.soonestTitle')}</h2>
        {soonest.length === 0 ? (
          <p className="muted">{t('deals.start.noCloseDates')}</p>
        ) : (
          <ul>
            {soonest.map((deal) => {
              const close = dealRoles(deal).closeDate;
              const amount = dealAmount(deal, locale);
              const closes = close
                ? t('deals.start.closes', { date: formatDate(close, locale) })
                : undefined;
              const note = [amount, closes].filter(Boolean).join(' · ');
              return <DealLink key={deal.id} deal={deal} note={note} />;
            })}
          </ul>
        )}
      </section>
      {asked.length > 0 ? (
        <section className="card" aria-labelledby="deals-asked-h">
          <h2 id="deals-asked-h">{t('deals.start.askedTitle')}</h2>
          <ul>
            {asked.map((deal) => (
              <DealLink key={deal.id} deal={deal} note={undefined} />
            ))}
          </ul>
        </section>
      ) : null}
      <p className="subtle">
        {richT('deals.start.searchHint', { key: (keys) => <kbd key="key">{keys}</kbd> })}
      </p>
    </div>
  );
}
