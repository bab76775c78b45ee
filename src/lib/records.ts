// Lays out a record whose fields the API does not show (a deal, a briefing, a run) as readable
// rows: money with its currency, dates in the user's locale, nested objects as groups, arrays of
// objects (contacts) as tables, and every unknown field still shown. Our words (Yes, None, the
// shared fields' names) are in the language in use; the record's own text is data and stays as
// sent (people's names included).
import {
  formatDate,
  formatMoney,
  formatPercent,
  formatNumber,
  humanizeKey,
  isCurrencyCode,
  isoDateKind,
} from './format';
import { visibleLine, visibleText } from '../../electron/domain/text/visible-text';
import { fieldLabel } from '../../electron/domain/records/field-labels';
import type { Translator } from '../../electron/domain/i18n/translator';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonRecord = { [key: string]: Json };

export type DisplayValue =
  | { kind: 'empty'; text: string }
  /** `markdown`: written in markdown (long text, or emphasis, code or a link in a short one). */
  | { kind: 'text'; text: string; long: boolean; markdown: boolean }
  | { kind: 'number'; text: string }
  | { kind: 'money'; text: string }
  | { kind: 'date'; text: string; iso: string }
  | { kind: 'boolean'; text: string; value: boolean }
  | { kind: 'url'; text: string; href: string }
  | { kind: 'deal'; text: string; dealId: string; title?: string }
  | { kind: 'list'; items: DisplayValue[] }
  | { kind: 'table'; columns: { key: string; label: string }[]; rows: DisplayValue[][] }
  | { kind: 'group'; rows: DisplayRow[] };

export interface DisplayRow {
  key: string;
  label: string;
  value: DisplayValue;
}

export interface LayoutOptions {
  /** The words of the language in use. */
  t: Translator['t'];
  locale?: string;
  timeZone?: string;
  /** Keys left out (already shown as the title, say). */
  omit?: readonly string[];
  /** Nesting below this depth is shown as compact JSON text. */
  maxDepth?: number;
  /**
   * Identifiers ("id", "ownerId", an activity's `act_…`) mean nothing to a salesperson: left out
   * unless true (the record shown for IT). A deal's id stays, as the way to open it.
   */
  showIds?: boolean;
}

const MONEY_KEY = /(amount|value|price|revenue|arr|acv|mrr|tcv|budget|total|cost)$/i;
const PERCENT_KEY = /(percent|percentage|pct|probability)$/i;
const DEAL_ID_KEY = /^deal_?id$/i;
const CURRENCY_KEYS = ['currency', 'currencyCode', 'currency_code'];
const AMOUNT_KEYS = ['amount', 'value'];

export function isJsonRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function currencyOf(record: JsonRecord): string | undefined {
  for (const key of CURRENCY_KEYS) {
    const c = record[key];
    if (isCurrencyCode(c)) return c;
  }
  return undefined;
}

function numeric(value: Json | undefined): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return undefined;
}

/** `{ amount: 120000, currency: "EUR" }` (and nothing much else) is one amount of money. */
export function moneyOf(record: JsonRecord): { amount: number; currency: string } | undefined {
  const currency = currencyOf(record);
  if (currency === undefined) return undefined;
  if (Object.keys(record).length > 3) return undefined;
  for (const key of AMOUNT_KEYS) {
    const amount = numeric(record[key]);
    if (amount !== undefined) return { amount, currency };
  }
  return undefined;
}

