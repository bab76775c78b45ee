import { describe, expect, it } from 'vitest';
import { firstLetterDirection } from '../../../../../src/lib/markdown/direction';

describe('firstLetterDirection', () => {
  it('reads a list’s direction from its first letter, past markers, digits and punctuation', () => {
    expect(firstLetterDirection('- Proposes the next action\n- قرار')).toBe('ltr');
    expect(firstLetterDirection('1. «عرض» first\n2. Then')).toBe('rtl');
    expect(firstLetterDirection('* 42 — שלום')).toBe('rtl');
  });

  it('leaves a text without letters to the page', () => {
    expect(firstLetterDirection('- 42\n- 7.5 %')).toBeUndefined();
  });
});
