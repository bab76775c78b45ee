// Usage against quotas as risk: the warning level of a meter (80 %, 95 %, 100 %), when a quota
// runs out at the current pace, what happens then, and the warnings shown before starting a run.
import type { Translator } from '../../electron/domain/i18n/translator';
import {
  calendarDay,
  daysBetween,
  daysLeftAfter,
  periodDays,
  periodInstants,
  type CalendarDay,
} from '../../electron/domain/usage/billing-period';

export type UsageLevel = 'unlimited' | 'ok' | 'warning' | 'critical' | 'exhausted';

export interface Quota {
  used: number;
  /** null: the service sets no limit. */
  limit: number | null;
}

export const WARNING_AT = 0.8;
export const CRITICAL_AT = 0.95;

export function usageRatio({ used, limit }: Quota): number | null {
  if (limit === null) return null;
  if (limit <= 0) return used > 0 || limit === 0 ? 1 : 0;
  return used / limit;
}

export function usageLevel(quota: Quota): UsageLevel {
  const ratio = usageRatio(quota);
  if (ratio === null) return 'unlimited';
  if (ratio >= 1) return 'exhausted';
  if (ratio >= CRITICAL_AT) return 'critical';
  if (ratio >= WARNING_AT) return 'warning';
  return 'ok';
}

export interface Period {
  start: string;
  end: string;
}

export interface Projection {
  /** When the quota is used up at the pace of the period so far; absent when not before the end. */
  runsOutAt?: Date;
  /** Use at the end of the period at the same pace, as a share of the limit. */
  ratioAtEnd: number;
}

// Under a day of history the pace says little: one busy morning would read as a month's use.
const MIN_ELAPSED_MS = 24 * 3_600_000;

/** The quota at the period's pace so far; null without a limit or before a day of history. */
export function projectQuota(quota: Quota, period: Period, now: number): Projection | null {
  if (quota.limit === null || quota.limit <= 0) return null;
  const start = Date.parse(period.start);
  const end = Date.parse(period.end);
  const elapsed = now - start;
  if (!(elapsed >= MIN_ELAPSED_MS) || !(end > now)) return null;
  const pace = quota.used / elapsed;
  const ratioAtEnd = (quota.used + pace * (end - now)) / quota.limit;
  if (quota.used >= quota.limit) return { runsOutAt: new Date(now), ratioAtEnd };
  if (pace <= 0) return { ratioAtEnd };
  const outAt = now + (quota.limit - quota.used) / pace;
  return outAt < end ? { runsOutAt: new Date(outAt), ratioAtEnd } : { ratioAtEnd };
}

export type QuotaName = 'requests' | 'runs' | 'tokens';

/** What the service does once a quota is used up, in a salesperson's words. */
export function atLimit(name: QuotaName, resetsOn: string, t: Translator['t']): string {
  // "At 100 %" as Intl writes a percent in the language, as the meters beside it do.
  const values = { day: resetsOn, full: 1 };
  switch (name) {
    case 'runs':
      return t('usage.atLimit.runs', values);
    case 'tokens':
      return t('usage.atLimit.tokens', values);
    case 'requests':
      return t('usage.atLimit.requests', values);
  }
}

export interface RunQuotaWarning {
  level: 'warning' | 'critical' | 'exhausted';
  message: string;
}

export interface UsageCounts {
  requests: { count: number; limit: number | null };
  runs: { count: number; limit: number | null };
  tokens: { input: number; output: number; limit: number | null };
}

/**
 * Shown in the Ask form, the most pressing first: runs by count, then tokens and requests, either
 * of which also stops a run once used up. Empty when every quota is comfortably within its limit.
 */
export function askQuotaWarnings(usage: UsageCounts, t: Translator['t']): RunQuotaWarning[] {
  const warnings: RunQuotaWarning[] = [];
  const runs = runQuotaWarning({ used: usage.runs.count, limit: usage.runs.limit }, t);
  if (runs) warnings.push(runs);
  const others: ['tokens' | 'requests', Quota][] = [
    ['tokens', { used: usage.tokens.input + usage.tokens.output, limit: usage.tokens.limit }],
    ['requests', { used: usage.requests.count, limit: usage.requests.limit }],
  ];
  for (const [name, quota] of others) {
    const level = usageLevel(quota);
    if (level === 'exhausted') {
      warnings.push({
        level,
        message: t('usage.warning.usedUp', { quota: name }),
      });
    } else if (level === 'critical' || level === 'warning') {
      const ratio = usageRatio(quota) ?? 0;
      warnings.push({
        level,
        // Rounded down to the whole percent: 99.6 % used is not yet "100 %" (Intl would round up).
        message: t('usage.warning.percentUsed', {
          ratio: Math.floor(ratio * 100) / 100,
          quota: name,
        }),
      });
    }
  }
  const order = { exhausted: 0, critical: 1, warning: 2 };
  return warnings.sort((a, b) => order[a.level] - order[b.level]);
}

