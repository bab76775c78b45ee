// Today: what is up next, then the morning briefing and the next meeting's briefing, shown from
// the saved copy at once (even offline), marked as such until the service confirms them. `#/today/meeting` (a meeting
// notification, the tray) brings the meeting's briefing into view and focus.
import { useEffect } from 'react';
import { useRoute } from '../../platform/router';
import { hasCapability, missingCapabilityReason } from '../../lib/capabilities';
import { useT } from '../../platform/i18n';
import { useHost } from '../../platform/hostStore';
import { EmptyState, ErrorState, InlineError, Skeleton } from '../../ui/Feedback';
import { Freshness } from '../../ui/Freshness';
import { formatDay } from '../../lib/format';
import { PageHeader } from '../../ui/PageHeader';
import { BriefingView } from './BriefingView';
import { MeetingPrepView } from './MeetingPrep';
import { focusBriefing } from './focusBriefing';
import { TodayNotice } from './TodayNotice';
import { UpNext } from './UpNext';
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
    // Named "Next meeting <title>": which card it is, whatever the briefing's title says.
    <section
      className={`card briefing-card briefing-${kind}`}
      aria-labelledby={`${headingId}-kind ${headingId}`}
    >
      <header className="card-head">
        <div>
          <p className="eyebrow" id={`${headingId}-kind`}>
            {headings[kind]}
          </p>
          <h2 id={headingId} tabIndex={-1}>
            {briefing?.title ?? headings[kind]}
          </h2>
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
        kind === 'meeting' ? (
          <MeetingPrepView briefing={briefing} />
        ) : (
          <BriefingView briefing={briefing} />
        )
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

/** Scrolls to and focuses the briefing a notification opened, once it is on screen. */
function useOpenSection(): void {
  const route = useRoute();
  const section = route.name === 'today' ? route.section : undefined;
  const shown = useBriefings((s) => (section ? s[section].value !== undefined : false));
  useEffect(() => {
    if (section) focusBriefing(section);
  }, [section, shown]);
}

export function TodayScreen() {
  const t = useT();
  useOpenSection();
  const metadata = useHost((s) => s.metadata.value);
  const briefingsOffered = hasCapability(metadata, 'briefings');
  useEffect(() => {
    if (!briefingsOffered) return;
    const { morning, meeting, load } = useBriefings.getState();
    // From cache at once; the host refreshes in the background and tells us (data.refreshed).
    if (!morning.value && !morning.loading) void load('morning');
    if (!meeting.value && !meeting.loading) void load('meeting');
  }, [briefingsOffered]);

  const today = formatDay(new Date());
  return (
    <div className="page page-today">
      <PageHeader title="Today" meta={<span className="muted">{today}</span>} />
      <TodayNotice />
      {briefingsOffered ? (
        <>
          <UpNext />
          <div className="today-grid">
            <BriefingCard kind="morning" />
            <BriefingCard kind="meeting" />
          </div>
        </>
      ) : (
        <EmptyState title="No briefings">{missingCapabilityReason('briefings', t)}</EmptyState>
      )}
    </div>
  );
}
