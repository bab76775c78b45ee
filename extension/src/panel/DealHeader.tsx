// The tab's deal as Assistant knows it: name, account, amount in its currency, stage and close
// date, read by the renderer's own deal roles (src/lib/deals), and a link to open it in the app.
// Beside the name, "Found by name" when no record carried the page's number (a page's title is
// the page's to choose); below it, once, that this is the first deal shown from the tab's host, or
// that the host is the company's CRM as IT set it. "Open in Assistant" asks the app to show it
// (./show-in-app.ts).
import type { Deal } from '../../../electron/contract';
import { dealAmount, dealRoles, humanStage } from '../../../src/lib/deals';
import { formatDate } from '../../../src/lib/format';
import { useT, useTranslator } from '../../../src/platform/i18n';
import { useActions, usePanel } from './context';
import { ErrorText } from './ErrorText';

export function DealHeader({
  deal,
  byName = false,
  firstFromHost,
  organisationHost,
}: {
  deal: Deal;
  /** Matched by the tab's title, not by the record number in its address. */
  byName?: boolean;
  /** The host, when this is the first deal of its CRM shown from it. */
  firstFromHost?: string | undefined;
  /** The host, when IT set it as the company's CRM. */
  organisationHost?: string | undefined;
}) {
  const t = useT();
  const { locale } = useTranslator();
  const actions = useActions();
  const openError = usePanel((s) => s.openError);
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
      {byName ? (
        <p className="panel-deal-match">
          <strong>{t('panel.deal.byName')}</strong> {t('panel.deal.byNameHint')}
        </p>
      ) : null}
      {organisationHost === undefined ? null : (
        <p className="panel-hint panel-deal-host">
          {t('panel.deal.organisationHost', { host: organisationHost })}
        </p>
      )}
      {firstFromHost === undefined ? null : (
        <p className="panel-hint panel-deal-host">
          {t('panel.deal.firstHost', { host: firstFromHost })}
        </p>
      )}
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
      <button
        type="button"
        className="panel-link panel-open"
        onClick={() => void actions.showInApp({ screen: 'deal', id: deal.id })}
      >
        {t('panel.deal.open')}
      </button>
      {openError ? <ErrorText error={openError} /> : null}
    </header>
  );
}
