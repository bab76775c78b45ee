// Formatting for people: money with its currency, dates and times in the user's locale, counts,
// durations and field names. Every function takes the locale (the translator's, so formats agree
// with the words; tests pin it) and produces no English of its own: Intl writes every word.

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME =
  /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const CURRENCY = /^[A-Z]{3}$/;

// Building an Intl formatter looks up the locale's patterns and costs far more than formatting
// with it; a screen formats many values per render. Each one is built once per locale and options.
const formatters = new Map<string, unknown>();

function cached<F>(kind: string, locale: string | undefined, options: object, make: () => F): F {
  const key = `${kind}|${locale ?? ''}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as F | undefined;
  if (formatter === undefined) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

function dateTimeFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return cached('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

function numberFormat(
  locale: string | undefined,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  return cached('number', locale, options, () => new Intl.NumberFormat(locale, options));
}

// First Strong Isolate … Pop Directional Isolate: the plain-text twin of <bdi>.
const FSI = '\u2068';
const PDI = '\u2069';
const RLM = '\u200f';

/**
 * A formatted value (date, number, money) isolated for a sentence of either direction: inside
 * Arabic words an English-ordered date, or inside English words an Arabic one ("29‏/11‏/2026"),
 * keeps its own order instead of mixing with the words around it ("Closes 292026/11/"). For
 * strings that cannot hold a <bdi>: message placeholders, titles, aria labels, plain text.
 */
export function isolate(text: string): string {
  return `${FSI}${text}${PDI}`;
}

export function isCurrencyCode(value: unknown): value is string {
  return typeof value === 'string' && CURRENCY.test(value);
}

/**
 * `1250000, 'EUR'` → `€1,250,000` (en-US); falls back to `1,250,000 XYZ` for an unknown code.
 * The currency sits where the locale puts it. A locale that writes amounts for a right-to-left
 * line (its format carries a right-to-left mark: Arabic, Hebrew) gets its currency isolated: a
 * Latin symbol such as "US$" or "JP¥" otherwise splits, its sign running to the far side of its
 * letters ("$US 920,000").
 */
export function formatMoney(amount: number, currency: string, locale?: string): string {
  let format: Intl.NumberFormat;
  try {
    const whole = Number.isInteger(amount);
    format = numberFormat(locale, {
      style: 'currency',
      currency,
      ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
    });
  } catch {
    return `${formatNumber(amount, locale)} ${currency}`;
  }
  // Formatted once, as parts: joined as they are, or with the currency isolated.
  const parts = format.formatToParts(amount);
  const rightToLeft = parts.some((p) => p.type === 'literal' && p.value.includes(RLM));
  return parts
    .map((p) => (rightToLeft && p.type === 'currency' ? isolate(p.value) : p.value))
    .join('');
}

export function formatNumber(value: number, locale?: string): string {
  return numberFormat(locale).format(value);
}

/** Compact counts for meters: 12,345 → "12.3K". */
export function formatCompact(value: number, locale?: string): string {
  if (Math.abs(value) < 10_000) return formatNumber(value, locale);
  return numberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/**
 * A ratio as a percentage in the locale's own style ("96%", "96 %", "٩٦٪"): the only way a
 * percent is written, so one screen never shows two styles. `fractionDigits` for values that
 * carry them (a discount of 12.5 %).
 */
export function formatPercent(ratio: number, locale?: string, fractionDigits = 0): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: fractionDigits }).format(
    ratio,
  );
}

export type DateKind = 'date' | 'datetime';

/** Whether a string is an ISO 8601 date or date-time, and which. */
export function isoDateKind(value: string): DateKind | null {
  if (ISO_DATE.test(value)) return Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? null : 'date';
  if (ISO_DATE_TIME.test(value)) return Number.isNaN(Date.parse(value)) ? null : 'datetime';
  return null;
}

/**
 * A date-only value (`2025-03-14`) is a calendar day, not an instant: it is shown as that day in
 * every time zone. A date-time is shown in the user's zone (or `timeZone` for tests).
 */
export function formatDate(value: string, locale?: string, timeZone?: string): string {
  const kind = isoDateKind(value);
  if (kind === null) return value;
  if (kind === 'date') {
    return dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${value}T00:00:00Z`),
    );
  }
  return dateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(value));
}

/** A calendar day short, "Dec 5", with its year only when it is not `now`'s: for tight rows. */
export function formatShortDay(value: string, now: number, locale?: string): string {
  const kind = isoDateKind(value);
  if (kind === null) return value;
  const at = new Date(kind === 'date' ? `${value}T00:00:00Z` : value);
  const sameYear = at.getUTCFullYear() === new Date(now).getUTCFullYear();
  return dateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    ...(kind === 'date' ? { timeZone: 'UTC' } : {}),
  }).format(at);
}

