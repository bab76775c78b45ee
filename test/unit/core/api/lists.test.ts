import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIST_KEYS, normaliseList, normaliseRecord } from '../../../../electron/core/api/lists';
import { RunRecordData } from '../../../../electron/core/api/schemas';

const record = fc.dictionary(
  fc
    .string({ minLength: 1, maxLength: 10 })
    .filter((k) => !['__proto__', 'constructor'].includes(k)),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 6 },
);
const records = fc.array(record, { maxLength: 8 });
const options = { resource: 'deal', plural: 'deals' } as const;

// Container fields that are neither the list nor a key we search for a list.
const containerExtras = fc.dictionary(
  fc
    .string({ minLength: 1, maxLength: 10 })
    .filter((k) => !['__proto__', 'constructor', 'deals', ...LIST_KEYS].includes(k)),
  fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null)),
  { maxKeys: 5 },
);

describe('normaliseList', () => {
  it('accepts a bare array as data and keeps every item whole', () => {
    fc.assert(
      fc.property(records, (items) => {
        const list = normaliseList(items, options);
        expect(list.items.map((i) => i.data)).toEqual(items);
        expect(list.listPath).toBe('data');
      }),
    );
  });

  it('finds the array under any documented list key, keeping the other fields in meta', () => {
    fc.assert(
      fc.property(
        records,
        fc.constantFrom('deals', ...LIST_KEYS),
        containerExtras,
        (items, key, extras) => {
          const list = normaliseList({ ...extras, [key]: items }, options);
          expect(list.items.map((i) => i.data)).toEqual(items);
          expect(list.listPath).toBe(`data.${key}`);
          expect(list.meta).toEqual(extras);
        },
      ),
    );
  });

  it('finds the array one level further down, e.g. data.data.deals', () => {
    fc.assert(
      fc.property(
        records,
        fc.constantFrom('deals', ...LIST_KEYS),
        fc.constantFrom('data', 'deals', 'results'),
        (items, inner, outer) => {
          const list = normaliseList({ [outer]: { [inner]: items, total: 99 } }, options);
          expect(list.items.map((i) => i.data)).toEqual(items);
          expect(list.paging.total).toBe(99);
        },
      ),
    );
  });

  it('takes the only array field when its key is unknown', () => {
    const list = normaliseList({ opportunities: [{ id: 'a' }], total: 1 }, options);
    expect(list.items[0]?.display.id).toBe('a');
    expect(list.listPath).toBe('data.opportunities');
  });

  it('reads paging fields, also inside a pagination object, and derives what is missing', () => {
    const list = normaliseList(
      {
        items: [{ id: 1 }, { id: 2 }],
        pagination: { total: 5, limit: 2, offset: 2 },
        cursor: 'c1',
      },
      options,
    );
    expect(list.paging).toEqual({
      total: 5,
      limit: 2,
      offset: 2,
      hasMore: true,
      nextOffset: 4,
      cursor: 'c1',
    });
    expect(list.meta.pagination).toEqual({ total: 5, limit: 2, offset: 2 });

    const last = normaliseList(
      { results: [{ id: 1 }], total: 5 },
      { ...options, requested: { offset: 4 } },
    );
    expect(last.paging).toEqual({ total: 5, hasMore: false });

    const given = normaliseList({ deals: [], has_more: true, next_offset: 10 }, options);
    expect(given.paging).toEqual({ hasMore: true, nextOffset: 10 });
  });

  it('keeps a non-object item as { value } with the value as id and title', () => {
    const list = normaliseList(['sales.briefer', 7], { resource: 'agent', plural: 'agents' });
    expect(list.items).toEqual([
      {
        data: { value: 'sales.briefer' },
        display: { id: 'sales.briefer', title: 'sales.briefer', subtitle: undefined },
      },
      { data: { value: 7 }, display: { id: '7', title: '7', subtitle: undefined } },
    ]);
  });

  it('refuses data that holds no list, naming data', () => {
    for (const value of [null, 'x', 3, {}, { total: 1 }, { a: [1], b: [2] }]) {
      expect(() => normaliseList(value, options)).toThrowError(
        expect.objectContaining({ kind: 'schema', field: 'data' }) as Error,
      );
    }
  });

  it('type-checks the documented run fields of run items, pointing at the item', () => {
    const ok = normaliseList(
      { runs: [{ runId: 'r1', status: 'running', extra: 1 }] },
      {
        resource: 'run',
        plural: 'runs',
        itemSchema: RunRecordData,
      },
    );
    expect(ok.items[0]?.data).toEqual({ runId: 'r1', status: 'running', extra: 1 });
    expect(() =>
      normaliseList(
        { runs: [{ runId: 'r1' }, { runId: 2 }] },
        { resource: 'run', plural: 'runs', itemSchema: RunRecordData },
      ),
    ).toThrowError(
      expect.objectContaining({ kind: 'schema', field: 'data.runs[1].runId' }) as Error,
    );
  });
});

describe('normaliseRecord', () => {
  it('keeps the record whole with display hints', () => {
    fc.assert(
      fc.property(record, (value) => {
        expect(normaliseRecord(value, { resource: 'briefing' }).data).toEqual(value);
      }),
    );
  });

  it('refuses a record that is not an object', () => {
    expect(() => normaliseRecord([1], { resource: 'deal' })).toThrowError(
      expect.objectContaining({ kind: 'schema', field: 'data' }) as Error,
    );
  });
});
