// A time of day as people type it ("9:00", "9am", "21:30", "9.30", "9 pm", "0930") read as the
// 24-hour "HH:MM" the settings store, or a message that says what is wrong with it.
import type { Translator } from '../../electron/domain/i18n/translator';

export type ClockTimeResult = { time: string } | { error: string };
// Hour, then optionally minutes (after ":", "." or "h", or as two digits right after a two-digit
// hour), then optionally am/pm in any of its spellings.
const TIME = /^(\d{1,2})(?:(?:[:.h]|\s+)(\d{1,2})|(\d{2}))?\s*(a\.?m\.?|p\.?m\.?|a|p)?$/;

const pad = (n: number) => String(n).padStart(2, '0');

export function parseClockTime(text: string, t: Translator['t']): ClockTimeResult {
  const typed = text.trim().toLowerCase();
  if (typed === '') return { error: t('settings.time.empty') };
  const match = TIME.exec(typed);
  if (match === null) return { error: t('settings.time.notATime', { text: text.trim() }) };
  const [, hourText = '', minuteText, joinedMinutes, meridiem] = match;
  const minutesText = minuteText ?? joinedMinutes;
  if (minutesText !== undefined && minutesText.length !== 2) {
    return { error: t('settings.time.twoDigitMinutes') };
  }
  let hour = Number(hourText);
  const minute = minutesText === undefined ? 0 : Number(minutesText);
  if (minute > 59) return { error: t('settings.time.minutesRange') };
  if (meridiem !== undefined) {
    if (hour < 1 || hour > 12) return { error: t('settings.time.meridiemHour') };
    const pm = meridiem.startsWith('p');
    hour = (hour % 12) + (pm ? 12 : 0);
  } else if (hour > 23) {
    return { error: t('settings.time.noSuchHour', { hour: String(hour) }) };
  }
  return { time: `${pad(hour)}:${pad(minute)}` };
}
