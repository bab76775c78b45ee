// A deal as a salesperson reads it, whatever shape the service sent: its roles (contract's
// record-roles, the same inference core uses for ids and titles), its amount in its currency, its
// stage in words, and its fields split into the deal's own and the CRM's metadata.
import type { Deal } from '../../electron/contract';
import {
  inferRoles,
  isMetadataKey,
  normaliseKey,
  WRAPPER_KEYS,
  type RecordRoles,
} from '../../electron/domain/records/roles';
import type { Translator } from '../../electron/domain/i18n/translator';
import { formatMoney, formatNumber, humanizeEnum } from './format';
import { isIdentifierKey, isJsonRecord, type Json, type JsonRecord } from './records';

const rolesCache = new WeakMap<object, RecordRoles>();

/** The deal's roles, worked out once per record. */
export function dealRoles(deal: Pick<Deal, 'data'>): RecordRoles {
  let roles = rolesCache.get(deal.data);
  if (roles === undefined) {
    roles = inferRoles(deal.data, 'deal');
    rolesCache.set(deal.data, roles);
  }
  return roles;
}

/** "€184,500" in its currency; a bare number when the currency is unknown. */
export function dealAmount(deal: Pick<Deal, 'data'>, locale?: string): string | undefined {
  const { amount, currency } = dealRoles(deal);
  if (amount === undefined) return undefined;
  return currency === undefined
    ? formatNumber(amount, locale)
    : formatMoney(amount, currency, locale);
}

/**
 * `closed_won` → "Closed won", `qualifiedtobuy` → "Qualified to buy" (the CRM's words, kept as
 * data), `3` → "Stage 3" (ours, in the language of `t`). `t` is optional only while the meeting
 * prep (briefings) does not pass its own yet; without it a numbered stage reads in English.
 */
export function humanStage(stage: string | undefined, t?: Translator['t']): string | undefined {
  if (stage === undefined || stage.trim() === '') return undefined;
  const number = stage.trim();
  if (/^\d+$/.test(number)) {
    return t ? t('deals.stage.numbered', { number }) : `Stage ${number}`;
  }
  return /[A-Z\s/]/.test(stage) ? stage : humanizeEnum(stage);
}

const FORMATTED_VALUE = '@OData.Community.Display.V1.FormattedValue';

/** `_parentaccountid_value` → `parentaccount`: an OData lookup named as what it points to. */
function lookupName(key: string): string {
  const inner = /^_(.+)_value$/.exec(key)?.[1];
  return inner === undefined ? key : inner.replace(/id$/, '');
}

export interface DealFields {
  /** The deal's own fields, wrappers lifted, money joined with its currency. */
  main: JsonRecord;
  /** CRM metadata: `attributes`, `hs_…`, OData annotations, archive flags. */
  more: JsonRecord;
}

/** Every field of the record, for the deal's page. */
export function dealFields(data: JsonRecord): DealFields {
  const main: JsonRecord = {};
  const more: JsonRecord = {};
  const add = (record: JsonRecord, depth: number) => {
    for (const [key, value] of Object.entries(record)) {
      if (depth < 2 && WRAPPER_KEYS.includes(normaliseKey(key)) && isJsonRecord(value)) {
        if (isMetadataKey(key, value)) more[key] = value;
        else add(value, depth + 1);
        continue;
      }
      // The CRM's metadata and the record's identifiers wait under "More fields".
      const identifier =
        isIdentifierKey(key) && (typeof value === 'string' || typeof value === 'number');
      if (isMetadataKey(key, value) || identifier) {
        more[key] = value;
        continue;
      }
      // A lookup shows what it points to (its formatted value), under that name.
      const formatted = record[`${key}${FORMATTED_VALUE}`];
      if (/^_.+_value$/.test(key) && typeof formatted === 'string') {
        main[lookupName(key)] = formatted;
        more[key] = value;
        continue;
      }
      main[key] = value;
    }
  };
  add(data, 0);
  // The amount shows in its currency wherever the currency was kept.
  const roles = inferRoles(data, 'deal');
  const amountKey = roles.paths.amount?.split('.').at(-1);
  if (amountKey !== undefined && roles.amount !== undefined && roles.currency !== undefined) {
    const money: Json = { amount: roles.amount, currency: roles.currency };
    if (amountKey in main) main[amountKey] = money;
  }
  return { main, more };
}
