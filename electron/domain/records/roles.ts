// Which field of a record plays which part (id, title, account, amount, …) when the API leaves the
// record "not shown" and a service passes on a CRM's own shape. One place for core (the id a run
// starts with, titles for notifications and the tray, search) and the renderer (the picker and
// the deal's page), so both read a record the same way. Pure: no DOM, no Node, no zod.
//
// How a field is found:
//   - keys in any convention compare by their letters and digits only (`dealName`, `deal_name`,
//     `dealname`, `Deal_Name`, `DEAL-NAME` are one key), with the resource's own prefix dropped
//     (`dealname` → `name`, `opportunityid` → `id`);
//   - fields inside the usual wrappers count as the record's own (`properties`, `fields`,
//     `attributes`, `data`, `record`, `values`), two levels deep at most;
//   - a related object stands for its name (`Account: { Name }`, `org_id: { name }`), and so does
//     a lookup's OData formatted value (`_parentaccountid_value` with its
//     `…@OData.Community.Display.V1.FormattedValue`), which also wins over a raw option-set number;
//   - the id is the UUID-valued identifier when there is one (runs start with it), else the first
//     identifier found.
import { visibleLine } from '../text/visible-text';

import {
  ID_KEYS,
  RESOURCE_ALIASES,
  SYNONYMS,
  TITLE_CONTAINERS,
  WRAPPER_KEYS,
  type RoleName,
} from './vocabulary';

export { WRAPPER_KEYS, type RoleName } from './vocabulary';

type Obj = { [key: string]: unknown };

export interface RecordRoles {
  id?: string;
  title?: string;
  account?: string;
  amount?: number;
  /** ISO 4217 code, upper case. */
  currency?: string;
  stage?: string;
  /** As sent: an ISO date or date-time. */
  closeDate?: string;
  owner?: string;
  /** 0–100. */
  probability?: number;
  updatedAt?: string;
  /** Where each role was found, as a dotted path of the record's own keys. */
  paths: Partial<Record<RoleName, string>>;
}

const FORMATTED_VALUE = '@OData.Community.Display.V1.FormattedValue';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CURRENCY = /^[A-Z]{3}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
const NUMERIC = /^-?\d+(\.\d+)?$/;
const MAX_TEXT = 200;

/** `Deal_Name`, `dealName`, `deal-name` → `dealname`. */
export function normaliseKey(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An OData lookup's raw key (`_parentaccountid_value`) names the relation (`parentaccountid`). */
function baseKey(key: string): string {
  const lookup = /^_(.+)_value$/.exec(key);
  return normaliseKey(lookup?.[1] ?? key);
}

/** A key matches a synonym as it is or without the resource's prefix. */
function keyForms(key: string, prefixes: readonly string[]): string[] {
  const k = baseKey(key);
  const forms = [k];
  for (const prefix of prefixes) {
    if (k.length > prefix.length && k.startsWith(prefix)) forms.push(k.slice(prefix.length));
  }
  return forms;
}

export function isOdataAnnotation(key: string): boolean {
  return key.includes('@');
}

interface Field {
  key: string;
  path: string;
  value: unknown;
  /** The OData formatted value that came with it, if any. */
  formatted?: string;
  forms: string[];
}

/** The record's own fields: top level, then inside wrappers (two levels at most). */
function fieldsOf(record: Obj, prefixes: readonly string[]): Field[] {
  const out: Field[] = [];
  const visit = (object: Obj, path: string, depth: number) => {
    for (const [key, value] of Object.entries(object)) {
      if (isOdataAnnotation(key)) continue;
      const here = path === '' ? key : `${path}.${key}`;
      if (depth < 2 && WRAPPER_KEYS.includes(normaliseKey(key)) && isObject(value)) {
        visit(value, here, depth + 1);
        continue;
      }
      const formatted = object[`${key}${FORMATTED_VALUE}`];
      out.push({
        key,
        path: here,
        value,
        ...(typeof formatted === 'string' && formatted.trim() !== ''
          ? { formatted: formatted.trim() }
          : {}),
        forms: keyForms(key, prefixes),
      });
    }
  };
  visit(record, '', 0);
  return out;
}

/** Text as shown: no bidi or control characters (text/visible-text.ts), trimmed, bounded. */
function clip(text: string): string | undefined {
  const trimmed = visibleLine(text).trim();
  return trimmed === '' ? undefined : trimmed.slice(0, MAX_TEXT);
}

/** A related object's name: `{ Name }`, `{ name, id }`, `{ full_name }`, `{ displayName }`. */
function nameOf(value: Obj): string | undefined {
  for (const [key, v] of Object.entries(value)) {
    const k = normaliseKey(key);
    if (
      (k === 'name' || k === 'fullname' || k === 'displayname' || k === 'title') &&
      typeof v === 'string'
    ) {
      const text = clip(v);
      if (text !== undefined) return text;
    }
  }
  return undefined;
}

/** Text for a name-like role; a bare identifier of a relation (`AccountId: "001…"`) is not one. */
function textOf(field: Field): string | undefined {
  if (field.formatted !== undefined) return clip(field.formatted);
  const { value } = field;
  if (isObject(value)) return nameOf(value);
  const isReference = field.forms.some((f) => f.endsWith('id'));
  if (isReference) return undefined;
  if (typeof value === 'string') return clip(value);
  return undefined;
}

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') {
    const cleaned = value.trim().replace(/[,\s]/g, '');
    if (NUMERIC.test(cleaned)) return Number(cleaned);
  }
  return undefined;
}

