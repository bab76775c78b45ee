// Formats agree with the words: each function in the interface language's locale writes that
// language's dates, numbers, currencies, percentages and relative times, with no English of its
// own; currencies keep their own decimals (JPY none, BHD three) in every locale.
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDay,
  formatDuration,
  formatMoney,
  formatPercent,
  formatRelative,
  formatRelativeDay,
  formatShortDay,
  formatTime,
  isolate,
} from '../../../../src/lib/format';

const now = Date.parse('2026-11-27T12:00:00Z');
const minutes = (n: number) => n * 60_000;

interface Expected {
  date: string;
  dateTime: string;
  time: string;
  shortDay: string;
  weekday: string;
  inMinutes: string;
  minutesAgo: string;
  now: string;
  today: string;
  tomorrow: string;
  yesterday: string;
  yen: string;
  dinar: string;
  euro: string;
  percent: string;
  duration: string;
}

const LOCALES: Record<string, Expected> = {
  en: {
    date: 'Nov 29, 2026',
    dateTime: 'Nov 29, 2026, 9:30 AM',
    time: '9:30 AM',
    shortDay: 'Dec 5',
    weekday: 'Wednesday, November 25',
    inMinutes: 'in 41 minutes',
    minutesAgo: '5 minutes ago',
    now: 'now',
    today: 'Today',
    tomorrow: 'Tomorrow',
    yesterday: 'Yesterday',
    yen: '¥1,235',
    dinar: 'BHD 1,234.567',
    euro: '€1,234.50',
    percent: '42%',
    duration: '2 hr, 5 min',
  },
  de: {
    date: '29.11.2026',
    dateTime: '29.11.2026, 09:30',
    time: '09:30',
    shortDay: '5. Dez.',
    weekday: 'Mittwoch, 25. November',
    inMinutes: 'in 41 Minuten',
    minutesAgo: 'vor 5 Minuten',
    now: 'jetzt',
    today: 'Heute',
    tomorrow: 'Morgen',
    yesterday: 'Gestern',
    yen: '1.235\u00a0¥',
    dinar: '1.234,567\u00a0BHD',
    euro: '1.234,50\u00a0€',
    percent: '42\u00a0%',
    duration: '2 Std., 5 Min.',
  },
  ja: {
    date: '2026/11/29',
    dateTime: '2026/11/29 9:30',
    time: '9:30',
    shortDay: '12月5日',
    weekday: '11月25日水曜日',
    // Closed up as the app's own messages are ("5日前"): CLDR writes "5 分前".
    inMinutes: '41分後',
    minutesAgo: '5分前',
    now: '今',
    today: '今日',
    tomorrow: '明日',
    yesterday: '昨日',
    yen: '￥1,235',
    dinar: 'BHD\u00a01,234.567',
    euro: '€1,234.50',
    percent: '42%',
    duration: '2時間5分',
  },
  ar: {
    // Arabic dates carry right-to-left marks (U+200F) between their parts.
    date: '29\u200f/11\u200f/2026',
    dateTime: '29\u200f/11\u200f/2026، 9:30 ص',
    time: '9:30 ص',
    shortDay: '5 ديسمبر',
    weekday: 'الأربعاء، 25 نوفمبر',
    inMinutes: 'خلال 41 دقيقة',
    minutesAgo: 'قبل 5 دقائق',
    now: 'الآن',
    today: 'اليوم',
    tomorrow: 'غدًا',
    yesterday: 'أمس',
    // The currency isolated (U+2068…U+2069): "JP¥" stays one word on a right-to-left line.
    yen: '\u200f1,235\u00a0\u2068JP¥\u2069',
    dinar: '\u200f1,234.567\u00a0\u2068د.ب.\u2069\u200f',
    euro: '\u200f1,234.50\u00a0\u2068€\u2069',
    percent: '42\u200e%\u200e',
    duration: '2 س و5 د',
  },
  'pt-BR': {
    date: '29 de nov. de 2026',
    dateTime: '29 de nov. de 2026, 09:30',
    time: '09:30',
    shortDay: '5 de dez.',
    weekday: 'quarta-feira, 25 de novembro',
    inMinutes: 'em 41 minutos',
    minutesAgo: 'há 5 minutos',
    now: 'agora',
    today: 'Hoje',
    tomorrow: 'Amanhã',
    yesterday: 'Ontem',
    yen: 'JP¥\u00a01.235',
    dinar: 'BHD\u00a01.234,567',
    euro: '€\u00a01.234,50',
    percent: '42%',
    duration: '2 h e 5 min',
  },
};

// Intl's output spaces vary between no-break and narrow no-break by ICU version; compare them as
// spaces so the test checks the words and digits, not the ICU build.
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe.each(Object.entries(LOCALES))('formats in %s', (locale, expected) => {
  const check = (actual: string, wanted: string) => expect(spaces(actual)).toBe(spaces(wanted));

  it('writes dates and times', () => {
    check(formatDate('2026-11-29', locale), expected.date);
    check(formatDate('2026-11-29T09:30:00Z', locale, 'UTC'), expected.dateTime);
    check(formatTime('2026-11-29T09:30:00Z', locale, 'UTC'), expected.time);
    check(formatShortDay('2026-12-05', now, locale), expected.shortDay);
    check(formatDay(new Date(Date.UTC(2026, 10, 25, 12)), locale), expected.weekday);
  });

  it('writes relative times and names the days around today', () => {
    check(formatRelative(now + minutes(41), now, locale), expected.inMinutes);
    check(formatRelative(now - minutes(5), now, locale), expected.minutesAgo);
    check(formatRelative(now - 10_000, now, locale), expected.now);
    check(formatRelativeDay(0, locale), expected.today);
    check(formatRelativeDay(1, locale), expected.tomorrow);
    check(formatRelativeDay(-1, locale), expected.yesterday);
  });

  it('keeps each currency’s own decimals', () => {
    check(formatMoney(1234.5, 'JPY', locale), expected.yen);
    check(formatMoney(1234.567, 'BHD', locale), expected.dinar);
    check(formatMoney(1234.5, 'EUR', locale), expected.euro);
  });

  it('writes percentages and durations', () => {
    check(formatPercent(0.42, locale), expected.percent);
    check(formatDuration(minutes(125), locale), expected.duration);
  });
});

describe('durations', () => {
  it('uses the largest unit that reads naturally', () => {
    expect(formatDuration(45_000, 'en')).toBe('45 sec');
    expect(formatDuration(minutes(41), 'en')).toBe('41 min');
    expect(formatDuration(minutes(59.8), 'en')).toBe('1 hr');
    expect(formatDuration(minutes(120), 'de')).toBe('2 Std.');
  });
});

describe('isolate', () => {
  // "Closes 292026/11/": an Arabic date (its parts separated by right-to-left marks) dropped into
  // a left-to-right sentence is reordered with the words around it. Between First Strong Isolate
  // and Pop Directional Isolate it is laid out on its own, whatever surrounds it.
  it('wraps a value so the text around it cannot reorder it', () => {
    const date = formatDate('2026-11-29', 'ar');
    const sentence = `Closes ${isolate(date)}`;
    expect(sentence).toBe(`Closes \u2068${date}\u2069`);
    // Every directional mark of the date stays inside the isolate.
    const inside = sentence.slice(sentence.indexOf('\u2068') + 1, sentence.indexOf('\u2069'));
    expect(inside).toBe(date);
    expect(sentence.replace(inside, '')).not.toMatch(/[\u200e\u200f]/);
  });
});
