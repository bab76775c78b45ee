// Usage as risk: requests, runs and tokens against their limits for the billing period, the day
// each runs out at the current pace, what happens at 100 %, and whose usage it is.
import { useEffect } from 'react';
import type { UsageSummary } from '../../../electron/contract';
import { formatDate, formatDayOfMonth } from '../../lib/format';
import {
  atLimit,
  CRITICAL_AT,
  paceMessage,
  periodShown,
  resetDayOf,
  usageLevel,
  WARNING_AT,
} from '../../lib/usage';
import type { Period, Quota, QuotaName } from '../../lib/usage';
import { Button } from '../../ui/Button';
import { EmptyState, ErrorState, InlineError, Skeleton } from '../../ui/Feedback';
import { Meter } from '../../ui/Meter';
import { PageHeader } from '../../ui/PageHeader';
import { UpdatedAt, useTicking } from '../../ui/Time';
import { hasCapability, missingCapabilityReason } from '../../lib/capabilities';
import { useHost } from '../../platform/hostStore';
import { useTranslator } from '../../platform/i18n';
import type { MessageId } from '../../../electron/domain/i18n/messages';
import { useRichT } from '../../ui/richText';
import { useUsage } from './store';

interface QuotaShown {
  name: QuotaName;
  label: MessageId;
  quota: Quota;
  detail?: string;
}

/** The quotas the screen shows, in their order. */
function quotasOf(summary: UsageSummary): QuotaShown[] {
  const { runs, tokens, requests } = summary;
  return [
    { name: 'runs', label: 'usage.quota.runs', quota: { used: runs.count, limit: runs.limit } },
    {
      name: 'tokens',
      label: 'usage.quota.tokens',
      // The split into input and output tokens is for IT, not for the risk this screen tells.
      quota: { used: tokens.input + tokens.output, limit: tokens.limit },
    },
    {
      name: 'requests',
      label: 'usage.quota.requests',
      quota: { used: requests.count, limit: requests.limit },
    },
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
  label: MessageId;
  quota: Quota;
  period: Period;
  now: number;
  detail?: string;
}) {
  const translator = useTranslator();
  const { t, locale } = translator;
  const pace = paceMessage(name, quota, period, now, translator);
  const level = usageLevel(quota);
  const risky = level === 'warning' || level === 'critical' || level === 'exhausted';
  const resetsOn = formatDayOfMonth(resetDayOf(period), locale);
  return (
    <section className="card" aria-label={t(label)}>
      <Meter
        label={t(label)}
        used={quota.used}
        limit={quota.limit}
        {...(detail ? { detail } : {})}
      />
      {pace ? <p className={risky ? 'quota-pace quota-pace-risk' : 'quota-pace'}>{pace}</p> : null}
      {quota.limit !== null ? (
        <p className="subtle quota-limit">{atLimit(name, resetsOn, t)}</p>
      ) : null}
    </section>
  );
}

export function UsageScreen() {
  const { t, locale } = useTranslator();
  const rich = useRichT();
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
  // The period's days in the user's zone, as the quota messages and the forecast name them.
  const shown = value ? periodShown(value.billingPeriod, now) : null;
  return (
    <div className="page">
      <PageHeader
        title={t('app.screen.usage')}
        meta={
          shown ? (
            <span className="muted">
              {rich('usage.screen.billingPeriod', {
                start: <bdi>{formatDate(shown.firstDay, locale)}</bdi>,
                end: <bdi>{formatDate(shown.lastDay, locale)}</bdi>,
                days: shown.daysLeft,
              })}
            </span>
          ) : undefined
        }
      >
        {offered ? (
          <>
            {summary.fetchedAt ? (
              <span className="subtle">
                <UpdatedAt value={summary.fetchedAt} />
              </span>
            ) : null}
            <Button
              size="sm"
              variant="ghost"
              onClick={() => void load()}
              busy={summary.loading}
              disabled={summary.loading}
            >
              {t('app.freshness.refresh')}
            </Button>
          </>
        ) : null}
      </PageHeader>
      {!offered ? (
        <EmptyState title={t('usage.screen.noReporting')}>
          {missingCapabilityReason('usage', t)}
        </EmptyState>
      ) : value ? (
        <>
          {summary.error ? <InlineError error={summary.error} onRetry={() => void load()} /> : null}
          <p className="usage-whose">
            {org
              ? rich('usage.screen.sharedByOrg', { org: <bdi>{org}</bdi> })
              : t('usage.screen.sharedByTeam')}
          </p>
          <div className="meters">
            {quotasOf(value).map((quota) => (
              <QuotaCard key={quota.name} {...quota} period={value.billingPeriod} now={now} />
            ))}
          </div>
          <p className="subtle usage-note">
            {t('usage.screen.note', { warning: WARNING_AT, critical: CRITICAL_AT, full: 1 })}
          </p>
        </>
      ) : summary.error ? (
        // The feedback states every screen shows for a failed load (as the account section does).
        <ErrorState
          title={t('usage.screen.couldNotLoad')}
          error={summary.error}
          onRetry={() => void load()}
          retrying={summary.loading}
        />
      ) : (
        <Skeleton lines={6} label={t('usage.screen.loading')} />
      )}
    </div>
  );
}
