// Today: the morning briefing and the next meeting's briefing, shown from the saved copy at once
// (even offline), marked as such until the service confirms them.
import { useEffect } from 'react';
import { hasCapability, missingCapabilityReason, useAccount } from '../account/store';
import { EmptyState, ErrorState, InlineError, Skeleton } from '../../ui/Feedback';
import { Freshness } from '../../ui/Freshness';
import { PageHeader } from '../../ui/PageHeader';
import { BriefingView } from './BriefingView';
import { useBriefings } from './store';
import type { BriefingKind } from './store';

const headings: Record<BriefingKind, string> = {
  morning: 'Morning briefing',
  meeting: 'Next meeting',
};

function BriefingCard({ kind }: { kind: BriefingKind }) {
  const state = useBriefings((s) => s[kind]);
  const load = useBriefings((s) => s.load);
  const headingId = `briefing-${kind}`;
  const briefing = state.value;
  return (
    <section className={`card briefing-card briefing-${kind}`} aria-labelledby={headingId}>
      <header className="card-head">
        <div>
          <p className="eyebrow">{headings[kind]}</p>
          <h2 id={headingId}>{briefing?.title ?? headings[kind]}</h2>
        </div>
        <Freshness
          state={state}
          onRefresh={() => void load(kind, true)}
          label={headings[kind].toLowerCase()}
        />
      </header>
      {state.error && briefing ? (
        <InlineError error={state.error} onRetry={() => void load(kind, true)} />
      ) : null}
      {briefing ? (
        <BriefingView briefing={briefing} />
      ) : state.error ? (
        <ErrorState
          title={`Could not load the ${headings[kind].toLowerCase()}`}
          error={state.error}
          onRetry={() => void load(kind, true)}
          retrying={state.loading}
        />
      ) : (
        <Skeleton lines={5} label={`Loading the ${headings[kind].toLowerCase()}…`} />
      )}
    </section>
  );
}

export function TodayScreen() {
  const metadata = useAccount((s) => s.metadata.value);
  const briefingsOffered = hasCapability(metadata, 'briefings');
  useEffect(() => {
    if (!briefingsOffered) return;
    const { morning, meeting, load } = useBriefings.getState();
    // From cache at once; the host refreshes in the background and tells us (data.refreshed).
    if (!morning.value && !morning.loading) void load('morning');
    if (!meeting.value && !meeting.loading) void load('meeting');
  }, [briefingsOffered]);

  const today = new Intl.DateTimeFormat(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(new Date());
  return (
    <div className="page page-today">
      <PageHeader title="Today" meta={<span className="muted">{today}</span>} />
      {briefingsOffered ? (
        <div className="today-grid">
          <BriefingCard kind="morning" />
          <BriefingCard kind="meeting" />
        </div>
      ) : (
        <EmptyState title="No briefings">{missingCapabilityReason('briefings')}</EmptyState>
      )}
    </div>
  );
}
