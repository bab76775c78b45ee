// Usage arithmetic for the summary of spec §2.4: how close each quota is, and whether one more
// run fits. Pure functions, so the admin view, the tray and the run manager agree.
//
// A null `limit` is "no limit shown" (spec §8 leaves its meaning open): no ratio, level `ok`,
// nothing refused. A negative limit is not documented either; rather than invent a meaning and
// block runs on it, it is treated like null.

import { AssistantError } from '../errors';
import { coreWords } from '../i18n/words';
import type { UsageSummary } from '../api/schemas';
import { periodDays } from '../../domain/usage/billing-period';

export type QuotaLevel = 'ok' | 'warning' | 'critical' | 'reached';
export type QuotaName = 'requests' | 'runs' | 'tokens';

/** Ratios at which a level starts: warning at 80 %, critical at 95 %, reached at 100 %. */
export const QUOTA_THRESHOLDS = { warning: 0.8, critical: 0.95, reached: 1 } as const;

export interface QuotaStatus {
  name: QuotaName;
  used: number;
  /** null: no limit shown. */
  limit: number | null;
  /** used / limit; null when there is no limit. 1 when the limit is 0. */
  ratio: number | null;
  level: QuotaLevel;
  /** limit - used, never below 0; null when there is no limit. */
  remaining: number | null;
}

export interface UsageView {
  period: { start: string; end: string };
  requests: QuotaStatus;
  runs: QuotaStatus;
  tokens: QuotaStatus & { input: number; output: number };
  /** Runs that may still be started this period; null when no runs limit is shown. */
  runsLeft: number | null;
  /** The most severe level across the three quotas. */
  level: QuotaLevel;
}

const LEVEL_ORDER: readonly QuotaLevel[] = ['ok', 'warning', 'critical', 'reached'];

export function levelForRatio(ratio: number | null): QuotaLevel {
  if (ratio === null || Number.isNaN(ratio)) return 'ok';
  if (ratio >= QUOTA_THRESHOLDS.reached) return 'reached';
  if (ratio >= QUOTA_THRESHOLDS.critical) return 'critical';
  if (ratio >= QUOTA_THRESHOLDS.warning) return 'warning';
  return 'ok';
}

export function worstLevel(levels: readonly QuotaLevel[]): QuotaLevel {
  let worst = 0;
  for (const level of levels) worst = Math.max(worst, LEVEL_ORDER.indexOf(level));
  return LEVEL_ORDER[worst] ?? 'ok';
}

export function quotaStatus(name: QuotaName, used: number, limit: number | null): QuotaStatus {
  if (limit === null || limit < 0) {
    return { name, used, limit: null, ratio: null, level: 'ok', remaining: null };
  }
  // A zero quota allows nothing: it is reached from the start.
  const ratio = limit === 0 ? 1 : used / limit;
  return {
    name,
    used,
    limit,
    ratio,
    level: levelForRatio(ratio),
    remaining: Math.max(0, limit - used),
  };
}

export function summariseUsage(usage: UsageSummary): UsageView {
  const requests = quotaStatus('requests', usage.requests.count, usage.requests.limit);
  const runs = quotaStatus('runs', usage.runs.count, usage.runs.limit);
  const tokens = {
    ...quotaStatus('tokens', usage.tokens.input + usage.tokens.output, usage.tokens.limit),
    input: usage.tokens.input,
    output: usage.tokens.output,
  };
  return {
    period: { start: usage.billingPeriod.start, end: usage.billingPeriod.end },
    requests,
    runs,
    tokens,
    runsLeft: runs.remaining,
    level: worstLevel([requests.level, runs.level, tokens.level]),
  };
}

export type RunQuotaDecision =
  { allowed: true; runsLeft: number | null } | { allowed: false; error: AssistantError };

/**
 * Whether one more run fits in the runs quota. Refuses when the period's runs already reach the
 * limit, with a message a salesperson can act on, naming the period's last day in `timeZone`
 * (the user's when undefined) as the Usage screen does.
 */
export function checkRunQuota(usage: UsageSummary, timeZone?: string): RunQuotaDecision {
  const runs = quotaStatus('runs', usage.runs.count, usage.runs.limit);
  if (runs.limit === null || runs.used < runs.limit)
    return { allowed: true, runsLeft: runs.remaining };
  const until = formatLastDay(usage.billingPeriod, timeZone);
  return {
    allowed: false,
    error: new AssistantError({
      kind: 'quota',
      code: 'runs_quota_reached',
      field: 'runs',
      message: until
        ? coreWords().t('errors.quota.runsReachedUntil', {
            used: runs.used,
            limit: runs.limit,
            until,
          })
        : coreWords().t('errors.quota.runsReached', { used: runs.used, limit: runs.limit }),
      retryable: false,
    }),
  };
}

/** Throws the `quota` AssistantError of checkRunQuota when the run does not fit. */
export function assertRunAllowed(usage: UsageSummary): void {
  const decision = checkRunQuota(usage);
  if (!decision.allowed) throw decision.error;
}

function formatLastDay(
  period: UsageSummary['billingPeriod'],
  timeZone: string | undefined,
): string | undefined {
  const days = periodDays(period, timeZone);
  if (days === null) return undefined;
  // A calendar day, already the user's: formatted as that day whatever the zone.
  return coreWords().intl.formatDate(new Date(`${days.lastDay}T00:00:00Z`), {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
}
