import { describe, expect, it } from 'vitest';
import { buildIndex, fold, highlightParts, search } from '../../../src/lib/search';

interface D {
  name: string;
  account: string;
  stage: string;
}
const deals: D[] = [
  { name: 'Renewal 2025', account: 'Société Générale', stage: 'Negotiation' },
  { name: 'Acme expansion', account: 'Acme Corp', stage: 'Discovery' },
  { name: 'Platform upsell', account: 'Globex', stage: 'Proposal' },
  { name: 'Acme', account: 'Acme Corp', stage: 'Closed won' },
  { name: 'New logo', account: 'Initech (Acme partner)', stage: 'Discovery' },
  { name: 'Pilot', account: 'Zürich Versicherung', stage: 'Qualification' },
];
const index = buildIndex(deals, [
  { get: (d) => d.name, weight: 3 },
  { get: (d) => d.account, weight: 2 },
  { get: (d) => d.stage, weight: 1 },
]);
const names = (q: string) => search(index, q).map((d) => d.name);

describe('search', () => {
  it('folds accents and case', () => {
    expect(fold('  Société   GÉNÉRALE ')).toBe('societe generale');
    expect(names('societe')).toEqual(['Renewal 2025']);
    expect(names('ZURICH')).toEqual(['Pilot']);
  });

  it('ranks an exact name above a prefix, a prefix above a word start, and name above account', () => {
    expect(names('acme')).toEqual(['Acme', 'Acme expansion', 'New logo']);
  });

  it('requires every word to match somewhere', () => {
    expect(names('acme discovery')).toEqual(['Acme expansion', 'New logo']);
    expect(names('acme proposal')).toEqual([]);
  });

  it('matches the stage', () => {
    expect(names('negot')).toEqual(['Renewal 2025']);
  });

  it('returns everything in order for an empty query', () => {
    expect(names('  ')).toEqual(deals.map((d) => d.name));
  });
});

describe('highlightParts', () => {
  it('marks matches on the original text, accents included', () => {
    expect(highlightParts('Société Générale', 'gene')).toEqual([
      { text: 'Société ', match: false },
      { text: 'Géné', match: true },
      { text: 'rale', match: false },
    ]);
  });
});
