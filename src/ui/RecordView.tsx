// A record whose fields the API does not show, laid out readably: simple fields as a definition
// list, nested objects as groups, arrays of objects (contacts, products) as tables.
import { useMemo } from 'react';
import type { MouseEvent } from 'react';
import { humanizeEnum } from '../lib/format';
import { toDisplayRows } from '../lib/records';
import type { DisplayRow, DisplayValue, JsonRecord } from '../lib/records';
import { useT, useTranslator } from '../platform/i18n';
import { useLinkOpeners } from './linkOpeners';
import { Markdown } from './markdown';

function Value({ value }: { value: DisplayValue }) {
  const t = useT();
  const links = useLinkOpeners();
  switch (value.kind) {
    case 'empty':
      return <span className="subtle">{value.text}</span>;
    case 'text':
      return value.markdown ? (
        <Markdown text={value.text} className={value.long ? 'md-field' : 'md-field md-inline'} />
      ) : (
        // Isolated: a Latin value on an Arabic page keeps its full stop at its end.
        <bdi>{humanEnum(value.text)}</bdi>
      );
    case 'number':
    case 'money':
      return <span className="num">{value.text}</span>;
    case 'date':
      return <time dateTime={value.iso}>{value.text}</time>;
    case 'boolean':
      return <>{value.text}</>;
    case 'url': {
      const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        links.openExternal(value.href);
      };
      return (
        <a href={value.href} onClick={onClick} rel="noreferrer noopener" target="_blank">
          {value.text}
        </a>
      );
    }
    case 'deal':
      return (
        <a
          href={`#/deals/${encodeURIComponent(value.dealId)}`}
          onClick={(event) => {
            event.preventDefault();
            links.openDeal(value.dealId);
          }}
        >
          {value.title === undefined ? t('app.record.openDeal') : value.title}
        </a>
      );
    case 'list':
      return (
        <ul className="rec-list">
          {value.items.map((item, i) => (
            <li key={i}>
              <Value value={item} />
            </li>
          ))}
        </ul>
      );
    // The same table markup as rendered markdown's (./markdown): the cells differ (record values
    // here, markdown tokens there), so the few lines of header and rows are kept in each.
    case 'table':
      return (
        <div className="rec-table" role="region" aria-label={t('app.record.table')} tabIndex={0}>
          <table>
            <thead>
              <tr>
                {value.columns.map((c) => (
                  <th key={c.key} scope="col">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {value.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) => (
                    <td
                      key={c}
                      className={
                        cell.kind === 'money' || cell.kind === 'number' ? 'num' : undefined
                      }
                    >
                      <Value value={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'group':
      return <Rows rows={value.rows} nested />;
  }
}

/** `closed_won` reads as "Closed won"; anything else is left alone. */
function humanEnum(text: string): string {
  return /^[a-z]+(_[a-z]+)+$/.test(text) ? humanizeEnum(text) : text;
}

function isBlock(value: DisplayValue): boolean {
  return (
    value.kind === 'table' ||
    value.kind === 'group' ||
    value.kind === 'list' ||
    (value.kind === 'text' && value.long)
  );
}

function Rows({ rows, nested = false }: { rows: DisplayRow[]; nested?: boolean }) {
  const simple = rows.filter((r) => !isBlock(r.value));
  const blocks = rows.filter((r) => isBlock(r.value));
  return (
    <div className={nested ? 'rec rec-nested' : 'rec'}>
      {simple.length > 0 ? (
        <dl className="rec-fields">
          {simple.map((row) => (
            <div key={row.key} className="rec-field">
              <dt>{row.label}</dt>
              <dd>
                <Value value={row.value} />
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {blocks.map((row) => (
        <section key={row.key} className="rec-section" aria-label={row.label}>
          <h3 className="rec-section-title">{row.label}</h3>
          <Value value={row.value} />
        </section>
      ))}
    </div>
  );
}

/** `showIds`: the record as IT needs it, identifiers included (see LayoutOptions). */
export function RecordView({
  record,
  omit,
  showIds = false,
}: {
  record: JsonRecord;
  omit?: readonly string[];
  showIds?: boolean;
}) {
  const { t, locale } = useTranslator();
  const rows = useMemo(
    () => toDisplayRows(record, { t, locale, ...(omit ? { omit } : {}), showIds }),
    [record, omit, showIds, t, locale],
  );
  if (rows.length === 0) return <p className="subtle">{t('app.record.noFields')}</p>;
  return <Rows rows={rows} />;
}
