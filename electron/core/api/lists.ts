// Lists whose shape the spec does not show (agents, deals, runs). `data` may be the array itself
// or an object holding it; we look for the array under these keys, in order, up to two levels
// deep (so `{ data: { deals: [...] } }` works):
//
//   the resource's plural name (`agents`, `deals`, `runs`), then LIST_KEYS
//   (`items`, `data`, `results`, `records`, `entries`, `list`, `rows`, `values`, `nodes`);
//   failing those, the one array-valued field of the object (an array of objects preferred).
//
// Every other field of the containers is kept raw in `meta`, and paging fields are read into
// `paging` by PAGING_FIELDS (also inside a `paging`/`pagination`/`page`/`meta`/`pageInfo` object).
// Items are kept whole; a non-object item (say an agent given as a bare string) is kept as
// `{ value: item }` so every record is an object.

import type { z } from 'zod';
import { AssistantError } from '../errors';
import { coreWords } from '../i18n/words';
import { displayHints, type DisplayHints, type ResourceName } from './display';
import { formatPath, schemaError } from './response-errors';
import { AnyObject } from './schemas';

export const LIST_KEYS = [
  'items',
  'data',
  'results',
  'records',
  'entries',
  'list',
  'rows',
  'values',
  'nodes',
] as const;

export const PAGING_CONTAINER_KEYS = ['paging', 'pagination', 'page', 'meta', 'pageInfo'] as const;

export const PAGING_FIELDS = {
  total: ['total', 'totalCount', 'total_count', 'totalItems', 'total_items'],
  limit: ['limit', 'pageSize', 'page_size', 'perPage', 'per_page'],
  offset: ['offset', 'skip'],
  nextOffset: ['nextOffset', 'next_offset'],
  hasMore: ['hasMore', 'has_more', 'hasNext', 'has_next', 'hasNextPage', 'more'],
  cursor: ['cursor'],
  nextCursor: ['nextCursor', 'next_cursor', 'endCursor', 'next'],
} as const;

export interface Paging {
  total?: number;
  limit?: number;
  offset?: number;
  nextOffset?: number;
  hasMore?: boolean;
  cursor?: string;
  nextCursor?: string;
}

export interface ResourceRecord<T extends AnyObject = AnyObject> {
  /** The record exactly as the service sent it. */
  data: T;
  display: DisplayHints;
}

export interface ResourceList<T extends AnyObject = AnyObject> {
  items: ResourceRecord<T>[];
  paging: Paging;
  /** Everything else the list's container objects held, kept raw. */
  meta: AnyObject;
  /** Where the array was found, e.g. `data` or `data.deals`. */
  listPath: string;
}

export interface ListOptions<T extends AnyObject> {
  /** Singular resource name for display hints (`deal`). */
  resource: ResourceName;
  /** Plural key tried first (`deals`). */
  plural: string;
  /** Per-item check; items that are objects must pass it (documented fields strict). */
  itemSchema?: z.ZodType<T>;
  /** Path of `data` in the answer, for error messages (default `data`). */
  pathPrefix?: string;
  /** Paging the caller asked for, to derive `hasMore`/`nextOffset` when the service omits them. */
  requested?: { limit?: number; offset?: number };
  requestId?: string;
}

interface Found {
  items: unknown[];
  path: string[];
  containers: Array<{ object: AnyObject; listKey: string }>;
}

function isObject(value: unknown): value is AnyObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function findList(value: unknown, plural: string, depth: number): Found | undefined {
  if (Array.isArray(value)) return { items: value, path: [], containers: [] };
  if (!isObject(value)) return undefined;
  const keys = [plural, ...LIST_KEYS];
  for (const key of keys) {
    const candidate = value[key];
    if (Array.isArray(candidate)) {
      return { items: candidate, path: [key], containers: [{ object: value, listKey: key }] };
    }
  }
  if (depth < 2) {
    for (const key of keys) {
      const candidate = value[key];
      if (!isObject(candidate)) continue;
      const inner = findList(candidate, plural, depth + 1);
      if (inner && inner.path.length > 0) {
        return {
          items: inner.items,
          path: [key, ...inner.path],
          containers: [{ object: value, listKey: key }, ...inner.containers],
        };
      }
    }
  }
  const arrays = Object.entries(value).filter(([, v]) => Array.isArray(v)) as Array<
    [string, unknown[]]
  >;
  const ofObjects = arrays.filter(([, v]) => v.every(isObject));
  const pick = arrays.length === 1 ? arrays[0] : ofObjects.length === 1 ? ofObjects[0] : undefined;
  if (pick) {
    return { items: pick[1], path: [pick[0]], containers: [{ object: value, listKey: pick[0] }] };
  }
  return undefined;
}

