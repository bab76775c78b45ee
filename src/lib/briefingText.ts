// A briefing's text made to act like the app around it: the deals it names become links, and the
// clock times it writes in UTC ("10:30 UTC") read in the user's own time zone.
import { formatTime, isolate } from './format';

export interface NamedDeal {
  dealId: string;
  name: string;
}

// Names this short ("Ace") would turn ordinary words into links.
const MIN_NAME_LENGTH = 4;

export type DealLinker = (text: string) => { text: string; linked: Set<string> };

interface Target {
  dealId: string;
  /** The name as markdown link text (brackets escaped). */
  label: string;
  href: string;
}

// A bold run of text, unless it is already a link's text ("[**…**](…)").
const BOLD = /(?<!\[)\*\*([^*\n]+?)\*\*/g;

/**
 * Links each deal the text names in bold (`**Name**`) or as a whole table cell (`| Name |`), the
 * two ways a briefing singles a deal out. Each bold run and cell is looked up by its exact text,
 * so the time is the text's length whatever the number of deals (a big book's briefing names
 * hundreds). Built once for every text of a briefing; each call returns its text and the deals
 * it now links.
 */
export function dealLinker(deals: readonly NamedDeal[]): DealLinker {
  const byName = new Map<string, Target>();
  for (const deal of deals) {
    const name = deal.name.trim();
    if (name.length < MIN_NAME_LENGTH || byName.has(name)) continue;
    byName.set(name, {
      dealId: deal.dealId,
      // Markdown link text cannot hold an unescaped bracket.
      label: name.replace(/([[\]])/g, '\\$1'),
      href: `#/deals/${encodeURIComponent(deal.dealId)}`,
    });
  }
  return (text) => {
    const linked = new Set<string>();
    if (byName.size === 0) return { text, linked };
    const bolded = text.replace(BOLD, (match, inner: string) => {
      const target = byName.get(inner);
      if (target === undefined) return match;
      linked.add(target.dealId);
      return `[**${target.label}**](${target.href})`;
    });
    const out = bolded.includes('|') ? linkCells(bolded, byName, linked) : bolded;
    return { text: out, linked };
  };
}

/**
 * A table cell: the text before a bar, from the line's start or the bar before it (the piece
 * after a row's last bar is not a cell). One pass of one expression over the whole text: a big book's
 * "closing soon" table has hundreds of rows, and going through them line by line, split and
 * joined again, was most of the time to lay its briefing out on a page just loaded.
 */
const CELL = /(?<=^|[|\n])[^|\n]*(?=\|)/g;

/** Each table cell that is exactly a deal's name, linked. */
function linkCells(text: string, byName: ReadonlyMap<string, Target>, linked: Set<string>) {
  return text.replace(CELL, (cell) => {
    const target = byName.get(cell.trim());
    if (target === undefined) return cell;
    const before = /^[ \t]*/.exec(cell)?.[0] ?? '';
    const after = /[ \t]*$/.exec(cell)?.[0] ?? '';
    linked.add(target.dealId);
    return `${before}[${target.label}](${target.href})${after}`;
  });
}

export function linkDealNames(
  text: string,
  deals: readonly NamedDeal[],
): { text: string; linked: Set<string> } {
  return dealLinker(deals)(text);
}

/**
 * Rewrites "10:30 UTC" as the user's local time on `day` (YYYY-MM-DD, the briefing's date), so
 * the text agrees with the times shown beside it, in the interface's locale. Each time is
 * isolated: the briefing's words may be written the other way ("9:30 ص" in English text).
 * Text without such times comes back unchanged.
 */
export function localiseUtcTimes(
  text: string,
  day: string,
  locale?: string,
  timeZone?: string,
): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return text;
  return text.replace(
    /\b([01]?\d|2[0-3]):([0-5]\d)\s?(?:UTC|GMT|Z)\b/g,
    (match, hours: string, minutes: string) => {
      const instant = Date.parse(`${day}T${hours.padStart(2, '0')}:${minutes}:00Z`);
      return Number.isNaN(instant) ? match : isolate(formatTime(instant, locale, timeZone));
    },
  );
}
