// A long list or table in markdown cut to its first rows, so a screen that shows a briefing of a
// big book (635 deals closing soon) paints a few rows and offers the rest, instead of all of them.

export interface CappedMarkdown {
  /** The text with each long table or list cut to `max` rows or items. */
  text: string;
  /** Rows and items in the blocks that were cut, all of them ("Show all 635"). */
  total: number;
}

const TABLE_SEPARATOR = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;
const LIST_ITEM = /^([-*+]|\d{1,9}[.)])\s/;

/** Undefined when nothing is longer than `max`: the text is shown as it is. */
export function capMarkdown(text: string, max: number): CappedMarkdown | undefined {
  const lines = text.split('\n');
  const kept: string[] = [];
  let total = 0;
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (line.includes('|') && TABLE_SEPARATOR.test(lines[i + 1] ?? '')) {
      // Header and separator, then the rows up to the first line that is not one.
      let end = i + 2;
      while (end < lines.length && (lines[end] ?? '').includes('|')) end += 1;
      const rows = lines.slice(i + 2, end);
      kept.push(line, lines[i + 1] ?? '', ...rows.slice(0, max));
      if (rows.length > max) total += rows.length;
      i = end;
    } else if (LIST_ITEM.test(line)) {
      // Items at the list's own level, each with its indented or continued lines.
      let end = i;
      const items: string[][] = [];
      while (end < lines.length) {
        const next = lines[end] ?? '';
        if (LIST_ITEM.test(next)) items.push([next]);
        else if (next.trim() !== '' && /^\s/.test(next)) items.at(-1)?.push(next);
        else break;
        end += 1;
      }
      kept.push(...items.slice(0, max).flat());
      if (items.length > max) total += items.length;
      i = end;
    } else {
      kept.push(line);
      i += 1;
    }
  }
  return total === 0 ? undefined : { text: kept.join('\n'), total };
}
