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

describe('search in the interface’s locale', () => {
  const find = (titles: string[], query: string, locale: string) =>
    search(buildIndex(titles, [{ get: (title: string) => title, weight: 1 }], locale), query);

  it('treats letters as their readers do: accents, ligatures, ß and the Turkish i', () => {
    expect(find(['Ångström Labs', 'Angle'], 'angstrom', 'sv')).toEqual(['Ångström Labs']);
    expect(find(['Straße der Einheit'], 'STRASSE', 'de')).toEqual(['Straße der Einheit']);
    expect(find(['STRASSE 5'], 'straße', 'de')).toEqual(['STRASSE 5']);
    expect(find(['Øresund Ærø'], 'oresund aero', 'da')).toEqual(['Øresund Ærø']);
    // Turkish capitals lower-case to the dotted and dotless i; a person types either as "i".
    for (const locale of ['tr', 'en']) {
      expect(find(['İSTANBUL Kargo', 'IĞDIR Tekstil'], 'istanbul', locale)).toEqual([
        'İSTANBUL Kargo',
      ]);
      expect(find(['İSTANBUL Kargo', 'IĞDIR Tekstil'], 'igdir', locale)).toEqual(['IĞDIR Tekstil']);
      expect(find(['ıspanak'], 'ISPANAK', locale)).toEqual(['ıspanak']);
    }
  });

  it('matches Japanese across katakana and hiragana, full and half width, keeping voicing', () => {
    const titles = ['カワサキ重工 更新', 'がっこう案件', 'ＡＢＣ商事'];
    expect(find(titles, 'かわさき', 'ja')).toEqual(['カワサキ重工 更新']);
    expect(find(titles, 'ｶﾜｻｷ', 'ja')).toEqual(['カワサキ重工 更新']);
    expect(find(titles, 'ガッコウ', 'ja')).toEqual(['がっこう案件']);
    expect(find(titles, 'abc', 'ja')).toEqual(['ＡＢＣ商事']);
    // か and が are different letters: a short word must match exactly.
    expect(find(titles, 'かっこ', 'ja')).toEqual([]);
    expect(find(titles, 'がっこ', 'ja')).toEqual(['がっこう案件']);
  });

  it('breaks ties by the locale’s collation', () => {
    // Equal scores (a match inside each): Swedish sorts Ö after Z, German beside O.
    const titles = ['Östra deal', 'Zeta deal', 'Orm deal'];
    expect(find(titles, 'deal', 'sv')).toEqual(['Orm deal', 'Zeta deal', 'Östra deal']);
    expect(find(titles, 'deal', 'de')).toEqual(['Orm deal', 'Östra deal', 'Zeta deal']);
  });

  it('highlights what matched on the original text', () => {
    expect(highlightParts('Straße 5', 'strasse', 'de')).toEqual([
      { text: 'Straße', match: true },
      { text: ' 5', match: false },
    ]);
    expect(highlightParts('ｶﾜｻｷ重工', 'かわ', 'ja')).toEqual([
      { text: 'ｶﾜ', match: true },
      { text: 'ｻｷ重工', match: false },
    ]);
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