/** Shown in the Ask form: null when starting a run is comfortably within the quota. */
export function runQuotaWarning(runs: Quota, t: Translator['t']): RunQuotaWarning | null {
  const level = usageLevel(runs);
  if (level === 'exhausted') {
    return { level, message: t('usage.warning.allRunsUsed', { limit: runs.limit ?? 0 }) };
  }
  if (level === 'critical' || level === 'warning') {
    const left = Math.max(0, (runs.limit ?? 0) - runs.used);
    return { level, message: t('usage.warning.runsLeft', { left, limit: runs.limit ?? 0 }) };
  }
  return null;
}

export interface AskLimit {
  /** Nothing can be asked until the quota resets: Ask is disabled with this as its reason. */
  blocked: boolean;
  message: string;
}

/** "this month" for a calendar month of the service's (the usual billing period), else "this billing period". */
function periodKind(period: Period): 'month' | 'other' {
  const instants = periodInstants(period);
  if (instants === null) return 'other';
  const start = new Date(instants.start);
  const end = new Date(instants.end);
  const calendarMonth =
    start.getUTCDate() === 1 &&
    end.getUTCDate() === 1 &&
    (end.getUTCMonth() - start.getUTCMonth() + 12) % 12 === 1;
  return calendarMonth ? 'month' : 'other';
}

/** The day the quotas reset in `timeZone` (the user's when undefined); the service's day if unreadable. */
export function resetDayOf(period: Period, timeZone?: string): CalendarDay {
  return periodDays(period, timeZone)?.resetDay ?? period.end.slice(0, 10);
}

/**
 * The one thing the Ask form says about quotas: when one is used up, what happened, when it
 * resets and who can help (Ask is then disabled); otherwise the most pressing warning, if any.
 * `formatDay` writes the reset day ("1 December"), the day the next period starts in
 * `timeZone` (the user's when undefined), as Usage says it.
 */
export function askLimit(
  usage: UsageCounts & { billingPeriod: Period },
  formatDay: (day: CalendarDay) => string,
  t: Translator['t'],
  timeZone?: string,
): AskLimit | undefined {
  const period = periodKind(usage.billingPeriod);
  const day = formatDay(resetDayOf(usage.billingPeriod, timeZone));
  const { runs, tokens, requests } = usage;
  if (usageLevel({ used: runs.count, limit: runs.limit }) === 'exhausted') {
    const message = t('usage.limit.runs', { limit: runs.limit ?? 0, period, day });
    return { blocked: true, message };
  }
  if (usageLevel({ used: tokens.input + tokens.output, limit: tokens.limit }) === 'exhausted') {
    return { blocked: true, message: t('usage.limit.tokens', { period, day }) };
  }
  if (usageLevel({ used: requests.count, limit: requests.limit }) === 'exhausted') {
    return { blocked: true, message: t('usage.limit.requests', { period, day }) };
  }
  const warning = askQuotaWarnings(usage, t)[0];
  return warning === undefined ? undefined : { blocked: false, message: warning.message };
}

/**
 * What the pace so far means before the period ends, in a salesperson's words: the day a quota
 * runs out and how many of the period's days are left then, or the share used at the end.
 * Days are the user's (`timeZone` undefined) as on the rest of the Usage screen.
 */
export function paceMessage(
  name: QuotaName,
  quota: Quota,
  period: Period,
  now: number,
  { t, intl }: Translator,
  timeZone?: string,
): string | null {
  const projection = projectQuota(quota, period, now);
  if (projection === null) return null;
  if (projection.runsOutAt !== undefined) {
    const at = projection.runsOutAt.getTime();
    const days = periodDays(period, timeZone);
    if (at <= now || days === null) return null;
    const before = daysBetween(calendarDay(at, timeZone), days.lastDay);
    // East of UTC the period's last hours fall on the reset day: running out then, the quota
    // lasts every day the screen names, so "1 Dec, 1 day before the end" of a period shown as
    // ending on 30 Nov is never said.
    if (before >= 0) {
      const day = intl.formatDate(projection.runsOutAt, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        ...(timeZone ? { timeZone } : {}),
      });
      return t('usage.pace.runsOut', { quota: name, day, days: before });
    }
  }
  return t('usage.pace.atEnd', { ratio: projection.ratioAtEnd });
}

export interface PeriodShown {
  firstDay: CalendarDay;
  lastDay: CalendarDay;
  resetDay: CalendarDay;
  /** Days after today up to the last day; 0 on the last day. */
  daysLeft: number;
}

/** The period as the Usage screen heads it, in `timeZone` (the user's when undefined); null if unreadable. */
export function periodShown(period: Period, now: number, timeZone?: string): PeriodShown | null {
  const days = periodDays(period, timeZone);
  return days === null ? null : { ...days, daysLeft: daysLeftAfter(days, now, timeZone) };
}
