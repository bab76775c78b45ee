import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inferRoles, isMetadataKey } from '../../../../electron/domain/records/roles';
import { CRM_FIXTURES } from '../../../support/crm-records';

describe('inferRoles on the CRMs’ own record shapes', () => {
  for (const { crm, record, expected } of CRM_FIXTURES) {
    it(`reads a ${crm} deal`, () => {
      const roles = inferRoles(record, 'deal');
      expect({
        id: roles.id,
        title: roles.title,
        account: roles.account,
        amount: roles.amount,
        currency: roles.currency,
        stage: roles.stage,
        closeDate: roles.closeDate,
        ...(expected.owner === undefined ? {} : { owner: roles.owner }),
      }).toEqual(expected);
    });
  }
});

// Generated records: each role under a key in some case convention, maybe with the resource's
// prefix, maybe inside a wrapper, among unrelated fields.
type Convention = (words: string[]) => string;
const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
const CONVENTIONS: Record<string, Convention> = {
  camel: (w) => w.map((x, i) => (i === 0 ? x : cap(x))).join(''),
  snake: (w) => w.join('_'),
  pascal: (w) => w.map(cap).join(''),
  lower: (w) => w.join(''),
  pascalSnake: (w) => w.map(cap).join('_'),
  kebab: (w) => w.join('-'),
  upperSnake: (w) => w.map((x) => x.toUpperCase()).join('_'),
};
const WRAPPERS = [null, 'properties', 'fields', 'attributes', 'data', 'record'] as const;

const word = fc.stringMatching(/^[A-Z][a-z]{2,9}$/);
const deal = fc.record({
  uuid: fc.uuid(),
  crmId: fc.oneof(fc.integer({ min: 1, max: 1e9 }), fc.stringMatching(/^[0-9A-Za-z]{15,18}$/)),
  title: fc.tuple(word, word).map(([a, b]) => `${a} ${b} rollout`),
  account: fc.tuple(word, word).map(([a, b]) => `${a} ${b} Ltd`),
  amount: fc.integer({ min: 1, max: 5_000_000 }),
  amountAsString: fc.boolean(),
  currency: fc.constantFrom('EUR', 'USD', 'GBP', 'JPY', 'CHF', 'SEK'),
  stage: fc.constantFrom('prospecting', 'closed_won', 'Negotiation/Review', 'Proposal'),
  closeDate: fc
    .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  accountNested: fc.boolean(),
  prefixed: fc.boolean(),
  convention: fc.constantFrom(...Object.keys(CONVENTIONS)),
  wrapper: fc.constantFrom(...WRAPPERS),
  noise: fc.dictionary(
    fc.stringMatching(/^x[a-z]{3,8}$/),
    fc.oneof(fc.string(), fc.integer(), fc.boolean()),
  ),
});

describe('inferRoles on generated records', () => {
  it('finds every role in any case convention, prefix and wrapper', () => {
    fc.assert(
      fc.property(deal, (d) => {
        const key = (words: string[]) =>
          (CONVENTIONS[d.convention] as Convention)(d.prefixed ? ['deal', ...words] : words);
        const fields: Record<string, unknown> = {
          ...d.noise,
          [key(['name'])]: d.title,
          [key(['amount'])]: d.amountAsString ? `${d.amount}.00` : d.amount,
          [key(['currency', 'code'])]: d.currency,
          [key(['stage'])]: d.stage,
          [key(['close', 'date'])]: d.closeDate,
          ...(d.accountNested
            ? { [key(['account'])]: { id: d.crmId, name: d.account } }
            : { [key(['account', 'name'])]: d.account }),
        };
        const record =
          d.wrapper === null
            ? { id: d.crmId, uuid: d.uuid, ...fields }
            : { id: d.crmId, uuid: d.uuid, [d.wrapper]: fields };
        const roles = inferRoles(record, 'deal');
        expect(roles.id).toBe(d.uuid);
        expect(roles.title).toBe(d.title);
        expect(roles.account).toBe(d.account);
        expect(roles.amount).toBe(d.amount);
        expect(roles.currency).toBe(d.currency);
        expect(roles.stage).toBe(d.stage);
        expect(roles.closeDate).toBe(d.closeDate);
      }),
      { numRuns: 300 },
    );
  });

  it('prefers the UUID among identifiers wherever it sits in the record', () => {
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.integer({ min: 1, max: 1e9 }),
        fc.constantFrom('uuid', 'dealUuid', 'serviceId', 'service_id', 'dealId', 'guid'),
        fc.boolean(),
        (uuid, crmId, uuidKey, uuidFirst) => {
          const record = uuidFirst
            ? { [uuidKey]: uuid, id: crmId, name: 'A deal' }
            : { id: crmId, name: 'A deal', [uuidKey]: uuid };
          expect(inferRoles(record, 'deal').id).toBe(uuid);
        },
      ),
    );
  });

  it('never takes a related record’s bare id for a name', () => {
    const roles = inferRoles(
      { id: 'x', Name: 'Deal', AccountId: '001xx000003DGb2', OwnerId: '005xx' },
      'deal',
    );
    expect(roles.account).toBeUndefined();
    expect(roles.owner).toBeUndefined();
  });
});

