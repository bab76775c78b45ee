// Automatic prep spends the team's quota only above a reserve kept for the salesperson's own
// questions: a run starts only when, after it, at least `reservePercent` of the runs quota would
// be left, and the tokens left are not below that share of the tokens quota either.
import type { UsageSummary } from '../api/schemas';

export type QuotaGate =
  | { open: true }
  | {
      open: false;
      quota: 'runs' | 'tokens';
      left: number;
      periodStart: string;
      /** The period's end as the service gives it (not always a date: the document shows none). */
      periodEnd: string;
    };

export function quotaGate(usage: UsageSummary, reservePercent: number): QuotaGate {
  const { start: periodStart, end: periodEnd } = usage.billingPeriod;
  const runsLimit = usage.runs.limit;
  if (runsLimit !== null && runsLimit >= 0) {
    const left = Math.max(0, runsLimit - usage.runs.count);
    const reserve = Math.ceil((runsLimit * reservePercent) / 100);
    // This run itself takes one: after it, the reserve must still be there.
    if (left - 1 < reserve) return { open: false, quota: 'runs', left, periodStart, periodEnd };
  }
  const tokensLimit = usage.tokens.limit;
  if (tokensLimit !== null && tokensLimit >= 0) {
    const left = Math.max(0, tokensLimit - usage.tokens.input - usage.tokens.output);
    if (left < Math.ceil((tokensLimit * reservePercent) / 100) || left === 0) {
      return { open: false, quota: 'tokens', left, periodStart, periodEnd };
    }
  }
  return { open: true };
}

/**
 * How long the "not prepared for lack of quota" notice's token is kept: to the period's end, or
 * where the service gives none readable, 40 days from its start (longer than a month's period).
 */
export function quotaNoticeKeptUntil(gate: Extract<QuotaGate, { open: false }>, now: Date): Date {
  const end = Date.parse(gate.periodEnd);
  if (!Number.isNaN(end)) return new Date(end);
  const start = Date.parse(gate.periodStart);
  return new Date((Number.isNaN(start) ? now.getTime() : start) + 40 * 86_400_000);
}
