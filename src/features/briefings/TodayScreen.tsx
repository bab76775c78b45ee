// Today: what is up next, then the morning briefing and the next meeting's briefing, shown from
// the saved copy at once (even offline), marked as such until the service confirms them. `#/today/meeting` (a meeting
// notification, the tray) brings the meeting's briefing into view and focus.
import { useEffect } from 'react';
import type { MessageId } from '../../../electron/domain/i18n/messages';
import { useT, useTranslator } from '../../platform/i18n';
import { useRoute } from '../../platform/router';
import { hasCapability, missingCapabilityReason } from '../../lib/capabilities';
import { useHost } from '../../platform/hostStore';
import { EmptyState, ErrorState, InlineError, Skeleton } from '../../ui/Feedback';
import { Freshness } from '../../ui/Freshness';
import { formatDay } from '../../lib/format';
import { PageHeader } from '../../ui/PageHeader';
import { BriefingView } from './BriefingView';
import { MeetingPrepView } from './MeetingPrep';
import { focusBriefing } from './focusBriefing';
import { TodayNotice } from './TodayNotice';
import { AutoPrepNotice } from './AutoPrepNotice';
import { useAutoPrep } from './autoPrepStore';
import { UpNext } from './UpNext';
import { useBriefings } from './store';
import type { BriefingKind } from './store';

/** Each card's words: its heading, and how a sentence names it. */
const words = {
  morning: {
    heading: 'briefings.today.morning',
    inSentence: 'briefings.today.morningInSentence',
    loadFailed: 'briefings.today.loadMorningFailed',
    loading: 'briefings.today.loadingMorning',
  },
  meeting: {
    heading: 'briefings.today.meeting',
    inSentence: 'briefings.today.meetingInSentence',
    loadFailed: 'briefings.today.loadMeetingFailed',
    loading: 'briefings.today.loadingMeeting',
  },
} as const satisfies Record<BriefingKind, Record<string, MessageId>>;

function BriefingCard({ kind }: { kind: BriefingKind }) {
  const t = useT();
  const heading = t(words[kind].heading);
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
            {heading}
          </p>
          {/* The service's title, in the direction it is written in. */}
          <h2 id={headingId} tabIndex={-1} dir="auto">
            {briefing?.title ?? heading}
          </h2>
        </div>
        <Freshness
          state={state}
          onRefresh={() => void load(kind, true)}
          label={t(words[kind].inSentence)}
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
          title={t(words[kind].loadFailed)}
          error={state.error}
          onRetry={() => void load(kind, true)}
          retrying={state.loading}
        />
      ) : (
        <Skeleton lines={5} label={t(words[kind].loading)} />
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
  const { t, locale } = useTranslator();
  useOpenSection();
  const metadata = useHost((s) => s.metadata.value);
  const briefingsOffered = hasCapability(metadata, 'briefings');
  useEffect(() => {
    if (!briefingsOffered) return;
    const { morning, meeting, load } = useBriefings.getState();
    // From cache at once; the host refreshes in the background and tells us (data.refreshed).
    if (!morning.value && !morning.loading) void load('morning');
    if (!meeting.value && !meeting.loading) void load('meeting');
    // Kept current by autoPrep.changed once read.
    const preps = useAutoPrep.getState().preps;
    if (!preps.value && !preps.loading) void useAutoPrep.getState().load();
  }, [briefingsOffered]);

  const today = formatDay(new Date(), locale);
  return (
    <div className="page page-today">
      <PageHeader title={t('app.screen.today')} meta={<span className="muted">{today}</span>} />
      <TodayNotice />
      {briefingsOffered ? (
        <>
          <AutoPrepNotice />
          <UpNext />
          <div className="today-grid">
            <BriefingCard kind="morning" />
            <BriefingCard kind="meeting" />
          </div>
        </>
      ) : (
        <EmptyState title={t('briefings.today.noBriefings')}>
          {missingCapabilityReason('briefings', t)}
        </EmptyState>
      )}
    </div>
  );
}
