// The deal's next meeting, from the service's meeting briefing when it is about this deal: when it
// starts and how soon, where, and the briefing's summary in the renderer's markdown; with the
// prep the app ran by itself before it (issue 38) in the words Today's card uses, whose answer
// opens here as an earlier run's does.
import { useEffect, useId } from 'react';
import type { AutoPrepStatus } from '../../../electron/contract';
import { timeUntil, type MeetingInfo } from '../../../electron/domain/briefings/meetings';
import { formatDay, formatTime } from '../../../src/lib/format';
import { useT, useTranslator } from '../../../src/platform/i18n';
import { Button } from '../../../src/ui/Button';
import { Markdown } from '../../../src/ui/markdown';
import { useActions } from './context';

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
      return <p className="panel-hint">{t('briefings.autoPrep.running')}</p>;
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

export function NextMeeting({
  meeting,
  prep,
}: {
  meeting: MeetingInfo;
  prep: AutoPrepStatus | undefined;
}) {
  const t = useT();
  const { locale } = useTranslator();
  const { refreshMeeting } = useActions();
  const heading = useId();
  const starts = meeting.startsAt;
  useEffect(() => {
    const timer = setInterval(() => void refreshMeeting(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [refreshMeeting]);
  return (
    <section className="panel-meeting" aria-labelledby={heading}>
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
      {prep ? <PrepLine prep={prep} /> : null}
      {meeting.summary ? <Markdown text={meeting.summary} /> : null}
    </section>
  );
}
