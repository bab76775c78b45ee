// Usage: requests, runs and tokens against their limits for the billing period.
import { useEffect } from 'react';
import { formatDate, formatNumber } from '../../lib/format';
import { Button } from '../../ui/Button';
import { EmptyState, ErrorState, InlineError, Skeleton } from '../../ui/Feedback';
import { Meter } from '../../ui/Meter';
import { PageHeader } from '../../ui/PageHeader';
import { RelativeTime, useTicking } from '../../ui/Time';
import { hasCapability, missingCapabilityReason, useAccount } from '../account';
import { useUsage } from './store';

function daysLeft(end: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(end) - now) / 86_400_000));
}

export function UsageScreen() {
  const summary = useUsage((s) => s.summary);
  const load = useUsage((s) => s.load);
  const metadata = useAccount((s) => s.metadata.value);
  const offered = hasCapability(metadata, 'usage');
  const now = useTicking(true, 60_000);
  useEffect(() => {
    if (offered) void useUsage.getState().load();
  }, [offered]);

  const value = summary.value;
  return (
    <div className="page">
      <PageHeader
        title="Usage"
        meta={
          value ? (
            <span className="muted">
              Billing period {formatDate(value.billingPeriod.start.slice(0, 10))} –{' '}
              {formatDate(value.billingPeriod.end.slice(0, 10))}
              {' · '}
              {daysLeft(value.billingPeriod.end, now)} days left
            </span>
          ) : undefined
        }
      >
        {offered ? (
          <>
            {summary.fetchedAt ? (
              <span className="subtle">
                Updated <RelativeTime value={summary.fetchedAt} />
              </span>
            ) : null}
            <Button
              size="sm"
              variant="ghost"
              onClick={() => void load()}
              busy={summary.loading}
              disabled={summary.loading}
            >
              Refresh
            </Button>
          </>
        ) : null}
      </PageHeader>
      {!offered ? (
        <EmptyState title="No usage reporting">{missingCapabilityReason('usage')}</EmptyState>
      ) : value ? (
        <>
          {summary.error ? <InlineError error={summary.error} onRetry={() => void load()} /> : null}
          <div className="meters">
            <section className="card" aria-label="Requests">
              <Meter label="Requests" used={value.requests.count} limit={value.requests.limit} />
            </section>
            <section className="card" aria-label="Runs">
              <Meter label="Runs" used={value.runs.count} limit={value.runs.limit} />
            </section>
            <section className="card" aria-label="Tokens">
              <Meter
                label="Tokens"
                used={value.tokens.input + value.tokens.output}
                limit={value.tokens.limit}
                detail={`${formatNumber(value.tokens.input)} in · ${formatNumber(value.tokens.output)} out`}
              />
            </section>
          </div>
          <p className="subtle usage-note">
            Quotas reset when the billing period ends. A warning shows at 80 %, 95 % and 100 %.
          </p>
        </>
      ) : summary.error ? (
        // The feedback states every screen shows for a failed load (as the account section does).
        <ErrorState
          title="Could not load usage"
          error={summary.error}
          onRetry={() => void load()}
          retrying={summary.loading}
        />
      ) : (
        <Skeleton lines={6} label="Loading usage…" />
      )}
    </div>
  );
}
