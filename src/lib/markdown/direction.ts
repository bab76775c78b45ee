// The direction a piece of service text is written in, from its first letter, as dir="auto"
// decides it: for a list, whose items each carry dir="auto" and so are skipped by the list's own
// dir="auto" (HTML's rule), while the list's side (its bullets' and numbers' room) must match them.

// The scripts written right to left that a service's text may hold.
const RIGHT_TO_LEFT =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Adlam}]/u;
const LETTER = /\p{L}/u;

/** `rtl` or `ltr` by the first letter; undefined when there is none (the page's direction then). */
export function firstLetterDirection(text: string): 'ltr' | 'rtl' | undefined {
  const first = LETTER.exec(text)?.[0];
  if (first === undefined) return undefined;
  return RIGHT_TO_LEFT.test(first) ? 'rtl' : 'ltr';
}