function currencyOf(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const code = value.trim().toUpperCase();
    return CURRENCY.test(code) ? code : undefined;
  }
  if (isObject(value)) {
    for (const [key, v] of Object.entries(value)) {
      const k = normaliseKey(key);
      if (k === 'isocurrencycode' || k === 'code' || k === 'isocode' || k === 'currencycode') {
        const code = currencyOf(v);
        if (code !== undefined) return code;
      }
    }
  }
  return undefined;
}

function dateOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return ISO_DATE.test(text) && !Number.isNaN(Date.parse(text.replace(' ', 'T')))
    ? text
    : undefined;
}

/**
 * A close date is a calendar day. CRMs that keep it as an instant (HubSpot's `closedate`) store
 * midnight UTC, which shown as an instant reads "Dec 16, 12:00 AM", or Dec 15 west of Greenwich:
 * that midnight is taken as its day. Any other time of day is left as the service wrote it.
 */
const MIDNIGHT_UTC = /^(\d{4}-\d{2}-\d{2})[T ]00:00(:00(\.0{1,9})?)?(Z|[+-]00:?00)$/i;

function dayOf(value: unknown): string | undefined {
  const date = dateOf(value);
  return date === undefined ? undefined : (MIDNIGHT_UTC.exec(date)?.[1] ?? date);
}

/** The first field, in synonym order, that `read` accepts. */
function pick<T>(
  fields: readonly Field[],
  synonyms: readonly string[],
  read: (field: Field) => T | undefined,
): { value: T; path: string } | undefined {
  for (const synonym of synonyms) {
    for (const field of fields) {
      if (!field.forms.includes(synonym)) continue;
      const value = read(field);
      if (value !== undefined) return { value, path: field.path };
    }
  }
  return undefined;
}

