// The deal's next meeting, from the service's meeting briefing when it is about this deal: when it
// starts and how soon, where, and the briefing's summary in the renderer's markdown.
import { useId } from 'react';
import { timeUntil, type MeetingInfo } from '../../../electron/domain/briefings/meetings';
import { formatDate, formatTime } from '../../../src/lib/format';
import { useT, useTranslator } from '../../../src/platform/i18n';
import { Markdown } from '../../../src/ui/markdown';

export function NextMeeting({ meeting }: { meeting: MeetingInfo }) {
  const t = useT();
  const { locale } = useTranslator();
  const heading = useId();
  const starts = meeting.startsAt;
  return (
    <section className="panel-meeting" aria-labelledby={heading}>
      <h2 id={heading}>{t('panel.meeting.heading')}</h2>
      {meeting.title ? <p className="panel-meeting-title">{meeting.title}</p> : null}
      {starts ? (
        <p className="panel-hint">
          {t('panel.meeting.when', {
            day: formatDate(starts, locale),
            time: formatTime(starts, locale),
            until: timeUntil(starts, new Date(), t),
          })}
        </p>
      ) : null}
      {meeting.location ? <p className="panel-hint">{meeting.location}</p> : null}
      {meeting.summary ? <Markdown text={meeting.summary} /> : null}
    </section>
  );
}
