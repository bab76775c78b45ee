import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildIndex,
  fold,
  highlightParts,
  search,
  withinOneEdit,
} from '../../../../src/lib/search';

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

  it('finds a word with one typo, below every exact match', () => {
    expect(names('platfrom')).toEqual(['Platform upsell']); // swapped letters
    expect(names('globx')).toEqual(['Platform upsell']); // a letter dropped
    expect(names('versicherrung')).toEqual(['Pilot']); // a letter added
    expect(names('expansoin')).toEqual(['Acme expansion']);
    // Typing under way, with a typo in what is typed so far.
    expect(names('negp')).toEqual(['Renewal 2025']);
    expect(names('negpt')).toEqual(['Renewal 2025']);
    // An exact hit outranks a one-typo hit of a heavier field.
    const both = buildIndex(
      [
        { name: 'Pilot', account: 'Acme', stage: 'Closed won' },
        { name: 'Acne study', account: 'Initech', stage: 'Discovery' },
      ],
      [
        { get: (d) => d.name, weight: 3 },
        { get: (d) => d.account, weight: 2 },
      ],
    );
    expect(search(both, 'acme').map((d) => d.name)).toEqual(['Pilot', 'Acne study']);
  });

  it('leaves short words exact: one edit matches too much of a short word', () => {
    expect(names('acm')).toEqual(['Acme', 'Acme expansion', 'New logo']);
    expect(names('acn')).toEqual([]);
    expect(names('pilt')).toEqual(['Pilot']);
    expect(names('plt')).toEqual([]);
  });
});

describe('withinOneEdit', () => {
  it('accepts one change, addition, removal or swap of neighbours, and nothing more', () => {
    expect(withinOneEdit('maple', 'maple')).toBe(true);
    expect(withinOneEdit('mapel', 'maple')).toBe(true);
    expect(withinOneEdit('mapl', 'maple')).toBe(true);
    expect(withinOneEdit('mapple', 'maple')).toBe(true);
    expect(withinOneEdit('mable', 'maple')).toBe(true);
    expect(withinOneEdit('mpael', 'maple')).toBe(false);
    expect(withinOneEdit('map', 'maple')).toBe(false);
    expect(withinOneEdit('harbor', 'maple')).toBe(false);
  });

  it('holds for any single edit of any word, both ways (property)', () => {
    const letters = fc.string({
      unit: fc.constantFrom(...'abcdefgh'),
      minLength: 1,
      maxLength: 12,
    });
    fc.assert(
      fc.property(
        letters,
        fc.nat(),
        fc.constantFrom(...'abcdefgh'),
        fc.nat(3),
        (word, at, letter, kind) => {
          const i = at % word.length;
          const edited = [
            word.slice(0, i) + letter + word.slice(i + 1),
            word.slice(0, i) + letter + word.slice(i),
            word.slice(0, i) + word.slice(i + 1),
            word.slice(0, i) + (word[i + 1] ?? '') + word[i] + word.slice(i + 2),
          ][kind] as string;
          expect(withinOneEdit(word, edited)).toBe(true);
          expect(withinOneEdit(edited, word)).toBe(true);
        },
      ),
    );
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
