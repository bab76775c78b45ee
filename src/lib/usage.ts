// Usage against quotas: the warning level of a meter (80 %, 95 %, 100 %) and the warning shown
// before starting a run when the runs quota is nearly or fully used.

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

export const levelLabel: Record<UsageLevel, string> = {
  unlimited: 'No limit',
  ok: 'Within limit',
  warning: 'Over 80 % used',
  critical: 'Over 95 % used',
  exhausted: 'Limit reached',
};

export interface RunQuotaWarning {
  level: 'warning' | 'critical' | 'exhausted';
  message: string;
}

/** Shown in the Ask form: null when starting a run is comfortably within the quota. */
export function runQuotaWarning(runs: Quota): RunQuotaWarning | null {
  const level = usageLevel(runs);
  if (level === 'exhausted') {
    return {
      level,
      message: `All ${runs.limit ?? 0} runs of this billing period are used. Starting a run will probably be refused.`,
    };
  }
  if (level === 'critical' || level === 'warning') {
    const left = Math.max(0, (runs.limit ?? 0) - runs.used);
    return {
      level,
      message: `Only ${left} of ${runs.limit ?? 0} runs left in this billing period.`,
    };
  }
  return null;
}
