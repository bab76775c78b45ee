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

// A bold run of text, unless it is already a link's text ("[**…**](…)").
const BOLD = /(?<!\[)\*\*([^*\n]+?)\*\*/g;

/** A deal's name as markdown link text (which cannot hold an unescaped bracket) and its address. */
function linkParts(name: string, dealId: string): { label: string; href: string } {
  return { label: name.replace(/([[\]])/g, '\\$1'), href: `#/deals/${encodeURIComponent(dealId)}` };
}

/**
 * Links each deal the text names in bold (`**Name**`) or as a whole table cell (`| Name |`), the
 * two ways a briefing singles a deal out. Each bold run and cell is looked up by its exact text,
 * so the time is the text's length whatever the number of deals (a big book's briefing names
 * hundreds), and a link is built only for a name found. Built once for every text of a briefing
 * from its deal names (id → name); each call returns its text and the deals it now links.
 */
export function dealLinker(names: Iterable<readonly [dealId: string, name: string]>): DealLinker {
  const byName = new Map<string, string>();
  for (const [dealId, raw] of names) {
    const name = raw.trim();
    if (name.length >= MIN_NAME_LENGTH && !byName.has(name)) byName.set(name, dealId);
  }
  return (text) => {
    const linked = new Set<string>();
    if (byName.size === 0) return { text, linked };
    const bolded = text.replace(BOLD, (match, inner: string) => {
      const dealId = byName.get(inner);
      if (dealId === undefined) return match;
      linked.add(dealId);
      const { label, href } = linkParts(inner, dealId);
      return `[**${label}**](${href})`;
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
function linkCells(text: string, byName: ReadonlyMap<string, string>, linked: Set<string>) {
  return text.replace(CELL, (cell) => {
    const name = cell.trim();
    const dealId = byName.get(name);
    if (dealId === undefined) return cell;
    const before = /^[ \t]*/.exec(cell)?.[0] ?? '';
    const after = /[ \t]*$/.exec(cell)?.[0] ?? '';
    linked.add(dealId);
    const { label, href } = linkParts(name, dealId);
    return `${before}[${label}](${href})${after}`;
  });
}

export function linkDealNames(
  text: string,
  deals: readonly NamedDeal[],
): { text: string; linked: Set<string> } {
  return dealLinker(deals.map((deal) => [deal.dealId, deal.name] as const))(text);
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
