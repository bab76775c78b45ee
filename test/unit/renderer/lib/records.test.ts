import { describe, expect, it } from 'vitest';
import { moneyOf, personNameIn, pickString, toDisplayRows } from '../../../../src/lib/records';
import type { DisplayRow, JsonRecord } from '../../../../src/lib/records';
import { englishT, translatorFor } from '../../../support/translators';

const byKey = (rows: DisplayRow[], key: string) => rows.find((r) => r.key === key)?.value;

describe('toDisplayRows', () => {
  const deal: JsonRecord = {
    name: 'Acme expansion',
    amount: { amount: 120000, currency: 'EUR' },
    closeDate: '2025-06-30',
    probability: 0.4,
    won: false,
    website: 'https://acme.example.com',
    notes: null,
    contacts: [
      { name: 'Ada Lovelace', role: 'CTO', email: 'ada@acme.example' },
      { name: 'Bob', role: 'Buyer' },
    ],
    owner: { name: 'Sam', team: { name: 'EMEA' } },
    somethingNew: 'kept',
  };
  const rows = toDisplayRows(deal, { t: englishT, locale: 'en-US' });

  it('shows money with its currency and dates in the locale', () => {
    expect(byKey(rows, 'amount')).toEqual({ kind: 'money', text: '€120,000' });
    expect(byKey(rows, 'closeDate')).toMatchObject({ kind: 'date', text: 'Jun 30, 2025' });
  });

  it('lays out contacts as a table and nested objects as groups', () => {
    const contacts = byKey(rows, 'contacts');
    expect(contacts?.kind).toBe('table');
    if (contacts?.kind !== 'table') throw new Error('not a table');
    expect(contacts.columns.map((c) => c.label)).toEqual(['Name', 'Role', 'Email']);
    expect(contacts.rows[1]?.[2]).toEqual({ kind: 'empty', text: '—' });
    const owner = byKey(rows, 'owner');
    expect(owner?.kind).toBe('group');
  });

  it('shows service text and keys as sent, without bidi or control characters', () => {
    const hostile = toDisplayRows(
      {
        name: 'Renewal \u202e6202 lanif\u202c',
        'note\u202e': 'Line one\r\nline\u0007 two',
        contacts: [{ 'name\u2067': 'Ada\u2069' }],
      },
      { t: englishT, locale: 'en-US' },
    );
    expect(byKey(hostile, 'name')).toMatchObject({ kind: 'text', text: 'Renewal 6202 lanif' });
    expect(hostile.find((row) => row.label.startsWith('Note'))?.value).toMatchObject({
      text: 'Line one\nline two',
    });
    const table = byKey(hostile, 'contacts');
    if (table?.kind !== 'table') throw new Error('not a table');
    expect(table.columns[0]?.label).toBe('Name');
    expect(table.rows[0]?.[0]).toMatchObject({ text: 'Ada' });
  });

  it('reads a short field the service wrote in markdown as markdown, plain text as it is', () => {
    const r = toDisplayRows(
      {
        notes: 'HQ in **Berlin**',
        code: 'Use `net-60`',
        where: 'See [the plan](https://example.com/plan)',
        plain: 'Berlin',
        star: 'A*B and 2 * 3',
      },
      { t: englishT, locale: 'en-US' },
    );
    for (const key of ['notes', 'code', 'where']) {
      expect(byKey(r, key), key).toMatchObject({ kind: 'text', long: false, markdown: true });
    }
    for (const key of ['plain', 'star']) {
      expect(byKey(r, key), key).toMatchObject({ kind: 'text', markdown: false });
    }
  });

  it('keeps unknown fields, simple ones first', () => {
    expect(byKey(rows, 'somethingNew')).toMatchObject({ kind: 'text', text: 'kept' });
    const kinds = rows.map((r) => r.value.kind);
    const firstNested = kinds.findIndex((k) => k === 'table' || k === 'group' || k === 'list');
    expect(
      kinds.slice(firstNested).every((k) => k === 'table' || k === 'group' || k === 'list'),
    ).toBe(true);
    expect(byKey(rows, 'won')).toMatchObject({ kind: 'boolean', text: 'No' });
    expect(byKey(rows, 'notes')).toMatchObject({ kind: 'empty' });
    expect(byKey(rows, 'website')).toMatchObject({
      kind: 'url',
      href: 'https://acme.example.com/',
    });
  });

  it('formats sibling money fields with the record currency', () => {
    const r = toDisplayRows(
      { value: 5000, currency: 'USD', seats: 12, extra: 'x', more: 1 },
      { t: englishT, locale: 'en-US' },
    );
    expect(byKey(r, 'value')).toEqual({ kind: 'money', text: '$5,000' });
    expect(byKey(r, 'seats')).toEqual({ kind: 'number', text: '12' });
  });

  it('never follows a non-web URL and links deal ids', () => {
    const r = toDisplayRows({ link: 'javascript:alert(1)', dealId: 'd-1' }, { t: englishT });
    expect(byKey(r, 'link')).toMatchObject({ kind: 'text' });
    expect(byKey(r, 'dealId')).toMatchObject({ kind: 'deal', dealId: 'd-1' });
  });

  it('omits keys and flattens very deep nesting to text', () => {
    const r = toDisplayRows(
      { a: { b: { c: { d: 1 } } }, title: 'x' },
      { t: englishT, omit: ['title'], maxDepth: 1 },
    );
    expect(r.map((x) => x.key)).toEqual(['a']);
    const a = byKey(r, 'a');
    if (a?.kind !== 'group') throw new Error('not a group');
    expect(a.rows[0]?.value).toMatchObject({ kind: 'text', text: '{"c":{"d":1}}' });
  });

  it('says its own words and the shared fields’ names in the language in use, the data as sent', () => {
    const { t, locale } = translatorFor('de', 'de-DE');
    const r = toDisplayRows(
      {
        closeDate: '2025-06-30',
        won: true,
        tags: [],
        probability: 40,
        CLOSE_CODE: 'x',
        owner: 'Sam',
      },
      { t, locale },
    );
    const label = (key: string) => r.find((row) => row.key === key)?.label;
    expect(label('closeDate')).toBe('Abschlussdatum');
    expect(label('owner')).toBe('Inhaber');
    // A code in capitals stays as the CRM writes it; an unknown field reads as its key says.
    expect(label('CLOSE_CODE')).toBe('CLOSE CODE');
    expect(byKey(r, 'won')).toMatchObject({ kind: 'boolean', text: 'Ja' });
    expect(byKey(r, 'tags')).toEqual({ kind: 'empty', text: 'Keine' });
    expect(byKey(r, 'probability')).toEqual({ kind: 'number', text: '40\u00a0%' });
    expect(byKey(r, 'owner')).toMatchObject({ text: 'Sam' });
    expect(byKey(r, 'closeDate')).toMatchObject({ kind: 'date', iso: '2025-06-30' });
  });
});

