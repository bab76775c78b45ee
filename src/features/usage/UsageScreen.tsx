// Usage as risk: requests, runs and tokens against their limits for the billing period, the day
// each runs out at the current pace, what happens at 100 %, and whose usage it is.
import { useEffect } from 'react';
import type { UsageSummary } from '../../../electron/contract';
import { formatDate } from '../../lib/format';
import { atLimit, projectQuota, usageLevel } from '../../lib/usage';
import type { Period, Quota, QuotaName } from '../../lib/usage';
import { Button } from '../../ui/Button';
import { EmptyState, ErrorState, InlineError, Skeleton } from '../../ui/Feedback';
import { Meter } from '../../ui/Meter';
import { PageHeader } from '../../ui/PageHeader';
import { RelativeTime, useTicking } from '../../ui/Time';
import { hasCapability, missingCapabilityReason } from '../../lib/capabilities';
import { useHost } from '../../platform/hostStore';
import { useUsage } from './store';

function daysLeft(end: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(end) - now) / 86_400_000));
}

const dayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});

function paceText(name: QuotaName, quota: Quota, period: Period, now: number): string | null {
  const projection = projectQuota(quota, period, now);
  if (projection === null) return null;
  if (projection.runsOutAt !== undefined) {
    if (projection.runsOutAt.getTime() <= now) return null;
    const early = daysLeft(period.end, projection.runsOutAt.getTime());
    return `At this pace, ${name} run out on ${dayFormat.format(projection.runsOutAt)}, ${early} ${early === 1 ? 'day' : 'days'} before the period ends.`;
  }
  const percent = Math.round(projection.ratioAtEnd * 100);
  return `At this pace, about ${percent} % will be used when the period ends.`;
}

interface QuotaShown {
  name: QuotaName;
  label: string;
  quota: Quota;
  detail?: string;
}

/** The quotas the screen shows, in their order. */
function quotasOf(summary: UsageSummary): QuotaShown[] {
  const { runs, tokens, requests } = summary;
  return [
    { name: 'runs', label: 'Runs', quota: { used: runs.count, limit: runs.limit } },
    {
      name: 'tokens',
      label: 'Tokens',
      // The split into input and output tokens is for IT, not for the risk this screen tells.
      quota: { used: tokens.input + tokens.output, limit: tokens.limit },
    },
    { name: 'requests', label: 'Requests', quota: { used: requests.count, limit: requests.limit } },
  ];
}

function QuotaCard({
  name,
  label,
  quota,
  period,
  now,
  detail,
}: {
  name: QuotaName;
  label: string;
  quota: Quota;
  period: Period;
  now: number;
  detail?: string;
}) {
  const pace = paceText(name, quota, period, now);
  const level = usageLevel(quota);
  const risky = level === 'warning' || level === 'critical' || level === 'exhausted';
  const resetsOn = formatDate(period.end.slice(0, 10));
  return (
    <section className="card" aria-label={label}>
      <Meter label={label} used={quota.used} limit={quota.limit} {...(detail ? { detail } : {})} />
      {pace ? <p className={risky ? 'quota-pace quota-pace-risk' : 'quota-pace'}>{pace}</p> : null}
      {quota.limit !== null ? (
        <p className="subtle quota-limit">{atLimit(name, resetsOn)}</p>
      ) : null}
    </section>
  );
}

export function UsageScreen() {
  const summary = useUsage((s) => s.summary);
  const load = useUsage((s) => s.load);
  const metadata = useHost((s) => s.metadata.value);
  const org = metadata?.org.name;
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
          <p className="usage-whose">
            {org
              ? `Everyone at ${org} shares these quotas`
              : 'Your organisation shares these quotas'}
            : the figures are the whole team’s use, not only yours.
          </p>
          <div className="meters">
            {quotasOf(value).map((quota) => (
              <QuotaCard key={quota.name} {...quota} period={value.billingPeriod} now={now} />
            ))}
          </div>
          <p className="subtle usage-note">
            Quotas reset when the billing period ends. You are warned at 80 %, 95 % and 100 %.
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
