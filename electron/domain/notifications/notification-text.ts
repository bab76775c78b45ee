// A notice's words in the language of whoever reads it: core keeps a notice as message ids with
// their values (electron/contract NotificationText), and each place that shows one (the OS, a toast,
// the inbox, the catch-up summary) formats it here at that moment, with its own translator. So a
// notice raised before any page connected, or before a language switch, reads in the language in
// use when it is read, numbers and clock times by that locale. Values that are the service's
// words (deal, agent and meeting names, questions) are shown as given, with no bidi control.
import type {
  NotificationLine,
  NotificationMessage,
  NotificationText,
  NotificationValue,
} from '../../contract';
import type { MessageId } from '../i18n/messages';
import type { Translator } from '../i18n/translator';
import { clockTime } from '../text/clock-time';
import { visibleLine } from '../text/visible-text';
import { clip, MAX_BODY_CHARS, MAX_TITLE_CHARS } from './clip';

/** Between the lines of a notice's body. */
export const NOTICE_LINE_SEPARATOR = ' · ';

/** What is shown of a notice: its messages, and the words kept with them as the fallback. */
export interface NoticeWords {
  title: string;
  body: string;
  message?: NotificationText;
}

/** Whether the reader's catalogue has this message (an older or newer core may send others). */
function knows(translator: Translator, id: string): id is MessageId {
  return Object.hasOwn(translator.intl.messages, id);
}

function formatValue(
  translator: Translator,
  value: NotificationValue,
): string | number | undefined {
  if (typeof value === 'string') return visibleLine(value);
  // ICU formats a number argument by the locale (digits and grouping), so it stays a number.
  if (typeof value === 'number') return value;
  if ('time' in value) {
    const at = Date.parse(value.time);
    if (Number.isNaN(at)) return undefined;
    // A zone this reader's Intl does not know gives undefined: the words kept with the notice.
    return clockTime(at, translator.locale, value.timeZone);
  }
  return formatNotificationMessage(translator, value);
}

/** The message in the reader's language; undefined when their catalogue lacks one of its ids. */
export function formatNotificationMessage(
  translator: Translator,
  message: NotificationMessage,
): string | undefined {
  if (!knows(translator, message.id)) return undefined;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(message.values ?? {})) {
    const formatted = formatValue(translator, value);
    if (formatted === undefined) return undefined;
    values[name] = formatted;
  }
  return translator.t(message.id, values);
}

export function formatNotificationLine(
  translator: Translator,
  line: NotificationLine,
): string | undefined {
  return 'text' in line ? visibleLine(line.text) : formatNotificationMessage(translator, line);
}

/** The longest of a message's own string values: the one a title too long gives room from. */
function longestText(message: NotificationMessage): [string, string] | undefined {
  let longest: [string, string] | undefined;
  for (const [name, value] of Object.entries(message.values ?? {})) {
    if (typeof value === 'string' && value.length > (longest?.[1].length ?? 0)) {
      longest = [name, value];
    }
  }
  return longest;
}

/** Below this a shortened value says too little to be worth it: the whole title is cut instead. */
const SHORTEST_VALUE = 12;

/**
 * A title within MAX_TITLE_CHARS, shortened inside its longest value (a question, a name) so the
 * sentence's own words stay whole: „Wie gehe ich mit dem Einwand…“ beantwortet, never
 * „…“ beantwor…; the whole is cut only when that value cannot give enough room.
 */
function fittedTitle(translator: Translator, line: NotificationLine): string | undefined {
  const whole = formatNotificationLine(translator, line);
  if (whole === undefined || whole.length <= MAX_TITLE_CHARS || 'text' in line) return whole;
  const longest = longestText(line);
  if (longest === undefined) return whole;
  const [name, value] = longest;
  const room = value.length - (whole.length - MAX_TITLE_CHARS);
  if (room < SHORTEST_VALUE) return whole;
  const values = { ...line.values, [name]: clip(value, room) };
  return formatNotificationMessage(translator, { ...line, values }) ?? whole;
}

/** The title in the reader's language, or the words kept with it when it cannot be. */
export function noticeTitle(translator: Translator, notice: NoticeWords): string {
  if (notice.message === undefined) return notice.title;
  const title = fittedTitle(translator, notice.message.title);
  return title === undefined ? notice.title : clip(title, MAX_TITLE_CHARS);
}

/** The body's lines in the reader's language, joined, or the words kept with it. */
export function noticeBody(translator: Translator, notice: NoticeWords): string {
  if (notice.message === undefined) return notice.body;
  const lines: string[] = [];
  for (const line of notice.message.body) {
    const text = formatNotificationLine(translator, line);
    if (text === undefined) return notice.body;
    lines.push(text);
  }
  return clip(lines.join(NOTICE_LINE_SEPARATOR), MAX_BODY_CHARS);
}

/** Title and body, as a toast, the inbox or the OS shows them. */
export function formatNotice(
  translator: Translator,
  notice: NoticeWords,
): { title: string; body: string } {
  return { title: noticeTitle(translator, notice), body: noticeBody(translator, notice) };
}
