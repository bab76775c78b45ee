// What the next-meeting card says about the prep that runs by itself: when it will be prepared
// (quietly), that it is being prepared, the ready answer's first lines with "Read the prep", or
// in one line why it was not prepared. Opening the answer marks it read. A prep the card already
// shows in full (its Prepare was pressed here) needs no line of its own.
import { useEffect } from 'react';
import type { AutoPrepMeeting, AutoPrepStatus } from '../../../electron/contract';
import type { MeetingInfo } from '../../../electron/domain/briefings/meetings';
import { prepRunOf } from '../../../electron/domain/briefings/prepare';
import { openAndFocus } from '../../platform/focusWhenShown';
import { useTranslator } from '../../platform/i18n';
import { formatTime } from '../../lib/format';
import { Button } from '../../ui/Button';
import { DetailsForIt } from '../../ui/DetailsForIt';
import { useUsage } from '../usage';
import { useAutoPrep } from './autoPrepStore';
import { useBriefings } from './store';
import { skippedLine } from './autoPrepWords';

/** This meeting's entry in core's list: by its key, else by the same start and title. */
export function autoPrepFor(
  meetings: readonly AutoPrepMeeting[] | undefined,
  meeting: MeetingInfo,
): AutoPrepMeeting | undefined {
  if (meetings === undefined) return undefined;
  return (
    meetings.find((m) => m.meetingKey === meeting.key) ??
    meetings.find(
      (m) =>
        meeting.startsAt !== undefined &&
        Date.parse(m.startsAt) === Date.parse(meeting.startsAt) &&
        (meeting.title === undefined || m.title === meeting.title),
    )
  );
}

/** Opens the prep's answer in its own view (which marks it read: ./markPrepRead). */
export function openPrep(runId: string): void {
  openAndFocus({ name: 'runs', runId });
}

function ReadyPrep({ prep }: { prep: Extract<AutoPrepStatus, { status: 'ready' }> }) {
  const { t, locale } = useTranslator();
  const lines = prep.firstLines.trim();
  return (
    <section
      className={prep.read ? 'auto-prep-ready' : 'auto-prep-ready is-unread'}
      aria-labelledby="auto-prep-h"
    >
      <div className="auto-prep-head">
        <h3 id="auto-prep-h">{t('briefings.autoPrep.heading')}</h3>
        <span className="subtle">
          {t('briefings.autoPrep.readyAt', { time: formatTime(prep.finishedAt, locale) })}
        </span>
        {prep.read ? null : <span className="badge">{t('briefings.autoPrep.new')}</span>}
      </div>
      {/* The answer's own words, in their own direction; cut to three lines by the style. */}
      <p className="auto-prep-lines" dir="auto">
        {lines === '' ? t('briefings.autoPrep.noLines') : lines}
      </p>
      <div className="auto-prep-actions">
        <Button variant="primary" size="sm" onClick={() => openPrep(prep.runId)}>
          {t('briefings.autoPrep.read')}
        </Button>
        <DetailsForIt>
          <p className="run-ids">
            <span>
              {t('runs.panel.runId')} <code>{prep.runId}</code>
            </span>
          </p>
        </DetailsForIt>
      </div>
    </section>
  );
}

export function AutoPrepOnCard({ meeting }: { meeting: MeetingInfo }) {
  const { t, locale } = useTranslator();
  const entry = useAutoPrep((s) => autoPrepFor(s.preps.value?.meetings, meeting));
  // The prep the card shows in full already (./markPrepRead marks it read).
  const prepRun = entry === undefined ? undefined : prepRunOf(entry.prep);
  const shownOnCard = useBriefings(
    (s) => prepRun !== undefined && s.prepared[meeting.key] === prepRun,
  );
  const usage = useUsage((s) => s.summary.value);
  // The quota's line says how many runs are left: read usage if Today has not yet.
  const quotaSkipped = entry?.prep.status === 'skipped' && entry.prep.reason === 'quota';
  useEffect(() => {
    const { summary, load } = useUsage.getState();
    if (quotaSkipped && summary.value === undefined && !summary.loading) void load();
  }, [quotaSkipped]);
  if (entry === undefined || shownOnCard) return null;
  const { prep } = entry;
  switch (prep.status) {
    case 'ready':
      return <ReadyPrep prep={prep} />;
    case 'scheduled':
      return (
        <p className="auto-prep-line subtle">
          {t('briefings.autoPrep.scheduled', { time: formatTime(prep.at, locale) })}
        </p>
      );
    case 'running':
      return (
        <p className="auto-prep-line" role="status">
          {t('briefings.autoPrep.running')}
        </p>
      );
    case 'skipped': {
      const line = skippedLine(prep.reason, usage, t);
      return line === undefined ? null : <p className="auto-prep-line auto-prep-skipped">{line}</p>;
    }
  }
}
