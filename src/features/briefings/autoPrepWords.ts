// The one line Today says about a meeting whose prep did not run by itself, in a salesperson's
// words: why, and what they can do (Prepare is on the same card). An id or code goes under
// "Details for IT", never here.
import type { AutoPrepSkipReason, UsageSummary } from '../../../electron/contract';
import type { Translator } from '../../../electron/domain/i18n/translator';

/** A billing period this long or shorter reads as "this month". */
const MONTH_MS = 31 * 24 * 60 * 60_000;

/** The runs left this period, when the service counts runs and the summary says so. */
export function runsLeft(usage: UsageSummary | undefined): number | undefined {
  const limit = usage?.runs.limit;
  if (usage === undefined || limit === null || limit === undefined) return undefined;
  return Math.max(0, limit - usage.runs.count);
}

function quotaLine(usage: UsageSummary | undefined, t: Translator['t']): string {
  const left = runsLeft(usage);
  if (usage === undefined || left === undefined) return t('briefings.autoPrep.skipped.quotaLow');
  const { start, end } = usage.billingPeriod;
  const monthly = Date.parse(end) - Date.parse(start) <= MONTH_MS;
  return monthly
    ? t('briefings.autoPrep.skipped.quotaMonth', { count: left })
    : t('briefings.autoPrep.skipped.quota', { count: left });
}

/** Why this meeting was not prepared by itself; undefined where nothing needs saying (off). */
export function skippedLine(
  reason: AutoPrepSkipReason,
  usage: UsageSummary | undefined,
  t: Translator['t'],
): string | undefined {
  switch (reason) {
    case 'off':
      return undefined;
    case 'quota':
      return quotaLine(usage, t);
    case 'no-agent':
      return t('briefings.autoPrep.skipped.noAgent');
    case 'rate-limited':
      return t('briefings.autoPrep.skipped.busy');
    case 'failed':
      return t('briefings.autoPrep.skipped.failed');
    case 'stopped-for-today':
      return t('briefings.autoPrep.skipped.stoppedForToday');
    case 'cancelled':
      return t('briefings.autoPrep.skipped.cancelled');
    case 'too-late':
      return t('briefings.autoPrep.skipped.tooLate');
  }
}
