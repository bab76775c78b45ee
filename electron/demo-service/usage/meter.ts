// Usage counters for the current billing period and the quotas checked against them. Counters
// start from zero when the clock enters a new period. A null limit means "no quota".
import { billingPeriod } from './period';

export type QuotaName = 'requests' | 'runs' | 'tokens';

export interface Limits {
  requests: number | null;
  runs: number | null;
  tokens: number | null;
}

export interface Counts {
  requests: number;
  runs: number;
  inputTokens: number;
  outputTokens: number;
}

export interface QuotaHit {
  quota: QuotaName;
  limit: number;
  used: number;
  resetsAt: string;
}

export interface UsageSummary {
  billingPeriod: { start: string; end: string };
  requests: { count: number; limit: number | null };
  runs: { count: number; limit: number | null };
  tokens: { input: number; output: number; limit: number | null };
}

const zero = (): Counts => ({ requests: 0, runs: 0, inputTokens: 0, outputTokens: 0 });

export class UsageMeter {
  private periodStart = Number.NaN;
  private counts: Counts = zero();

  constructor(
    private readonly now: () => Date,
    private limits: Limits,
  ) {}

  /** The counters of the period the clock is in now, reset when a new period has begun. */
  private current(): Counts {
    const start = billingPeriod(this.now()).start.getTime();
    if (start !== this.periodStart) {
      this.periodStart = start;
      this.counts = zero();
    }
    return this.counts;
  }

  countRequest(): void {
    this.current().requests += 1;
  }

  countRun(inputTokens: number): void {
    const counts = this.current();
    counts.runs += 1;
    counts.inputTokens += inputTokens;
  }

  countOutputTokens(n: number): void {
    this.current().outputTokens += n;
  }

  /** The first quota that is used up, if any, among the ones asked about. */
  exceeded(quotas: readonly QuotaName[]): QuotaHit | undefined {
    const counts = this.current();
    const resetsAt = billingPeriod(this.now()).end.toISOString();
    for (const quota of quotas) {
      const limit = this.limits[quota];
      if (limit === null) continue;
      const used =
        quota === 'tokens'
          ? counts.inputTokens + counts.outputTokens
          : quota === 'runs'
            ? counts.runs
            : counts.requests;
      if (used >= limit) return { quota, limit, used, resetsAt };
    }
    return undefined;
  }

  summary(): UsageSummary {
    const counts = this.current();
    const period = billingPeriod(this.now());
    return {
      billingPeriod: { start: period.start.toISOString(), end: period.end.toISOString() },
      requests: { count: counts.requests, limit: this.limits.requests },
      runs: { count: counts.runs, limit: this.limits.runs },
      tokens: { input: counts.inputTokens, output: counts.outputTokens, limit: this.limits.tokens },
    };
  }

  setLimits(limits: Partial<Limits>): void {
    this.limits = { ...this.limits, ...limits };
  }

  setCounts(counts: Partial<Counts>): void {
    Object.assign(this.current(), counts);
  }

  getLimits(): Limits {
    return { ...this.limits };
  }
}
