// The tab's deal as Assistant knows it: name, account, amount in its currency, stage and close
// date, read by the renderer's own deal roles (src/lib/deals), and a link to open it in the app.
import type { Deal } from '../../../electron/contract';
import { dealAmount, dealRoles, humanStage } from '../../../src/lib/deals';
import { formatDate } from '../../../src/lib/format';
import { useT, useTranslator } from '../../../src/platform/i18n';
import { deepLinkToDeal } from './deep-links';

export function DealHeader({ deal }: { deal: Deal }) {
  const t = useT();
  const { locale } = useTranslator();
  const roles = dealRoles(deal);
  const amount = dealAmount(deal, locale);
  const stage = humanStage(roles.stage ?? deal.stage, t);
  const account = roles.account ?? deal.account;
  const facts: [string, string | undefined][] = [
    [t('panel.deal.account'), account],
    [t('panel.deal.amount'), amount],
    [t('panel.deal.stage'), stage],
    [
      t('panel.deal.closeDate'),
      roles.closeDate === undefined ? undefined : formatDate(roles.closeDate, locale),
    ],
  ];
  return (
    <header className="panel-deal">
      <h1 className="panel-deal-name">{deal.title}</h1>
      <dl className="panel-facts">
        {facts
          .filter((fact): fact is [string, string] => fact[1] !== undefined && fact[1] !== '')
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      <a className="panel-open" href={deepLinkToDeal(deal.id)}>
        {t('panel.deal.open')}
      </a>
    </header>
  );
}
