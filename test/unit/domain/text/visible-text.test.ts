// The one sanitiser for service text (domain/text/visible-text.ts), over generated strings that mix
// bidi controls, control characters and line breaks into any Unicode: nothing that can reorder or
// hide text survives, and every other character is kept, in order. The expected text comes from a
// model written from the code point ranges, not from the sanitiser's own patterns.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  visibleLine,
  visibleText,
  type VisibleTextOptions,
} from '../../../../electron/domain/text/visible-text';

/** Unicode's Bidi_Control characters: ALM, LRM, RLM, LRE..RLO, LRI..PDI. */
const BIDI = [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e];
for (let code = 0x2066; code <= 0x2069; code += 1) BIDI.push(code);
const isBidi = (code: number) => BIDI.includes(code);
const isControl = (code: number) => code <= 0x1f || (code >= 0x7f && code <= 0x9f);
const isBreak = (code: number) =>
  code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029;

/** What the sanitiser should make of `text`, one code point at a time. */
function model(text: string, lines: 'one' | 'many', replacement = ''): string {
  let out = '';
  const chars = [...text];
  for (let i = 0; i < chars.length; i += 1) {
    const char = chars[i] ?? '';
    const code = char.codePointAt(0) ?? 0;
    if (code === 0x0d && chars[i + 1] === '\n') continue; // CRLF is one break
    if (isBreak(code)) out += lines === 'one' ? ' ' : '\n';
    else if (code === 0x09) out += lines === 'one' ? ' ' : '\t';
    else if (isBidi(code) || isControl(code)) out += replacement;
    else out += char;
  }
  return out;
}

const hostile = fc.constantFrom(
  ...BIDI.map((code) => String.fromCodePoint(code)),
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009b',
  '\t',
  '\n',
  '\r',
  '\r\n',
  '\u2028',
  '\u2029',
  '\u200d', // a joiner, which emoji and Indic scripts need: kept
  '\ufe0f',
);
const anyChar = fc.string({ unit: 'binary', minLength: 1, maxLength: 1 });
const serviceText = fc.string({ unit: fc.oneof(hostile, anyChar), maxLength: 60 });

const left = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[0]);

describe('visibleText', () => {
  it('leaves one line with no bidi control, control character or line break', () => {
    fc.assert(
      fc.property(serviceText, (text) => {
        const line = visibleLine(text);
        expect(left(line, /[\p{Bidi_Control}\p{Cc}\u2028\u2029]/gu)).toEqual([]);
      }),
    );
  });

  it('keeps line breaks (as LF) and tabs in text of several lines, and nothing else of the kind', () => {
    fc.assert(
      fc.property(serviceText, (text) => {
        const block = visibleText(text, { lines: 'many' });
        expect(left(block, /(?![\t\n])[\p{Bidi_Control}\p{Cc}\u2028\u2029]/gu)).toEqual([]);
      }),
    );
  });

  it('keeps every other character, in order', () => {
    const options = fc.constantFrom<'one' | 'many'>('one', 'many');
    fc.assert(
      fc.property(serviceText, options, (text, lines) => {
        expect(visibleText(text, { lines })).toBe(model(text, lines));
      }),
      { numRuns: 500 },
    );
  });

  it('gives the same text when run again', () => {
    fc.assert(
      fc.property(serviceText, (text) => {
        for (const options of [{ lines: 'one' }, { lines: 'many' }] as VisibleTextOptions[]) {
          const once = visibleText(text, options);
          expect(visibleText(once, options)).toBe(once);
        }
      }),
    );
  });

  it('marks each removed character with the replacement when asked (the command line)', () => {
    fc.assert(
      fc.property(serviceText, (text) => {
        const marked = visibleText(text, { lines: 'one', replacement: '\uFFFD' });
        expect(marked).toBe(model(text, 'one', '\uFFFD'));
      }),
    );
  });

  it('shows a name built to pretend as what it is', () => {
    expect(visibleLine('Mallory \u202enimda')).toBe('Mallory nimda');
    expect(visibleLine('Acme \u2067renewal\u2069 2026')).toBe('Acme renewal 2026');
    expect(visibleLine('Deal\u001b]0;pwned\u0007')).toBe('Deal]0;pwned');
    expect(visibleLine('שלום Acme 👩‍💻')).toBe('שלום Acme 👩‍💻');
    expect(visibleText('one\r\ntwo\tthree', { lines: 'many' })).toBe('one\ntwo\tthree');
  });
});
