// The contract's JSON check accepts and refuses what z.json() did (it replaced it for speed), and
// hands back the value itself rather than a copy.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JsonObject, JsonValue } from '../../../electron/contract';

const zodJson = z.json();
const zodObject = z.record(z.string(), zodJson);

describe('JsonValue', () => {
  it('accepts and refuses what z.json() does, and gives back what it gives', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withBoxedValues: true,
          withDate: true,
          withMap: true,
          withSet: true,
          withNullPrototype: true,
          withObjectString: true,
          withSparseArray: true,
          withTypedArray: true,
        }),
        (value) => {
          for (const [ours, theirs] of [
            [JsonValue, zodJson],
            [JsonObject, zodObject],
          ] as const) {
            const mine = ours.safeParse(value);
            const zods = theirs.safeParse(value);
            expect(mine.success).toBe(zods.success);
            // The same fields; zod's copy of a null-prototype object has Object's, ours is it.
            if (mine.success && zods.success) expect(mine.data).toEqual(zods.data);
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('passes a parsed answer through as it is', () => {
    const answer = JSON.parse('{"deals":[{"dealId":"d1","amount":1.5}],"note":null}') as unknown;
    expect(JsonObject.parse(answer)).toBe(answer);
  });

  it('leaves out a __proto__ key JSON.parse made, as z.json() did', () => {
    const answer = JSON.parse('{"a":[{"__proto__":{"polluted":true},"b":1}]}') as unknown;
    const parsed = JsonValue.parse(answer);
    expect(parsed).toStrictEqual({ a: [{ b: 1 }] });
    expect(Object.keys((parsed as { a: object[] }).a[0] ?? {})).toEqual(['b']);
  });

  it('names where a value stops being JSON', () => {
    const result = JsonObject.safeParse({ deal: { amounts: [1, Number.NaN] } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['deal', 'amounts', 1]);
  });

  it('refuses a symbol key, a function and a class instance', () => {
    expect(JsonValue.safeParse({ [Symbol('k')]: 1 }).success).toBe(false);
    expect(JsonValue.safeParse({ f: () => 1 }).success).toBe(false);
    expect(JsonValue.safeParse([new (class Point {})()]).success).toBe(false);
    expect(JsonObject.safeParse([1]).success).toBe(false);
  });
});
