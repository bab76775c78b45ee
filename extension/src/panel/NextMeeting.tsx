// The deal's next meeting, from the service's meeting briefing when it is about this deal: when it
// starts and how soon, where, who comes from the other side (as Today's card says it), and the
// briefing's summary in the renderer's markdown; with the prep the app ran by itself before it
// (issue 38) in the words Today's card uses, whose answer opens here as an earlier run's does,
// and Prepare while none has run (./prepare-action.ts).
// In the hour before it, the panel puts it first (`soon`, ./meeting-first.ts).
import { useEffect, useId } from 'react';
import type { AutoPrepStatus } from '../../../electron/contract';
import { timeUntil, type MeetingInfo } from '../../../electron/domain/briefings/meetings';
import { prepRunOf } from '../../../electron/domain/briefings/prepare';
import { formatDay, formatTime } from '../../../src/lib/format';
import { useT, useTranslator } from '../../../src/platform/i18n';
import { Button } from '../../../src/ui/Button';
import { Markdown } from '../../../src/ui/markdown';
import { NameList } from '../../../src/ui/NameList';
import { useRichT } from '../../../src/ui/richText';
import { whoNames, type PrepAttendee } from '../../../src/lib/meetingPrep';
import { useActions, usePanel } from './context';
import { ErrorText } from './ErrorText';

/** Read again this often while shown: the prep runs and ends, "in 25 min" counts down. */
const REFRESH_MS = 60_000;

function PrepLine({ prep }: { prep: AutoPrepStatus }) {
  const t = useT();
  const { locale } = useTranslator();
  const actions = useActions();
  switch (prep.status) {
    case 'ready':
      return (
        <div className="panel-prep" role="group" aria-label={t('briefings.autoPrep.heading')}>
          <h3>{t('briefings.autoPrep.heading')}</h3>
          <p className="panel-prep-lines" dir="auto">
            {prep.firstLines.trim() === '' ? t('briefings.autoPrep.noLines') : prep.firstLines}
          </p>
          <Button size="sm" onClick={() => void actions.openRun(prep.runId, undefined)}>
            {t('briefings.autoPrep.read')}
          </Button>
        </div>
      );
    case 'running':
      return (
        <div className="panel-prep-running">
          <p className="panel-hint">{t('briefings.autoPrep.running')}</p>
          <Button size="sm" onClick={() => void actions.openRun(prep.runId, undefined)}>
            {t('briefings.autoPrep.read')}
          </Button>
        </div>
      );
    case 'scheduled':
      return (
        <p className="panel-hint">
          {t('briefings.autoPrep.scheduled', { time: formatTime(prep.at, locale) })}
        </p>
      );
    case 'skipped':
      // Why not is said on Today, with the way forward there (Settings, the quota).
      return null;
  }
}

/** Prepare while no prep runs or is ready: the app starts it (or answers the one there). */
function PrepareAction({ prep }: { prep: AutoPrepStatus | undefined }) {
  const t = useT();
  const actions = useActions();
  const state = usePanel((s) => s.preparing);
  if (prep !== undefined && prepRunOf(prep) !== undefined) return null;
  return (
    <div className="panel-prepare">
      <Button size="sm" variant="primary" busy={state.busy} onClick={() => void actions.prepare()}>
        {t('briefings.prep.prepare')}
      </Button>
      {state.notStarted === true ? (
        <p className="panel-error" role="alert">
          {t('panel.meeting.prepNotStarted')}
        </p>
      ) : null}
      {state.error ? <ErrorText error={state.error} /> : null}
    </div>
  );
}

export function NextMeeting({
  meeting,
  attendees,
  prep,
  soon = false,
}: {
  meeting: MeetingInfo;
  /** Who comes, as the briefing lists them: the other side's names are said, as on Today. */
  attendees: readonly PrepAttendee[];
  prep: AutoPrepStatus | undefined;
  /** In the hour before it: first in the panel, marked as coming up. */
  soon?: boolean;
}) {
  const t = useT();
  const translator = useTranslator();
  const { locale } = translator;
  const richT = useRichT();
  const who = whoNames(attendees, translator);
  const { refreshMeeting } = useActions();
  const heading = useId();
  const starts = meeting.startsAt;
  useEffect(() => {
    const timer = setInterval(() => void refreshMeeting(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [refreshMeeting]);
  return (
    <section
      className={soon ? 'panel-meeting panel-meeting-soon' : 'panel-meeting'}
      aria-labelledby={heading}
    >
      <h2 id={heading}>{t('panel.meeting.heading')}</h2>
      {meeting.title ? <p className="panel-meeting-title">{meeting.title}</p> : null}
      {starts ? (
        <p className="panel-hint">
          {t('panel.meeting.when', {
            // The day alone: its time follows (a date-time here read "11:00 PM, 11:00 PM").
            day: formatDay(new Date(starts), locale),
            time: formatTime(starts, locale),
            until: timeUntil(starts, new Date(), t),
          })}
        </p>
      ) : null}
      {meeting.location ? <p className="panel-hint">{meeting.location}</p> : null}
      {who !== undefined ? (
        <p className="panel-hint">
          {richT('briefings.prep.with', { people: <NameList key="people" names={who} /> })}
        </p>
      ) : null}
      {prep ? <PrepLine prep={prep} /> : null}
      <PrepareAction prep={prep} />
      {meeting.summary ? <Markdown text={meeting.summary} /> : null}
    </section>
  );
}
