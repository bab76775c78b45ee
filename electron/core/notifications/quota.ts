// Quota warnings: one notification per quota per level (80, 95, 100 %) per billing period. The
// key carries the period's start, so a new period starts afresh; when several levels are crossed
// between two checks only the highest is announced, and a lower one never follows it. The levels
// themselves are the usage module's, so a warning always matches what the usage screen shows.
import type { UsageSummary } from '../api/schemas';
import { summariseUsage, type QuotaLevel, type QuotaStatus } from '../usage/quota';
import { coreWords } from '../i18n/words';
import type { RuleContext } from './context';
import { noticeWords, type NotificationDecision } from './decision';
import { isDelivered } from './state';

/** The percentage each warning level stands for, in the notification and its key. */
export const QUOTA_WARNING_PERCENT = {
  warning: 80,
  critical: 95,
  reached: 100,
} as const satisfies Record<Exclude<QuotaLevel, 'ok'>, number>;
export type QuotaPercent = (typeof QUOTA_WARNING_PERCENT)[keyof typeof QUOTA_WARNING_PERCENT];
const PERCENTS = Object.values(QUOTA_WARNING_PERCENT);

export function quotaKey(
  quota: QuotaStatus['name'],
  periodStart: string,
  percent: QuotaPercent,
): string {
  return `quota:${quota}:${periodStart}:${percent}`;
}

export function decideQuota(context: RuleContext, usage: UsageSummary): NotificationDecision[] {
  const { state, settings } = context;
  const translator = context.translator ?? coreWords();
  if (!settings.enabled.quota) return [];
  const view = summariseUsage(usage);
  const period = view.period.start;
  const decisions: NotificationDecision[] = [];
  for (const quota of [view.requests, view.runs, view.tokens]) {
    if (quota.level === 'ok' || quota.limit === null) continue;
    const percent = QUOTA_WARNING_PERCENT[quota.level];
    const announced = PERCENTS.some(
      (other) => other >= percent && isDelivered(state, quotaKey(quota.name, period, other)),
    );
    if (announced) continue;
    decisions.push({
      kind: 'quota',
      key: quotaKey(quota.name, period, percent),
      ...noticeWords(translator, {
        title:
          percent === 100
            ? { id: 'desktop.notification.quotaReached', values: { quota: quota.name } }
            : {
                id: 'desktop.notification.quotaUsed',
                // A ratio, written as the language writes a percent (one style per locale).
                values: { quota: quota.name, ratio: percent / 100 },
              },
        body: [
          {
            id: 'desktop.notification.quotaBody',
            values: { quota: quota.name, used: quota.used, limit: quota.limit },
          },
        ],
      }),
      target: { screen: 'usage' },
    });
  }
  return decisions;
}
