// Right to left stays right: the stylesheets lay out by the writing's start and end (logical
// properties), never by left and right, so dir="rtl" mirrors every screen with no second
// stylesheet. A physical declaration is allowed only under a comment that says why, containing
// "physical:" (say, a shadow that must fall the same way in both directions).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const STYLES = join(__dirname, '../../../../src/styles');
const files = readdirSync(STYLES).filter((name) => name.endsWith('.css'));

interface Declaration {
  property: string;
  value: string;
  line: number;
  /** The comments between the previous declaration (or the rule's opening) and this one. */
  comments: string;
}

/** Every `property: value` inside a rule, with the comments just before it. */
function declarations(css: string): Declaration[] {
  const found: Declaration[] = [];
  const pattern = /([{;])((?:\s|\/\*[\s\S]*?\*\/)*)([a-z-]+)\s*:\s*([^;{}]+?)\s*(?=[;}])/g;
  for (const match of css.matchAll(pattern)) {
    const [, , before = '', property = '', value = ''] = match;
    const at = (match.index ?? 0) + 1 + before.length;
    found.push({
      property,
      value,
      line: css.slice(0, at).split('\n').length,
      comments: [...before.matchAll(/\/\*([\s\S]*?)\*\//g)].map((c) => c[1]).join(' '),
    });
  }
  return found;
}

/** A value's parts at the top level: `var(--a) calc(1px + 2px) 0` → three. */
function parts(value: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of value) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (/\s/.test(char) && depth === 0) {
      if (current !== '') out.push(current);
      current = '';
    } else current += char;
  }
  if (current !== '') out.push(current);
  return out;
}

// Shorthands whose four values go top, right, bottom, left.
const BOX_SHORTHANDS = new Set([
  'margin',
  'padding',
  'inset',
  'border-width',
  'border-style',
  'border-color',
  'scroll-margin',
  'scroll-padding',
]);

/** Why a declaration is physical (left or right), or undefined when it follows the writing. */
function physical({ property, value }: Declaration): string | undefined {
  if (/(^|-)(left|right)(-|$)/.test(property)) return `the property ${property}`;
  if (/^(float|clear|text-align|text-align-last|caption-side|resize)$/.test(property)) {
    if (/\b(left|right)\b/.test(value)) return `${property}: ${value}`;
  }
  if (BOX_SHORTHANDS.has(property)) {
    const [, right, , left] = parts(value);
    if (left !== undefined && left !== right) return `${property} with a different left and right`;
  }
  if (/^(background-position|transform-origin|object-position)$/.test(property)) {
    if (/\b(left|right)\b/.test(value)) return `${property}: ${value}`;
  }
  return undefined;
}

describe('the stylesheets follow the writing direction', () => {
  it('finds the declarations it checks', () => {
    const sample = declarations(
      '.a {\n  /* physical: why */\n  left: 0;\n  margin: 0 1px 0 2px;\n}',
    );
    expect(sample.map((d) => [d.property, physical(d), d.comments.trim()])).toEqual([
      ['left', 'the property left', 'physical: why'],
      ['margin', 'margin with a different left and right', ''],
    ]);
    expect(
      physical({ property: 'padding', value: 'var(--a) var(--b) 0', line: 1, comments: '' }),
    ).toBeUndefined();
    expect(
      physical({ property: 'text-align', value: 'end', line: 1, comments: '' }),
    ).toBeUndefined();
  });

  it.each(files)('%s uses no left or right without saying why', (file) => {
    const css = readFileSync(join(STYLES, file), 'utf8');
    const offending = declarations(css)
      .filter((d) => physical(d) !== undefined && !/physical:/i.test(d.comments))
      .map((d) => `${file}:${d.line} ${physical(d)}`);
    expect(offending).toEqual([]);
  });
});
