// The pseudo-language en-XA, made from English when it is loaded: every letter accented, each
// message about 40 % longer and bracketed ⟦…⟧, so a word that was never translated (plain
// English) and a box too tight for German (a lost bracket) both show at a glance. Only the literal
// text of each ICU message changes: placeholders, plurals and selects keep their syntax.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';
import type { Catalogue, MessageId } from './messages';

const ACCENTED: Readonly<Record<string, string>> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ü',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ü',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** How much longer pseudo text is than English: German and French run about this much longer. */
export const PSEUDO_GROWTH = 0.4;

function accent(text: string): string {
  return text.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter] ?? letter);
}

/** What makes a message of `length` literal characters 40 % longer (the brackets count too). */
function padding(length: number): string {
  return '·'.repeat(Math.max(0, Math.ceil(length * PSEUDO_GROWTH) - 2));
}

function letterCount(elements: readonly MessageFormatElement[]): number {
  let count = 0;
  for (const element of elements) {
    if (element.type === TYPE.literal) count += element.value.length;
    else if (element.type === TYPE.plural || element.type === TYPE.select) {
      const first = Object.values(element.options)[0];
      if (first !== undefined) count += letterCount(first.value);
    } else if (element.type === TYPE.tag) count += letterCount(element.children);
  }
  return count;
}

function transform(elements: readonly MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    switch (element.type) {
      case TYPE.literal:
        return { ...element, value: accent(element.value) };
      case TYPE.plural:
      case TYPE.select:
        return {
          ...element,
          options: Object.fromEntries(
            Object.entries(element.options).map(([key, option]) => [
              key,
              { ...option, value: transform(option.value) },
            ]),
          ),
        };
      case TYPE.tag:
        return { ...element, children: transform(element.children) };
      default:
        return element;
    }
  });
}

/** One English message as pseudo text: `Deals` → `⟦Ðéáļš⟧`, `{count} left` → `⟦{count} ļéƒţ·⟧`. */
export function pseudoMessage(english: string): string {
  const ast = parse(english);
  const body = printAST(transform(ast));
  return `⟦${body}${padding(letterCount(ast))}⟧`;
}

/** The whole pseudo catalogue, made from English's. */
export function pseudoCatalogue(english: Catalogue): Catalogue {
  return Object.fromEntries(
    Object.entries(english).map(([id, message]) => [id, pseudoMessage(message)]),
  ) as Record<MessageId, string>;
}