describe('a record in a salesperson’s words', () => {
  const record: JsonRecord = {
    id: '4623f483-0000-4000-8000-000000000001',
    name: 'Müller GmbH renewal',
    ownerId: 'usr_demo_alex',
    dealId: '4623f483-0000-4000-8000-000000000001',
    activities: [
      { id: 'act_4623f483_1', type: 'email', by: 'Alex Morgan' },
      { id: 'act_4623f483_2', type: 'meeting', by: 'Alex Morgan' },
    ],
    products: [{ sku: 'PLT-100', name: 'Platform', unit_price: 1200 }],
  };

  it('leaves identifiers out, in fields and in table columns, but keeps the way to the deal', () => {
    const rows = toDisplayRows(record, { t: englishT });
    expect(rows.map((r) => r.key)).toEqual(['name', 'dealId', 'activities', 'products']);
    const activities = byKey(rows, 'activities');
    if (activities?.kind !== 'table') throw new Error('not a table');
    expect(activities.columns.map((c) => c.label)).toEqual(['Type', 'By']);
    expect(JSON.stringify(activities.rows)).not.toContain('act_');
  });

  it('shows every identifier when asked (the record shown for IT)', () => {
    const rows = toDisplayRows(record, { t: englishT, showIds: true });
    expect(rows.map((r) => r.key)).toContain('ownerId');
  });

  it('spells acronyms in capitals: "sku" is "SKU"', () => {
    const products = byKey(toDisplayRows(record, { t: englishT }), 'products');
    if (products?.kind !== 'table') throw new Error('not a table');
    expect(products.columns.map((c) => c.label)).toEqual(['SKU', 'Name', 'Unit price']);
  });

  it('finds a person’s name where records mention them by id', () => {
    const deals: JsonRecord[] = [
      { name: 'A', owner: { id: 'usr_priya', name: 'Priya Raman' } },
      { name: 'B', owner: { id: 'usr_demo_alex', name: 'Alex Morgan' } },
    ];
    expect(personNameIn(deals, 'usr_demo_alex')).toBe('Alex Morgan');
    expect(personNameIn(deals, 'usr_nobody')).toBeUndefined();
  });
});

describe('moneyOf and pickString', () => {
  it('reads an amount object', () => {
    expect(moneyOf({ value: '12.5', currencyCode: 'GBP' })).toEqual({
      amount: 12.5,
      currency: 'GBP',
    });
    expect(moneyOf({ amount: 1, currency: 'eur' })).toBeUndefined();
  });
  it('picks the first present key case-insensitively', () => {
    expect(pickString({ Stage: 'Won', status: 'x' }, ['stage', 'status'])).toBe('Won');
  });
});
