// "Up next" at the top of Today: the next meeting, when it starts in the user's zone and how soon,
// with Prepare (the prep agent on its deal, answering on the meeting card) and its deal, so a
// small screen shows it without scrolling under a long morning briefing.
import { useMemo } from 'react';
import type { Briefing } from '../../../electron/contract';
import {
  meetingsOf,
  timeUntil,
  upcomingMeeting,
  type MeetingInfo,
} from '../../../electron/domain/briefings/meetings';
import { openAndFocus } from '../../platform/focusWhenShown';
import { useTranslator } from '../../platform/i18n';
import { formatTime } from '../../lib/format';
import { useTicking } from '../../ui/Time';
import { Button } from '../../ui/Button';
import { InlineError } from '../../ui/Feedback';
import { prepareLabel, usePrepare } from './usePrepare';
import { useNamedDeal } from './useNamedDeal';
import { DealLink } from './MeetingList';
import { dealNamesIn } from './layout';
import { useBriefings } from './store';
import { autoPrepFor, openPrep } from './AutoPrepOnCard';
import { useAutoPrep } from './autoPrepStore';

/** The meeting briefing's meetings first: they are the ones "Prepare" has a briefing for. */
function allMeetings(meeting?: Briefing, morning?: Briefing): MeetingInfo[] {
  const byKey = new Map<string, MeetingInfo>();
  for (const briefing of [morning, meeting]) {
    if (briefing) for (const m of meetingsOf(briefing.data)) byKey.set(m.key, m);
  }
  return [...byKey.values()];
}

function dealNamesOf(...briefings: (Briefing | undefined)[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const b of briefings)
    if (b) for (const [id, name] of dealNamesIn(b.data)) names.set(id, name);
  return names;
}

export function UpNext() {
  const { t, locale } = useTranslator();
  const morning = useBriefings((s) => s.morning.value);
  const meeting = useBriefings((s) => s.meeting.value);
  const now = useTicking(true, 30_000);
  const meetings = useMemo(() => allMeetings(meeting, morning), [meeting, morning]);
  // The meetings the meeting briefing prepares for: "Prepare" opens it for those.
  const briefedKeys = useMemo(
    () => new Set(meeting ? meetingsOf(meeting.data).map((m) => m.key) : []),
    [meeting],
  );
  const names = useMemo(() => dealNamesOf(morning, meeting), [morning, meeting]);
  const upcoming = upcomingMeeting(meetings, new Date(now));
  // A meeting naming no deal id gets the deal its title names, as its card does.
  const named = useNamedDeal(upcoming);
  const next = upcoming && named ? { ...upcoming, dealId: named.dealId } : upcoming;
  // Prepare starts the prep agent on the meeting's deal; its answer streams on the meeting card.
  const prepare = usePrepare(next !== undefined && briefedKeys.has(next.key) ? next : undefined);
  // The prep that ran by itself, offered here too: the card may be below the fold.
  const ready = useAutoPrep((s) => {
    const prep = next === undefined ? undefined : autoPrepFor(s.preps.value?.meetings, next)?.prep;
    return prep?.status === 'ready' ? prep.runId : undefined;
  });
  if (next === undefined) return null;
  const dealName =
    named?.dealName ?? (next.dealId === undefined ? undefined : names.get(next.dealId));
  return (
    <section className="up-next" aria-labelledby="up-next-kind up-next-title">
      <div className="up-next-text">
        <p className="eyebrow" id="up-next-kind">
          {t('briefings.upNext.label')}
        </p>
        <p className="up-next-line">
          {/* Isolated: a title in Arabic or Hebrew must not reorder the time written after it. */}
          <strong id="up-next-title">
            <bdi>{next.title ?? t('briefings.meeting.untitled')}</bdi>
          </strong>
          {next.startsAt !== undefined ? (
            <span>
              {' · '}
              <time dateTime={next.startsAt}>{formatTime(next.startsAt, locale)}</time>
              {` (${timeUntil(next.startsAt, new Date(now), t)})`}
            </span>
          ) : null}
        </p>
        {next.dealId !== undefined && dealName !== undefined ? (
          <p className="up-next-deal">
            <DealLink dealId={next.dealId} name={dealName} />
            {named !== undefined ? (
              <>
                {' '}
                <span className="subtle deal-by-name">{t('briefings.prep.dealByName')}</span>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
      {prepare.error ? <InlineError error={prepare.error} /> : null}
      <div className="up-next-actions">
        {ready !== undefined ? (
          <Button variant="primary" onClick={() => openPrep(ready)}>
            {t('briefings.autoPrep.read')}
          </Button>
        ) : null}
        {prepare.start !== undefined && ready === undefined ? (
          <Button
            variant="primary"
            busy={prepare.busy}
            disabled={prepare.busy}
            onClick={() => void prepare.start?.()}
          >
            {prepareLabel(t, prepare)}
          </Button>
        ) : null}
        {next.dealId !== undefined && dealName === undefined ? (
          <button
            type="button"
            className="btn"
            onClick={() => openAndFocus({ name: 'deals', dealId: next.dealId as string })}
          >
            {t('briefings.meeting.openDeal')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
