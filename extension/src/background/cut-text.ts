// A page's title (or any text a page controls) made to fit a message's bound: cut at a code point,
// never inside a surrogate pair, and marked with an ellipsis, so a long title is still sent and
// read rather than failing the schema that bounds it (a hostile page can make its title as long
// as it likes).
const ELLIPSIS = '…';

/** `text` as it is when it fits `maxUnits` UTF-16 units, else its start and `…` within them. */
export function cutText(text: string, maxUnits: number): string {
  if (text.length <= maxUnits) return text;
  let kept = '';
  for (const codePoint of text) {
    if (kept.length + codePoint.length > maxUnits - ELLIPSIS.length) break;
    kept += codePoint;
  }
  return kept + ELLIPSIS;
}
