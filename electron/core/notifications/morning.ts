// Morning briefing: one notification per chosen local day at the chosen local time. A machine
// that was asleep or offline at that time gets it when it next checks, if that is within the
// catch-up window; several missed mornings give at most one (the latest) and none beyond.
import { BRIEFING_HEADLINE_FIELDS, isRecord, pickText } from '../../domain/briefings/fields';
import { coreWords } from '../i18n/words';
import type { RuleContext } from './context';
import { clip, noticeWords, type NotificationDecision } from './decision';
import { isDelivered } from './state';
import {
  addDays,
  instantAt,
  localDate,
  minutesToMs,
  weekdayOf,
  type LocalDate,
} from './zoned-time';

/**
 * How far ahead of today a recorded morning may be and still block earlier days. Within it, a
 * clock moved backwards never replays a morning; beyond it, the clock was wrong back then (set
 * far ahead by mistake), and trusting it would silence the briefing until that date.
 */
export const MORNING_BACKWARDS_GUARD_DAYS = 7;

export interface MorningDue {
  date: LocalDate;
  key: string;
  scheduledAt: Date;
  /** Past this instant the day is skipped. */
  windowEndsAt: Date;
}

export function morningKey(date: LocalDate): string {
  return `morning-briefing:${date}`;
}

/** The morning whose notification is due at `now`, if any (the caller then fetches the briefing). */
export function morningDue(context: RuleContext): MorningDue | undefined {
  const { now, settings } = context;
  if (!settings.enabled['morning-briefing']) return undefined;
  const latest = latestOccurrence(context);
  if (latest === undefined) return undefined;
  const windowEndsAt = new Date(
    latest.scheduledAt.getTime() + minutesToMs(settings.morningCatchUpMinutes),
  );
  if (now.getTime() >= windowEndsAt.getTime()) return undefined;
  if (!isEligible(context, latest.date)) return undefined;
  return { ...latest, key: morningKey(latest.date), windowEndsAt };
}

/** The next instant after `now` at which a morning falls due, within a week. */
export function nextMorningAt(context: RuleContext): Date | undefined {
  const { now, timeZone, settings } = context;
  if (!settings.enabled['morning-briefing']) return undefined;
  const today = localDate(now, timeZone);
  for (let offset = 0; offset <= 8; offset += 1) {
    const date = addDays(today, offset);
    if (!settings.morningDays.includes(weekdayOf(date))) continue;
    const scheduledAt = instantAt(date, settings.morningTime, timeZone);
    if (scheduledAt.getTime() > now.getTime() && isEligible(context, date)) return scheduledAt;
  }
  return undefined;
}

export function morningDecision(
  due: MorningDue,
  briefing: unknown,
  translator = coreWords(),
): NotificationDecision {
  const records = isRecord(briefing)
    ? [briefing, ...(isRecord(briefing.briefing) ? [briefing.briefing] : [])]
    : [];
  const headline = pickText(records, BRIEFING_HEADLINE_FIELDS);
  return {
    kind: 'morning-briefing',
    key: due.key,
    ...noticeWords(translator, {
      title: { id: 'desktop.notification.morningTitle' },
      body: [
        headline === undefined
          ? { id: 'desktop.notification.morningReady' }
          : { text: clip(headline) },
      ],
    }),
    target: { screen: 'today' },
  };
}

/** The latest scheduled morning at or before `now`. Windows are under a day, so only today and yesterday matter. */
function latestOccurrence(
  context: RuleContext,
): { date: LocalDate; scheduledAt: Date } | undefined {
  const { now, timeZone, settings } = context;
  const today = localDate(now, timeZone);
  for (const date of [today, addDays(today, -1)]) {
    if (!settings.morningDays.includes(weekdayOf(date))) continue;
    const scheduledAt = instantAt(date, settings.morningTime, timeZone);
    if (scheduledAt.getTime() <= now.getTime()) return { date, scheduledAt };
  }
  return undefined;
}

function isEligible({ state }: RuleContext, date: LocalDate): boolean {
  if (isDelivered(state, morningKey(date))) return false;
  const last = state.lastMorningDate;
  const replay = last !== null && date <= last;
  return !(replay && last <= addDays(date, MORNING_BACKWARDS_GUARD_DAYS));
}