function safeHttpUrl(text: string): string | null {
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

interface Ctx {
  t: Translator['t'];
  locale: string | undefined;
  timeZone: string | undefined;
  maxDepth: number;
  showIds: boolean;
}

/** Whether a field is left out: an identifier, when ids are not shown (a deal's id opens it). */
function hidden(key: string, ctx: Ctx): boolean {
  return !ctx.showIds && isIdentifierKey(key) && !DEAL_ID_KEY.test(key);
}

function primitive(
  value: string | number | boolean | null,
  key: string,
  ctx: Ctx,
  currency?: string,
): DisplayValue {
  if (value === null) return { kind: 'empty', text: '—' };
  if (typeof value === 'boolean') {
    return { kind: 'boolean', text: ctx.t(value ? 'deals.record.yes' : 'deals.record.no'), value };
  }
  if (typeof value === 'number') {
    if (currency !== undefined && MONEY_KEY.test(key)) {
      return { kind: 'money', text: formatMoney(value, currency, ctx.locale) };
    }
    if (PERCENT_KEY.test(key) && value >= 0 && value <= 100) {
      return {
        kind: 'number',
        // Intl's percent, as everywhere: the locale's sign and spacing ("12.5%", "12,5 %").
        text: formatPercent(value / 100, ctx.locale, 2),
      };
    }
    return { kind: 'number', text: formatNumber(value, ctx.locale) };
  }
  // Service text is shown as itself: no bidi or control characters (line breaks kept).
  const text = visibleText(value, { lines: 'many' });
  if (text.trim() === '') return { kind: 'empty', text: '—' };
  if (DEAL_ID_KEY.test(key)) return { kind: 'deal', text, dealId: text };
  if (isoDateKind(text) !== null) {
    return { kind: 'date', text: formatDate(text, ctx.locale, ctx.timeZone), iso: text };
  }
  const href = safeHttpUrl(text);
  if (href !== null) return { kind: 'url', text, href };
  const long = text.length > 160 || text.includes('\n');
  return { kind: 'text', text, long, markdown: long || INLINE_MARKDOWN.test(text) };
}

/** Emphasis, code or a link a service wrote into a short field ("HQ in **Berlin**"). */
const INLINE_MARKDOWN = /(\*\*|__)\S(.*\S)?\1|`[^`\n]+`|\[[^\]\n]+\]\([^)\s]+\)/;

function compactJson(value: Json): DisplayValue {
  return { kind: 'text', text: JSON.stringify(value), long: true, markdown: true };
}

function valueOf(
  value: Json,
  key: string,
  ctx: Ctx,
  depth: number,
  currency?: string,
): DisplayValue {
  if (value === null || typeof value !== 'object') return primitive(value, key, ctx, currency);
  if (depth >= ctx.maxDepth) return compactJson(value);
  if (Array.isArray(value)) return arrayValue(value, key, ctx, depth, currency);
  const money = moneyOf(value);
  if (money) return { kind: 'money', text: formatMoney(money.amount, money.currency, ctx.locale) };
  const rows = rowsOf(value, ctx, depth + 1, []);
  return rows.length === 0 ? { kind: 'empty', text: '—' } : { kind: 'group', rows };
}

function arrayValue(
  values: Json[],
  key: string,
  ctx: Ctx,
  depth: number,
  inherited?: string,
): DisplayValue {
  if (values.length === 0) return { kind: 'empty', text: ctx.t('deals.record.none') };
  const objects = values.filter(isJsonRecord);
  if (objects.length === values.length && objects.every((o) => moneyOf(o) === undefined)) {
    // A table when the objects are flat enough to read as rows; otherwise one group per item.
    const columns: string[] = [];
    let flat = true;
    for (const o of objects) {
      for (const [k, v] of Object.entries(o)) {
        if (hidden(k, ctx)) continue;
        if (v !== null && typeof v === 'object' && !(isJsonRecord(v) && moneyOf(v))) flat = false;
        if (!columns.includes(k)) columns.push(k);
      }
    }
    if (flat && columns.length > 0 && columns.length <= 8) {
      return {
        kind: 'table',
        columns: columns.map((c) => ({ key: c, label: labelOf(c, ctx) })),
        rows: objects.map((o) => {
          // Line items usually leave the currency to the record they belong to.
          const currency = currencyOf(o) ?? inherited;
          return columns.map((c) => {
            const v = o[c];
            return v === undefined
              ? { kind: 'empty', text: '—' }
              : valueOf(v, c, ctx, depth + 1, currency);
          });
        }),
      };
    }
  }
  return { kind: 'list', items: values.map((v) => valueOf(v, key, ctx, depth + 1, inherited)) };
}

/** A field's name: a shared field's in the language in use, any other as its record names it. */
function labelOf(key: string, ctx: Ctx): string {
  return fieldLabel(key, ctx.t) ?? visibleLine(humanizeKey(key));
}

function isNested(value: DisplayValue): boolean {
  return value.kind === 'group' || value.kind === 'table' || value.kind === 'list';
}

function rowsOf(
  record: JsonRecord,
  ctx: Ctx,
  depth: number,
  omit: readonly string[],
): DisplayRow[] {
  const currency = currencyOf(record);
  const rows: DisplayRow[] = [];
  for (const [key, raw] of Object.entries(record)) {
    if (omit.includes(key) || hidden(key, ctx)) continue;
    rows.push({ key, label: labelOf(key, ctx), value: valueOf(raw, key, ctx, depth, currency) });
  }
  // Simple fields first, then nested ones, each in the record's own order: easier to scan.
  return [...rows.filter((r) => !isNested(r.value)), ...rows.filter((r) => isNested(r.value))];
}

export function toDisplayRows(record: JsonRecord, options: LayoutOptions): DisplayRow[] {
  const ctx: Ctx = {
    t: options.t,
    locale: options.locale,
    timeZone: options.timeZone,
    maxDepth: options.maxDepth ?? 5,
    showIds: options.showIds ?? false,
  };
  return rowsOf(record, ctx, 0, options.omit ?? []);
}

/** Case-insensitive lookup of the first present key, for picking well-known fields. */
export function pickString(record: JsonRecord, keys: readonly string[]): string | undefined {
  const lower = new Map(Object.keys(record).map((k) => [k.toLowerCase(), k]));
  for (const key of keys) {
    const actual = lower.get(key.toLowerCase());
    if (actual === undefined) continue;
    const v = record[actual];
    if (typeof v === 'string' && v.trim() !== '') return v;
    if (typeof v === 'number') return String(v);
  }
  return undefined;
}

// "id", "Id", "dealId", "meeting_id", "ID": an identifier means nothing to a salesperson.
const IDENTIFIER_KEY = /(?:^|_)[iI]d$|[a-z]Id$|ID$/;

/** Whether a key names an identifier, shown (if at all) folded away, never among the first. */
export function isIdentifierKey(key: string): boolean {
  return IDENTIFIER_KEY.test(key);
}

/**
 * A person's name from records that mention them: the first `{ id, name }` (or `displayName`,
 * `fullName`) object with that id, at the top of a record or one level down (a deal's `owner`).
 * Services that leave the signed-in user's name out of their metadata name them here.
 */
export function personNameIn(records: readonly JsonRecord[], personId: string): string | undefined {
  const nameOf = (value: Json | undefined): string | undefined => {
    if (!isJsonRecord(value) || value['id'] !== personId) return undefined;
    return pickString(value, ['name', 'displayName', 'fullName']);
  };
  for (const record of records) {
    for (const value of Object.values(record)) {
      const name = nameOf(value);
      if (name !== undefined) return name;
    }
  }
  return undefined;
}
