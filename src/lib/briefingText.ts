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

/**
 * Links each deal the text names in bold (`**Name**`) or as a whole table cell (`| Name |`), the
 * two ways a briefing singles a deal out. Returns the text and the deals it now links.
 */
export function linkDealNames(
  text: string,
  deals: readonly NamedDeal[],
): { text: string; linked: Set<string> } {
  const linked = new Set<string>();
  let out = text;
  // Longest first, so "Acme – Renewal 2027" wins over "Acme – Renewal".
  const byLength = [...deals].sort((a, b) => b.name.length - a.name.length);
  for (const deal of byLength) {
    const name = deal.name.trim();
    if (name.length < MIN_NAME_LENGTH) continue;
    // Markdown link text cannot hold an unescaped bracket.
    const label = name.replace(/([[\]])/g, '\\$1');
    const href = `#/deals/${encodeURIComponent(deal.dealId)}`;
    const quoted = escapeRegExp(name);
    const bold = new RegExp(`(?<!\\[)\\*\\*${quoted}\\*\\*`, 'g');
    const cell = new RegExp(`(^|\\|)([ \\t]*)${quoted}([ \\t]*)(?=\\|)`, 'gm');
    const next = out
      .replace(bold, `[**${label}**](${href})`)
      .replace(cell, (_m, bar: string, before: string, after: string) => {
        return `${bar}${before}[${label}](${href})${after}`;
      });
    if (next !== out) linked.add(deal.dealId);
    out = next;
  }
  return { text: out, linked };
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
