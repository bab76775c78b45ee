// Any JSON value, as the contract checks it: what z.json() accepts, by a walk of our own. z.json()
// is a lazy union tried member by member at every node, with zod's cycle bookkeeping on each
// object, and it copies the whole value; a big book's morning briefing (215 KB, 639 deals) took
// the page 10–50 ms to check before its first paint, most of the 5,000-deal book's extra time to
// the briefing (bench/scale/book-size.ts). This walk passes the value through uncopied and costs
// a fraction of a millisecond. Like z.json(): strings, finite numbers, booleans, null, arrays and
// plain objects with string keys; an own `__proto__` key (JSON.parse makes one) is left out of
// what the caller gets. A value nested deeper than the stack holds throws, as z.json() did; the
// hosts answer that as an internal error (core/host/dispatcher.ts).
import { z } from './zod';

export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
export type JsonObject = { [key: string]: JsonValue };

/** What a walk saw besides JSON: an own `__proto__` key, to be left out. */
interface Walk {
  protoKey: boolean;
}

/** zod's own test (util.isPlainObject): objects from another realm and null-prototype ones pass. */
function isPlainObject(value: object): boolean {
  // What JSON.parse and a structured clone make, answered at once: its constructor is Object's.
  if (Object.getPrototypeOf(value) === Object.prototype && !Object.hasOwn(value, 'constructor')) {
    return true;
  }
  const ctor = (value as { constructor?: unknown }).constructor;
  if (ctor === undefined || typeof ctor !== 'function') return true;
  const prototype = (ctor as { prototype?: unknown }).prototype;
  return (
    typeof prototype === 'object' &&
    prototype !== null &&
    Object.prototype.hasOwnProperty.call(prototype, 'isPrototypeOf')
  );
}

/** The path to the first part of `value` that is not JSON (`[]`: the value itself), if any. */
function notJsonAt(value: unknown, walk: Walk): (string | number)[] | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : [];
    case 'object': {
      if (value === null) return undefined;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i += 1) {
          const at = notJsonAt(value[i], walk);
          if (at) return [i, ...at];
        }
        return undefined;
      }
      if (!isPlainObject(value)) return [];
      // zod refuses an enumerable symbol key: no JSON text has one.
      for (const symbol of Object.getOwnPropertySymbols(value)) {
        if (Object.prototype.propertyIsEnumerable.call(value, symbol)) return [];
      }
      for (const key of Object.keys(value)) {
        if (key === '__proto__') {
          walk.protoKey = true;
          continue;
        }
        const at = notJsonAt((value as Record<string, unknown>)[key], walk);
        if (at) return [key, ...at];
      }
      return undefined;
    }
    default:
      return [];
  }
}

/** A copy of a checked value without its `__proto__` keys (rare: only when one was seen). */
function withoutProtoKeys(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(withoutProtoKeys);
  if (value === null || typeof value !== 'object') return value;
  const copy: JsonObject = {};
  for (const key of Object.keys(value)) {
    if (key !== '__proto__') copy[key] = withoutProtoKeys(value[key] as JsonValue);
  }
  return copy;
}

function jsonSchema<T extends JsonValue>(isRightKind: (value: unknown) => boolean, what: string) {
  return z.custom<T>().transform((value, ctx): T => {
    const walk: Walk = { protoKey: false };
    const at = isRightKind(value) ? notJsonAt(value, walk) : [];
    if (at) {
      ctx.issues.push({ code: 'custom', message: `Expected ${what}`, input: value, path: at });
      return z.NEVER;
    }
    return walk.protoKey ? (withoutProtoKeys(value) as T) : value;
  });
}

/** Any JSON value: what records whose fields the API leaves "not shown" cross the contract as. */
export const JsonValue = jsonSchema<JsonValue>(() => true, 'a JSON value');

/** A JSON object (a record's fields). */
export const JsonObject = jsonSchema<JsonObject>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'a JSON object',
);
