// The pseudo-language changes only the literal text of each message: placeholders, plurals and
// selects still format as in English, and every message is bracketed and about 40 % longer.
import { describe, expect, it } from 'vitest';
import { parse } from '@formatjs/icu-messageformat-parser';
import { CATALOGUES } from '../../../../electron/domain/i18n/catalogues';
import { nodeTranslator } from '../../../../electron/domain/i18n/node-translator';
import { pseudoCatalogue, pseudoMessage } from '../../../../electron/domain/i18n/pseudo';

describe('pseudoMessage', () => {
  it('accents letters, brackets the message and makes it longer', () => {
    const pseudo = pseudoMessage('Open the briefing');
    expect(pseudo.startsWith('⟦Öþéñ ţĥé ƀŕíéƒíñĝ')).toBe(true);
    expect(pseudo.endsWith('⟧')).toBe(true);
    expect(pseudo.length).toBeGreaterThanOrEqual(Math.ceil('Open the briefing'.length * 1.4));
  });

  it('keeps placeholders and plural syntax intact', () => {
    const pseudo = pseudoMessage('{count, plural, one {# live run} other {# live runs}}');
    expect(() => parse(pseudo)).not.toThrow();
    expect(pseudo).toContain('{count,plural,one{# ļíṽé ŕüñ}');
    expect(pseudoMessage('Prepare with {agent}')).toContain('{agent}');
  });
});

describe('the pseudo translator', () => {
  it('formats every English message, with values in place', () => {
    const catalogue = pseudoCatalogue(CATALOGUES.en);
    expect(Object.keys(catalogue)).toEqual(Object.keys(CATALOGUES.en));
    const { t } = nodeTranslator('en-XA');
    expect(t('desktop.tray.liveRuns', { count: 3 })).toMatch(/^⟦3 ļíṽé ŕüñš·*⟧$/);
    expect(t('desktop.tray.prepareWith', { agent: 'Deal coach' })).toContain('Deal coach');
  });
});
