// Tables for the lists whose records the API leaves "not shown": which fields each column reads
// (first present wins, documented here) and how a page of results is summed up.
import type { Paging, ResourceList, ResourceRecord } from '../../core/api';
import type { Style } from './style';
import { renderTable, type Column } from './table';
import {
  formatDate,
  formatMoney,
  formatTimestamp,
  pickNumber,
  pickText,
  type Fallbacks,
} from './values';

export const DEAL_FIELDS = {
  account: [
    'account',
    ['account', 'name'],
    'accountName',
    'company',
    ['company', 'name'],
    'companyName',
    'customer',
    ['customer', 'name'],
  ],
  stage: ['stage', 'dealStage', 'status'],
  amount: ['amount', ['amount', 'value'], ['amount', 'amount'], 'value', 'dealValue'],
  currency: ['currency', ['amount', 'currency'], 'currencyCode'],
  closeDate: ['closeDate', 'close_date', 'expectedCloseDate', 'expected_close_date', 'closingDate'],
} as const satisfies Record<string, Fallbacks>;

export const AGENT_FIELDS = {
  description: ['description', 'summary'],
} as const satisfies Record<string, Fallbacks>;

export const RUN_FIELDS = {
  created: ['createdAt', 'created_at', 'startedAt', 'started_at'],
} as const satisfies Record<string, Fallbacks>;

const NONE = '—';

export interface ListView {
  style: Style;
  maxWidth?: number;
}

export function dealAmount(record: ResourceRecord): string {
  const amount = pickNumber(record.data, DEAL_FIELDS.amount);
  if (amount === undefined) return NONE;
  return formatMoney(amount, pickText(record.data, DEAL_FIELDS.currency));
}

export function renderDeals(list: ResourceList, view: ListView): string {
  const columns: Column<ResourceRecord>[] = [
    { header: 'NAME', value: (r) => r.display.title, flexible: true },
    { header: 'ACCOUNT', value: (r) => pickText(r.data, DEAL_FIELDS.account) ?? NONE },
    { header: 'STAGE', value: (r) => pickText(r.data, DEAL_FIELDS.stage) ?? NONE },
    { header: 'AMOUNT', value: dealAmount, align: 'right' },
    {
      header: 'CLOSE DATE',
      value: (r) => {
        const date = pickText(r.data, DEAL_FIELDS.closeDate);
        return date === undefined ? NONE : formatDate(date);
      },
    },
    { header: 'ID', value: (r) => r.display.id ?? NONE, paint: (t, _r, s) => s.dim(t) },
  ];
  return renderTable(list.items, columns, view);
}

export function renderAgents(list: ResourceList, view: ListView): string {
  const columns: Column<ResourceRecord>[] = [
    { header: 'ID', value: (r) => r.display.id ?? NONE, paint: (t, _r, s) => s.cyan(t) },
    { header: 'NAME', value: (r) => r.display.title },
    {
      header: 'DESCRIPTION',
      value: (r) => pickText(r.data, AGENT_FIELDS.description) ?? '',
      flexible: true,
    },
  ];
  return renderTable(list.items, columns, view);
}

export function paintStatus(status: string, style: Style): string {
  const s = status.trim().toLowerCase();
  if (['succeeded', 'completed', 'success', 'done', 'finished'].includes(s))
    return style.green(status);
  if (['failed', 'error', 'errored', 'cancelled', 'canceled', 'expired'].includes(s))
    return style.red(status);
  if (['running', 'queued', 'created'].includes(s)) return style.yellow(status);
  return status;
}

export function renderRuns(list: ResourceList, view: ListView): string {
  const columns: Column<ResourceRecord>[] = [
    {
      header: 'RUN ID',
      value: (r) => pickText(r.data, ['runId']) ?? r.display.id ?? NONE,
    },
    {
      header: 'STATUS',
      value: (r) => pickText(r.data, ['status']) ?? NONE,
      paint: (t, _r, s) => paintStatus(t, s),
    },
    { header: 'AGENT', value: (r) => pickText(r.data, ['agentId']) ?? NONE },
    {
      header: 'CREATED',
      value: (r) => {
        const at = pickText(r.data, RUN_FIELDS.created);
        return at === undefined ? NONE : formatTimestamp(at);
      },
    },
  ];
  return renderTable(list.items, columns, view);
}

/**
 * "Showing 1–20 of 48 (next page: --offset 20)", from the paging the service sent or what we
 * asked for. Undefined when there is nothing useful to say (everything fits on one page).
 */
export function pagingLine(paging: Paging, count: number, requestedOffset = 0): string | undefined {
  if (count === 0) return undefined;
  const offset = paging.offset ?? requestedOffset;
  const range = `${offset + 1}–${offset + count}`;
  const of = paging.total === undefined ? '' : ` of ${paging.total}`;
  const next =
    paging.hasMore === true
      ? ` (next page: --offset ${paging.nextOffset ?? offset + count})`
      : paging.nextCursor !== undefined
        ? ' (more may follow)'
        : '';
  const everything = offset === 0 && next === '' && (paging.total ?? count) === count;
  return everything ? undefined : `Showing ${range}${of}${next}.`;
}
