// The day's meetings as a to-do list: the time in the user's zone, what and where, the deal to
// open; meetings already over are dimmed and say so, the one in progress says "Now".
import type { MeetingInfo } from '../../../electron/domain/briefings/meetings';
import { RouteLink } from '../../ui/RouteLink';
import { formatTime } from '../../lib/format';
import { useTicking } from '../../ui/Time';
import { useTranslator } from '../../platform/i18n';

// A briefing that gives no end: a meeting counts as over an hour after it started.
const ASSUMED_LENGTH_MS = 60 * 60_000;

export type MeetingPhase = 'over' | 'now' | 'later';

export function meetingPhase(meeting: MeetingInfo, now: number): MeetingPhase {
  if (meeting.startsAt === undefined) return 'later';
  const start = Date.parse(meeting.startsAt);
  if (now < start) return 'later';
  const end = meeting.endsAt === undefined ? start + ASSUMED_LENGTH_MS : Date.parse(meeting.endsAt);
  return now < end ? 'now' : 'over';
}

export function DealLink({ dealId, name }: { dealId: string; name: string }) {
  return (
    <RouteLink to={{ name: 'deals', dealId }} className="deal-link">
      {name}
    </RouteLink>
  );
}

export function MeetingList({
  meetings,
  dealNames,
  label,
}: {
  meetings: readonly MeetingInfo[];
  dealNames: ReadonlyMap<string, string>;
  label: string;
}) {
  const { t, locale } = useTranslator();
  const now = useTicking(true, 30_000);
  return (
    <ol className="meeting-list" aria-label={label}>
      {meetings.map((meeting) => {
        const phase = meetingPhase(meeting, now);
        const dealName = meeting.dealId === undefined ? undefined : dealNames.get(meeting.dealId);
        return (
          <li key={meeting.key} className={`meeting-row meeting-${phase}`}>
            <span className="meeting-time">
              {meeting.startsAt === undefined ? (
                '—'
              ) : (
                <time dateTime={meeting.startsAt}>{formatTime(meeting.startsAt, locale)}</time>
              )}
            </span>
            <span className="meeting-what">
              <bdi className="meeting-title">
                {meeting.title ?? t('briefings.meeting.untitled')}
              </bdi>
              {meeting.location ? (
                <span className="muted">
                  {' · '}
                  <bdi>{meeting.location}</bdi>
                </span>
              ) : null}
              {phase === 'over' ? (
                <span className="meeting-phase"> · {t('briefings.meetingList.over')}</span>
              ) : null}
              {phase === 'now' ? (
                <span className="badge meeting-phase">{t('briefings.meetingList.now')}</span>
              ) : null}
            </span>
            {meeting.dealId !== undefined ? (
              <span className="meeting-deal">
                <DealLink
                  dealId={meeting.dealId}
                  name={dealName ?? t('briefings.meeting.openTheDeal')}
                />
              </span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