function readPaging(source: AnyObject, into: Paging): void {
  const number = (v: unknown): number | undefined =>
    typeof v === 'number' && Number.isFinite(v) ? v : undefined;
  const text = (v: unknown): string | undefined =>
    typeof v === 'string' && v !== '' ? v : undefined;
  const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
  const first = <V>(
    keys: readonly string[],
    read: (v: unknown) => V | undefined,
  ): V | undefined => {
    for (const key of keys) {
      const v = read(source[key]);
      if (v !== undefined) return v;
    }
    return undefined;
  };
  into.total = first(PAGING_FIELDS.total, number) ?? into.total;
  into.limit = first(PAGING_FIELDS.limit, number) ?? into.limit;
  into.offset = first(PAGING_FIELDS.offset, number) ?? into.offset;
  into.nextOffset = first(PAGING_FIELDS.nextOffset, number) ?? into.nextOffset;
  into.hasMore = first(PAGING_FIELDS.hasMore, bool) ?? into.hasMore;
  into.cursor = first(PAGING_FIELDS.cursor, text) ?? into.cursor;
  into.nextCursor = first(PAGING_FIELDS.nextCursor, text) ?? into.nextCursor;
}

function compact(paging: Paging): Paging {
  return Object.fromEntries(Object.entries(paging).filter(([, v]) => v !== undefined)) as Paging;
}

/** Reads any supported list shape; throws a `schema` AssistantError when there is no list. */
export function normaliseList<T extends AnyObject = AnyObject>(
  data: unknown,
  options: ListOptions<T>,
): ResourceList<T> {
  const prefix = options.pathPrefix ?? 'data';
  const found = findList(data, options.plural, 0);
  if (!found) {
    throw new AssistantError({
      kind: 'schema',
      message: coreWords().t('errors.response.unexpected', {
        details: `${prefix}: expected a list (an array, or an object holding one)`,
      }),
      field: prefix,
      requestId: options.requestId,
      retryable: false,
    });
  }
  const listPath = formatPath(found.path, prefix);
  const schema = (options.itemSchema ?? AnyObject) as z.ZodType<T>;
  const items = found.items.map((item, index): ResourceRecord<T> => {
    const object: AnyObject = isObject(item) ? item : { value: item };
    const parsed = schema.safeParse(object);
    if (!parsed.success) {
      throw schemaError(parsed.error, object, {
        pathPrefix: `${listPath}[${index}]`,
        requestId: options.requestId,
      });
    }
    const display = isObject(item)
      ? displayHints(parsed.data, options.resource)
      : { id: String(item), title: String(item), subtitle: undefined };
    return { data: parsed.data, display };
  });

  const paging: Paging = {};
  const meta: AnyObject = {};
  for (const { object, listKey } of found.containers) {
    readPaging(object, paging);
    for (const [key, value] of Object.entries(object)) {
      if (key === listKey) continue;
      meta[key] = value;
      if ((PAGING_CONTAINER_KEYS as readonly string[]).includes(key) && isObject(value)) {
        readPaging(value, paging);
      }
    }
  }
  const offset = paging.offset ?? options.requested?.offset;
  if (paging.hasMore === undefined && paging.total !== undefined && offset !== undefined) {
    paging.hasMore = offset + items.length < paging.total;
  }
  if (paging.nextOffset === undefined && paging.hasMore === true && offset !== undefined) {
    paging.nextOffset = offset + items.length;
  }
  return { items, paging: compact(paging), meta, listPath };
}

/** A single record whose fields are not shown: must be an object; kept whole, with hints. */
export function normaliseRecord<T extends AnyObject = AnyObject>(
  data: unknown,
  options: {
    resource: ResourceName;
    schema?: z.ZodType<T>;
    pathPrefix?: string;
    requestId?: string;
  },
): ResourceRecord<T> {
  const schema = (options.schema ?? AnyObject) as z.ZodType<T>;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw schemaError(parsed.error, data, {
      pathPrefix: options.pathPrefix ?? 'data',
      requestId: options.requestId,
    });
  }
  return { data: parsed.data, display: displayHints(parsed.data, options.resource) };
}