export function formatTime(value: string | number, locale?: string, timeZone?: string): string {
  return dateTimeFormat(locale, {
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(value));
}

function relativeTimeFormat(
  locale: string | undefined,
  options: Intl.RelativeTimeFormatOptions,
): Intl.RelativeTimeFormat {
  return cached('relative', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
}

/** "now", "5 minutes ago", "in 2 hours", then the date past a week. */
/** Within this many seconds a time reads as "now": the exact seconds are noise. */
export const JUST_NOW_SECONDS = 45;

/** Whether `value` is within JUST_NOW_SECONDS of `now` (either way). */
export function isJustNow(value: string | number, now: number): boolean {
  const at = typeof value === 'number' ? value : Date.parse(value);
  return !Number.isNaN(at) && Math.abs(Math.round((at - now) / 1000)) < JUST_NOW_SECONDS;
}

export function formatRelative(
  value: string | number,
  now: number,
  locale?: string,
  timeZone?: string,
): string {
  const at = typeof value === 'number' ? value : Date.parse(value);
  if (Number.isNaN(at)) return String(value);
  const seconds = Math.round((at - now) / 1000);
  const abs = Math.abs(seconds);
  const rtf = relativeTimeFormat(locale, { numeric: 'auto' });
  const say = (amount: number, unit: Intl.RelativeTimeFormatUnit) =>
    closeUpCounts(rtf.format(amount, unit), locale);
  // Within a minute the exact seconds are noise: "now", "jetzt", "الآن".
  if (abs < JUST_NOW_SECONDS) return say(0, 'second');
  if (abs < 3600) return say(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return say(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86_400) return say(Math.round(seconds / 86_400), 'day');
  return formatDate(new Date(at).toISOString(), locale, timeZone);
}

/**
 * Japanese and Chinese set a number against the word that counts it ("5日前", "3分"), as their
 * translators write the app's own messages; CLDR's relative and unit formats put a space there
 * ("5 日前", "2 時間 5 分"), which also lets a line break between the number and its counter.
 */
export function closeUpCounts(text: string, locale?: string): string {
  if (!/^(ja|zh)(-|$)/i.test(locale ?? '')) return text;
  return text
    .replace(/(\d)[ \u00a0\u202f]+(?=[\u3040-\u30ff\u3400-\u9fff])/gu, '$1')
    .replace(/([\u3040-\u30ff\u3400-\u9fff])[ \u00a0\u202f]+(?=\d)/gu, '$1');
}

/**
 * "1 December" (or the locale's order) for a calendar day (`2026-12-01`), shown as that day in
 * every time zone: the caller has already chosen the day in the user's zone (billing-period.ts).
 */
export function formatDayOfMonth(day: string, locale?: string): string {
  return dateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${day.slice(0, 10)}T00:00:00Z`),
  );
}

/** A day as its weekday, day and month ("Wednesday, November 25" in en-US). */
export function formatDay(value: Date, locale?: string): string {
  return dateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long' }).format(value);
}

/**
 * A day named relative to today, as a heading: "Today", "Tomorrow", "Yesterday" ("Heute",
 * "明日", "أمس"). Intl writes them in lower case for the middle of a sentence; a heading starts
 * with a capital in the scripts that have them.
 */
export function formatRelativeDay(offsetDays: -1 | 0 | 1, locale?: string): string {
  const word = relativeTimeFormat(locale, { numeric: 'auto' }).format(offsetDays, 'day');
  return capitalise(word, locale);
}

/** The first letter as a capital, in the locale's rules; scripts without case stay as they are. */
export function capitalise(text: string, locale?: string): string {
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const head = String.fromCodePoint(first);
  return head.toLocaleUpperCase(locale) + text.slice(head.length);
}

/** Elapsed time as `m:ss` or `h:mm:ss`, in the locale's digits. */
export function formatElapsed(ms: number, locale?: string): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const one = numberFormat(locale, { useGrouping: false });
  const two = numberFormat(locale, { useGrouping: false, minimumIntegerDigits: 2 });
  return h > 0
    ? `${one.format(h)}:${two.format(m)}:${two.format(s)}`
    : `${one.format(m)}:${two.format(s)}`;
}

type DurationUnit = 'hour' | 'minute' | 'second';

interface DurationFormatLike {
  format(duration: Partial<Record<`${DurationUnit}s`, number>>): string;
}

// Intl.DurationFormat (Chromium 129+, not yet Node 20) joins the parts as the locale does; where
// it is missing each part is a NumberFormat unit and the parts are joined as a unit list.
function durationFormat(locale: string | undefined): DurationFormatLike | undefined {
  const DurationFormat = (Intl as { DurationFormat?: new (l?: string, o?: object) => unknown })
    .DurationFormat;
  if (DurationFormat === undefined) return undefined;
  return cached('duration', locale, {}, () => new DurationFormat(locale, { style: 'short' })) as
    DurationFormatLike | undefined;
}

export interface ListPart {
  /** `item`: one of the values, as given; `literal`: the language's separator ("، ", " و"). */
  kind: 'item' | 'literal';
  text: string;
}

/**
 * A list joined as the language joins it, in parts, so that each item can be isolated on its own
 * (<bdi>) while the separators stay words of the sentence: an Arabic line "مع Lukas Brunner
 * وAnna Keller" isolated as one block read "Lukas Brunner و Anna Keller" left to right.
 */
export function listParts(
  items: readonly string[],
  locale?: string,
  type: 'conjunction' | 'unit' = 'conjunction',
): ListPart[] {
  const format = cached(
    'list',
    locale,
    { type, style: type === 'unit' ? 'short' : 'long' },
    () => new Intl.ListFormat(locale, { type, style: type === 'unit' ? 'short' : 'long' }),
  );
  return format
    .formatToParts(items)
    .map((p) => ({ kind: p.type === 'element' ? 'item' : 'literal', text: p.value }));
}

/** A length of time in words, short: "45 sec", "41 min", "2 hr, 5 min" ("2 Std., 5 Min."). */
export function formatDuration(ms: number, locale?: string): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const minutes = Math.round(seconds / 60);
  const parts: Partial<Record<`${DurationUnit}s`, number>> =
    seconds < 60
      ? { seconds }
      : minutes < 60
        ? { minutes }
        : {
            hours: Math.floor(minutes / 60),
            ...(minutes % 60 > 0 ? { minutes: minutes % 60 } : {}),
          };
  const native = durationFormat(locale);
  if (native !== undefined) return closeUpCounts(native.format(parts), locale);
  const units = (['hour', 'minute', 'second'] as const).flatMap((unit) => {
    const value = parts[`${unit}s`];
    return value === undefined
      ? []
      : [numberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(value)];
  });
  return closeUpCounts(
    cached(
      'list',
      locale,
      { type: 'unit', style: 'short' },
      () => new Intl.ListFormat(locale, { type: 'unit', style: 'short' }),
    ).format(units),
    locale,
  );
}

/**
 * Words CRMs run together in their keys and stage slugs (`closedate`, `dealstage`,
 * `qualifiedtobuy`): a run of them is split back into words.
 */
const RUN_TOGETHER_WORDS = new Set(
  (
    'account amount appointment at bought buy close closed closing code contract create created ' +
    'currency date deal decision estimated expected in last maker modified name next on owner ' +
    'parent pipeline presentation probability qualified rate sales scheduled sent stage state ' +
    'status step time to type value won lost id iso exchange transaction opportunity'
  ).split(' '),
);

/** `qualifiedtobuy` → `qualified to buy`; anything not made only of those words stays as is. */
export function splitRunTogether(word: string): string {
  if (!/^[a-z]{6,40}$/.test(word)) return word;
  // best[i]: the fewest words covering word.slice(0, i), by dynamic programming.
  const best: (string[] | undefined)[] = [[]];
  for (let end = 1; end <= word.length; end += 1) {
    for (let start = Math.max(0, end - 13); start < end; start += 1) {
      const before = best[start];
      const piece = word.slice(start, end);
      if (before === undefined || !RUN_TOGETHER_WORDS.has(piece)) continue;
      const candidate = [...before, piece];
      const current = best[end];
      if (current === undefined || candidate.length < current.length) best[end] = candidate;
    }
  }
  const words = best[word.length];
  return words !== undefined && words.length > 1 ? words.join(' ') : word;
}

/** `closeDate` / `close_date` / `CLOSE-DATE` → "Close date"; keeps acronyms like "ARR" and "ID". */
/** Words a record key spells in lower case that read as capitals: "sku" is "SKU". */
const ACRONYMS: ReadonlySet<string> = new Set([
  'id',
  'url',
  'sku',
  'arr',
  'acv',
  'mrr',
  'tcv',
  'crm',
  'vat',
  'api',
  'ceo',
  'cfo',
  'cto',
  'roi',
  'kpi',
  'sla',
  'poc',
]);

export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_\-.]+/)
    .filter((w) => w !== '')
    .flatMap((w) => splitRunTogether(w).split(' '));
  if (words.length === 0) return key;
  return words
    .map((w, i) => {
      if (/^[A-Z0-9]{2,}$/.test(w)) return w;
      const lower = w.toLowerCase();
      if (ACRONYMS.has(lower)) return lower.toUpperCase();
      return i === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join(' ');
}

/** A machine value shown to people: `closed_won` → "Closed won", `negotiation` → "Negotiation". */
export function humanizeEnum(value: string): string {
  const words = value.replace(/[_-]+/g, ' ').trim().split(' ').map(splitRunTogether).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