function idText(value: unknown): string | undefined {
  if (typeof value === 'string') return clip(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function findId(fields: readonly Field[]): { value: string; path: string } | undefined {
  const isIdKey = (f: Field) =>
    f.forms.some((k) => ID_KEYS.includes(k) || k.endsWith('uuid') || k.endsWith('guid'));
  const uuid = fields.find(
    (f) => isIdKey(f) && typeof f.value === 'string' && UUID.test(f.value.trim()),
  );
  if (uuid) return { value: (uuid.value as string).trim(), path: uuid.path };
  return pick(fields, ID_KEYS, (f) => idText(f.value));
}

/** A briefing's title kept in a nested object: `meeting.title`, `event.subject`. */
function nestedTitle(record: Obj): { value: string; path: string } | undefined {
  for (const [key, value] of Object.entries(record)) {
    if (!TITLE_CONTAINERS.includes(normaliseKey(key)) || !isObject(value)) continue;
    const found = pick(fieldsOf(value, []), SYNONYMS.title, (f) =>
      typeof f.value === 'string' ? clip(f.value) : undefined,
    );
    if (found) return { value: found.value, path: `${key}.${found.path}` };
  }
  return undefined;
}

function probabilityOf(value: unknown): number | undefined {
  const n = numberOf(value);
  if (n === undefined || n < 0 || n > 100) return undefined;
  return n;
}

/** Finds every role in `record`; roles not found are left out. */
export function inferRoles(record: unknown, resource: string): RecordRoles {
  const roles: RecordRoles = { paths: {} };
  if (!isObject(record)) return roles;
  const prefixes = RESOURCE_ALIASES[resource] ?? [normaliseKey(resource)];
  const fields = fieldsOf(record, prefixes);
  const set = <R extends RoleName>(
    role: R,
    found: { value: NonNullable<RecordRoles[R]>; path: string } | undefined,
  ) => {
    if (found === undefined) return;
    (roles as unknown as Record<string, unknown>)[role] = found.value;
    roles.paths[role] = found.path;
  };

  set('id', findId(fields));
  set(
    'title',
    pick(fields, SYNONYMS.title, (f) =>
      typeof f.value === 'string' && !f.forms.some((k) => k.endsWith('id'))
        ? clip(f.value)
        : undefined,
    ) ?? nestedTitle(record),
  );
  set('account', pick(fields, SYNONYMS.account, textOf));
  set(
    'amount',
    pick(fields, SYNONYMS.amount, (f) =>
      isObject(f.value) ? numberOf(f.value.amount ?? f.value.value) : numberOf(f.value),
    ),
  );
  const amountField = fields.find((f) => f.path === roles.paths.amount);
  const moneyCurrency =
    amountField && isObject(amountField.value) ? currencyOf(amountField.value.currency) : undefined;
  set(
    'currency',
    moneyCurrency !== undefined && roles.paths.amount !== undefined
      ? { value: moneyCurrency, path: roles.paths.amount }
      : pick(fields, SYNONYMS.currency, (f) => currencyOf(f.value)),
  );
  set(
    'stage',
    pick(fields, SYNONYMS.stage, (f) => {
      if (f.formatted !== undefined) return clip(f.formatted);
      if (typeof f.value === 'string') return clip(f.value);
      if (isObject(f.value)) return nameOf(f.value);
      // A stage known only by its number (Pipedrive's `stage_id`) still tells something.
      return typeof f.value === 'number' && f.forms.includes('stageid')
        ? String(f.value)
        : undefined;
    }),
  );
  set(
    'closeDate',
    pick(fields, SYNONYMS.closeDate, (f) => dayOf(f.value)),
  );
  set('owner', pick(fields, SYNONYMS.owner, textOf));
  set(
    'probability',
    pick(fields, SYNONYMS.probability, (f) => probabilityOf(f.value)),
  );
  set(
    'updatedAt',
    pick(fields, SYNONYMS.updatedAt, (f) => dateOf(f.value)),
  );
  return roles;
}

/** The first text value of any of `names` (compared as normalised keys), wrappers included. */
export function findText(
  record: unknown,
  names: readonly string[],
  resource = '',
): string | undefined {
  if (!isObject(record)) return undefined;
  const prefixes = resource === '' ? [] : (RESOURCE_ALIASES[resource] ?? [normaliseKey(resource)]);
  const wanted = names.map(normaliseKey);
  return pick(fieldsOf(record, prefixes), wanted, (f) =>
    typeof f.value === 'string' ? clip(f.value) : isObject(f.value) ? nameOf(f.value) : undefined,
  )?.value;
}

/**
 * Keys that describe the record rather than the deal: CRM metadata (`attributes` with a type and
 * url, HubSpot's `hs_…`, OData annotations and `@odata.etag`), kept under "More fields".
 */
export function isMetadataKey(key: string, value?: unknown): boolean {
  if (isOdataAnnotation(key)) return true;
  if (/^hs_/i.test(key)) return true;
  if (/^_.+_value$/.test(key)) return false;
  if (key.startsWith('_') || key.startsWith('$')) return true;
  const k = normaliseKey(key);
  if (k === 'attributes' && isObject(value)) {
    return Object.keys(value).every((inner) => ['type', 'url'].includes(normaliseKey(inner)));
  }
  return [
    'archived',
    'archivedat',
    'versionnumber',
    'etag',
    'isdeleted',
    'systemmodstamp',
  ].includes(k);
}
