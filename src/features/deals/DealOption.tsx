// One deal in the picker: the part of its name that tells it apart (the account's prefix is shown
// once, on the line below), its amount, account, stage and close date, the query's matches marked.
// The whole name stays in the row's text, for screen readers and search.
import { Fragment, useMemo, useState } from 'react';
import type { CSSProperties } from 'react';
import type { Deal } from '../../../electron/contract';
import { dealAmount, dealRoles, humanStage } from '../../lib/deals';
import { splitTitle } from '../../lib/dealList';
import { formatDate, formatShortDay } from '../../lib/format';
import { highlightParts } from '../../lib/search';
import { useTranslator } from '../../platform/i18n';
import { useRichT } from '../../ui/richText';

/**
 * A name with the query's matches marked, laid out as one name: the marks are not isolates
 * (base.css), so "Zoë’s Café Müller" with "Müller" marked keeps its words in order. The caller
 * isolates the whole name (<bdi>, or dir="auto" on a box that cuts it).
 */
function Highlight({ text, query }: { text: string; query: string }) {
  const { locale } = useTranslator();
  const parts = useMemo(() => highlightParts(text, query, locale), [text, query, locale]);
  return (
    <>
      {parts.map((p, i) =>
        p.match ? <mark key={i}>{p.text}</mark> : <Fragment key={i}>{p.text}</Fragment>,
      )}
    </>
  );
}

/** A name of the row's second line, isolated whole beside our words (the stage). */
function HighlightedName({ text, query }: { text: string; query: string }) {
  return (
    <bdi>
      <Highlight text={text} query={query} />
    </bdi>
  );
}

interface OptionProps {
  deal: Deal;
  id: string;
  query: string;
  active: boolean;
  open: boolean;
  style: CSSProperties;
  onChoose: () => void;
}

export function DealOption({ deal, id, query, active, open, style, onChoose }: OptionProps) {
  const { t, locale } = useTranslator();
  const richT = useRichT();
  const amount = dealAmount(deal, locale);
  // The year is said only when it is not this one; a row lives far shorter than a year.
  const [now] = useState(() => Date.now());
  const roles = dealRoles(deal);
  const account = deal.account ?? roles.account;
  const { prefix, rest } = splitTitle(deal.title, account);
  const stage = humanStage(deal.stage ?? roles.stage, t);
  const closeDate = roles.closeDate;
  // The account is said once: on the second line, cut from the name's start (screen readers hear
  // it with the name); a name holding it elsewhere says it already.
  const accountLine = prefix !== '' || (account && !deal.title.includes(account)) ? account : '';
  const sub = accountLine || stage ? undefined : deal.subtitle;
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      aria-current={open ? 'true' : undefined}
      className={`picker-option${active ? ' is-active' : ''}${open ? ' is-open' : ''}`}
      style={style}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onChoose}
    >
      {/* Its own direction (dir="auto"): a Latin name on an Arabic page is cut at its end. */}
      <span className="picker-title" title={deal.title} dir="auto">
        {prefix ? <span className="visually-hidden">{prefix}</span> : null}
        <Highlight text={rest} query={query} />
      </span>
      {amount ? <bdi className="picker-amount">{amount}</bdi> : null}
      <span className="picker-sub">
        {accountLine ? (
          <span aria-hidden={prefix !== '' ? true : undefined}>
            <HighlightedName text={accountLine} query={query} />
          </span>
        ) : null}
        {accountLine && stage ? ' · ' : null}
        {stage ? <HighlightedName text={stage} query={query} /> : null}
        {sub ? <HighlightedName text={sub} query={query} /> : null}
      </span>
      {closeDate ? (
        <span className="picker-close">
          {richT('deals.option.closes', {
            day: formatShortDay(closeDate, now, locale),
            date: (chunks) => (
              <time key="date" dateTime={closeDate} title={formatDate(closeDate, locale)}>
                {chunks}
              </time>
            ),
          })}
        </span>
      ) : null}
    </div>
  );
}