describe('briefings, agents and runs', () => {
  it('finds a briefing title nested in meeting, event or summary', () => {
    expect(
      inferRoles({ id: 'b1', meeting: { title: 'Call with Contoso' } }, 'briefing').title,
    ).toBe('Call with Contoso');
    expect(inferRoles({ event: { Subject: 'QBR with Fabrikam' } }, 'briefing').title).toBe(
      'QBR with Fabrikam',
    );
    expect(inferRoles({ summary: { headline: 'Your day' } }, 'briefing').title).toBe('Your day');
    // The briefing's own title wins over the nested one.
    expect(inferRoles({ title: 'Morning', meeting: { title: 'x' } }, 'briefing').title).toBe(
      'Morning',
    );
  });

  it('reads agents and runs with their own prefixes', () => {
    expect(
      inferRoles({ agent_key: 'sales.coach', agentName: 'Deal coach' }, 'agent'),
    ).toMatchObject({ title: 'Deal coach' });
    expect(
      inferRoles({ run_id: '6c1d0e4a-6f2b-4c8e-9a7d-3b5e1f2a9c80', Status: 'done' }, 'run').id,
    ).toBe('6c1d0e4a-6f2b-4c8e-9a7d-3b5e1f2a9c80');
  });
});

describe('isMetadataKey', () => {
  it('folds CRM metadata and keeps the deal’s own fields', () => {
    expect(isMetadataKey('attributes', { type: 'Opportunity', url: '/x' })).toBe(true);
    expect(isMetadataKey('attributes', { name: 'A deal' })).toBe(false);
    expect(isMetadataKey('hs_object_id')).toBe(true);
    expect(isMetadataKey('@odata.etag')).toBe(true);
    expect(isMetadataKey('name@OData.Community.Display.V1.FormattedValue')).toBe(true);
    expect(isMetadataKey('archived')).toBe(true);
    expect(isMetadataKey('_parentaccountid_value')).toBe(false);
    expect(isMetadataKey('expected_close_date')).toBe(false);
  });
});

describe('text roles as shown', () => {
  it('carry no bidi or control character, whatever the service sent', () => {
    const roles = inferRoles(
      {
        name: 'Mallory \u202enimda',
        account: { name: 'Acme\u0000 \u2066Corp\u2069' },
        stage: '\u202eWon',
        owner: 'Ann\u001b[2J',
      },
      'deal',
    );
    expect(roles).toMatchObject({
      title: 'Mallory nimda',
      account: 'Acme Corp',
      stage: 'Won',
      owner: 'Ann[2J',
    });
    expect(inferRoles({ name: '\u202e\u202c' }, 'deal').title).toBeUndefined();
  });
});

describe('a close date', () => {
  it('is a calendar day, also where the CRM keeps it as midnight UTC', () => {
    const closeDate = (value: string) => inferRoles({ closedate: value }, 'deal').closeDate;
    expect(closeDate('2026-12-16T00:00:00.000Z')).toBe('2026-12-16');
    expect(closeDate('2026-12-16T00:00:00Z')).toBe('2026-12-16');
    expect(closeDate('2026-12-16 00:00+00:00')).toBe('2026-12-16');
    expect(closeDate('2026-12-16')).toBe('2026-12-16');
    // Another time of day, or midnight somewhere else, is an instant the service meant.
    expect(closeDate('2026-12-16T09:30:00Z')).toBe('2026-12-16T09:30:00Z');
    expect(closeDate('2026-12-16T00:00:00+01:00')).toBe('2026-12-16T00:00:00+01:00');
  });
});
