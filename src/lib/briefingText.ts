// A briefing's text made to act like the app around it: the deals it names become links, and the
// clock times it writes in UTC ("10:30 UTC") read in the user's own time zone.
import { formatTime } from './format';

export interface NamedDeal {
  dealId: string;
  name: string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Names this short ("Ace") would turn ordinary words into links.
const MIN_NAME_LENGTH = 4;

export type DealLinker = (text: string) => { text: string; linked: Set<string> };

/**
 * Links each deal the text names in bold (`**Name**`) or as a whole table cell (`| Name |`), the
 * two ways a briefing singles a deal out. The patterns are built once, for every text of a
 * briefing; each call returns its text and the deals it now links.
 */
export function dealLinker(deals: readonly NamedDeal[]): DealLinker {
  // Longest first, so "Acme – Renewal 2027" wins over "Acme – Renewal".
  const byLength = [...deals].sort((a, b) => b.name.length - a.name.length);
  const patterns = byLength.flatMap((deal) => {
    const name = deal.name.trim();
    if (name.length < MIN_NAME_LENGTH) return [];
    // Markdown link text cannot hold an unescaped bracket.
    const label = name.replace(/([[\]])/g, '\\$1');
    const href = `#/deals/${encodeURIComponent(deal.dealId)}`;
    const quoted = escapeRegExp(name);
    return [
      {
        dealId: deal.dealId,
        label,
        href,
        bold: new RegExp(`(?<!\\[)\\*\\*${quoted}\\*\\*`, 'g'),
        cell: new RegExp(`(^|\\|)([ \\t]*)${quoted}([ \\t]*)(?=\\|)`, 'gm'),
      },
    ];
  });
  return (text) => {
    const linked = new Set<string>();
    let out = text;
    for (const { dealId, label, href, bold, cell } of patterns) {
      const next = out
        .replace(bold, `[**${label}**](${href})`)
        .replace(cell, (_m, bar: string, before: string, after: string) => {
          return `${bar}${before}[${label}](${href})${after}`;
        });
      if (next !== out) linked.add(dealId);
      out = next;
    }
    return { text: out, linked };
  };
}

export function linkDealNames(
  text: string,
  deals: readonly NamedDeal[],
): { text: string; linked: Set<string> } {
  return dealLinker(deals)(text);
}

/**
 * Rewrites "10:30 UTC" as the user's local time on `day` (YYYY-MM-DD, the briefing's date), so
 * the text agrees with the times shown beside it. Text without such times comes back unchanged.
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
      return Number.isNaN(instant) ? match : formatTime(instant, locale, timeZone);
    },
  );
}
