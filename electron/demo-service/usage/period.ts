// The billing period is the calendar month in UTC. `end` is exclusive: the first millisecond of
// the next month (e.g. 2026-11-01T00:00:00.000Z to 2026-12-01T00:00:00.000Z).

export interface BillingPeriod {
  start: Date;
  end: Date;
}

export function billingPeriod(now: Date): BillingPeriod {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}
