// The next meeting as a prep card, in the spirit of Copilot for Sales: the meeting in one line,
// what is at stake, Prepare (whose answer streams here), the service's brief, who comes (role,
// last contact), risks. A meeting naming no deal id is linked to the deal its title names.
// A briefing about no recognisable meeting is shown as any briefing is.
import { lazy, Suspense, useEffect, useMemo } from 'react';
import type { Briefing } from '../../../electron/contract';
import { formatDate, formatRelative, formatTime } from '../../lib/format';
import { Button } from '../../ui/Button';
import { InlineError, Skeleton } from '../../ui/Feedback';
import { useTicking } from '../../ui/Time';
import { useT, useTranslator } from '../../platform/i18n';
import { useDeals } from '../deals';
import { BriefingView } from './BriefingView';
import {
  meetingPrepOf,
  stakeOf,
  whoNames,
  type MeetingPrep,
  type PrepAttendee,
} from '../../lib/meetingPrep';
import { NameList } from '../../ui/NameList';
import { Sentence } from '../../ui/Sentence';
import { useRichT } from '../../ui/richText';
import { DealLink } from './MeetingList';
import { prepareLabel, usePrepare } from './usePrepare';
import { PrepBrief } from './PrepBrief';
import { useNamedDeal } from './useNamedDeal';
import { AutoPrepOnCard } from './AutoPrepOnCard';

// Loaded on the first Prepare: the run panel (and its markdown) stays out of Today's first paint.
const RunPanel = lazy(() => import('../runs/views').then((m) => ({ default: m.RunPanel })));

function MeetingLine({ prep }: { prep: MeetingPrep }) {
  const translator = useTranslator();
  const richT = useRichT();
  const { t, locale } = translator;
  const { meeting } = prep;
  const who = whoNames(prep.attendees, translator);
  return (
    <p className="prep-line">
      {meeting.startsAt !== undefined ? (
        <strong>
          <time dateTime={meeting.startsAt}>{formatTime(meeting.startsAt, locale)}</time>
          {meeting.endsAt !== undefined ? <>–{formatTime(meeting.endsAt, locale)}</> : null}
        </strong>
      ) : null}
      {meeting.location ? (
        <span>
          {' · '}
          <bdi>{meeting.location}</bdi>
        </span>
      ) : null}
      {who !== undefined ? (
        <span>
          {' · '}
          {richT('briefings.prep.with', { people: <NameList key="people" names={who} /> })}
        </span>
      ) : null}
      {meeting.dealId !== undefined ? (
        <span>
          {' · '}
          <DealLink
            dealId={meeting.dealId}
            name={prep.dealName ?? t('briefings.meeting.openTheDeal')}
          />
          {prep.dealByName === true ? (
            <>
              {' '}
              <span className="subtle deal-by-name">{t('briefings.prep.dealByName')}</span>
            </>
          ) : null}
        </span>
      ) : null}
    </p>
  );
}

function Stake({ dealId }: { dealId: string }) {
  const { t, locale } = useTranslator();
  const deal = useDeals((s) => s.details[dealId]?.value);
  useEffect(() => {
    const state = useDeals.getState().details[dealId];
    if (!state?.value && !state?.loading) void useDeals.getState().loadDeal(dealId);
  }, [dealId]);
  if (deal === undefined) return null;
  const stake = stakeOf(deal);
  const facts: [string, string | undefined][] = [
    [t('briefings.prep.amount'), stake.amount],
    [t('briefings.prep.stage'), stake.stage],
    [
      t('briefings.prep.closes'),
      stake.closeDate === undefined ? undefined : formatDate(stake.closeDate, locale),
    ],
  ];
  return (
    <section className="prep-stake" aria-label={t('briefings.prep.stake')}>
      <dl className="prep-facts">
        {facts.map(([label, value]) =>
          value === undefined ? null : (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ),
        )}
      </dl>
      {stake.nextStep !== undefined ? (
        <p className="prep-next-step">
          <span className="subtle">{t('briefings.prep.nextStep')}</span> <bdi>{stake.nextStep}</bdi>
        </p>
      ) : null}
    </section>
  );
}

function Attendee({ person, now }: { person: PrepAttendee; now: number }) {
  const { t, locale } = useTranslator();
  const { role, company } = person;
  const about =
    role !== undefined && company !== undefined
      ? t('briefings.prep.roleAtCompany', { role, company })
      : (role ?? company ?? '');
  return (
    <li className="prep-person">
      <span className="prep-person-name" dir="auto">
        {person.name}
      </span>
      {about !== '' ? (
        <span className="subtle">
          {' · '}
          <bdi>{about}</bdi>
        </span>
      ) : null}
      {person.email !== undefined ? (
        <a className="prep-person-email" href={`mailto:${person.email}`}>
          {person.email}
        </a>
      ) : null}
      {person.lastContactAt !== undefined ? (
        <span className="prep-person-contact subtle">
          {t('briefings.prep.lastContact', {
            when: formatRelative(person.lastContactAt, now, locale),
          })}
        </span>
      ) : null}
    </li>
  );
}

function TextList({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <section className="brief-section" aria-label={title}>
      <h3>{title}</h3>
      <ul className="brief-list">
        {items.map((item, i) => (
          <li key={i} dir="auto">
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}

function PrepareAction({ prep }: { prep: MeetingPrep }) {
  const t = useT();
  const prepare = usePrepare(prep.meeting);
  // A prep that ran by itself counts as one: pressing the button again prepares afresh. One
  // being written now is shown here as it streams (Prepare gets the meeting's one prep).
  const { autoStatus } = prepare;
  const autoReady = autoStatus === 'ready';
  return (
    <div className="prep-action">
      {prepare.start !== undefined ? (
        <Button
          // With a prep waiting, reading it is the card's first action, not preparing again.
          variant={autoReady ? 'secondary' : 'primary'}
          busy={prepare.busy}
          disabled={prepare.busy}
          onClick={() => void prepare.start?.()}
        >
          {prepareLabel(t, prepare)}
        </Button>
      ) : null}
      {prepare.agentName !== undefined && prepare.start !== undefined ? (
        <span className="subtle">
          <Sentence id="briefings.prep.withAgent" values={{ agent: prepare.agentName }} />
        </span>
      ) : null}
      {prepare.error ? <InlineError error={prepare.error} /> : null}
      {prepare.runId !== undefined ? (
        <Suspense fallback={<Skeleton lines={3} label={t('briefings.prep.loadingAnswer')} />}>
          <RunPanel key={prepare.runId} runId={prepare.runId} compact />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The prep with the deal its title names when the briefing names none (said on the card). */
function withNamedDeal(
  prep: MeetingPrep | undefined,
  named: ReturnType<typeof useNamedDeal>,
): MeetingPrep | undefined {
  if (prep === undefined || named === undefined) return prep;
  return {
    ...prep,
    meeting: { ...prep.meeting, dealId: named.dealId },
    dealName: named.dealName,
    dealByName: true,
  };
}

export function MeetingPrepView({ briefing }: { briefing: Briefing }) {
  const read = useMemo(() => meetingPrepOf(briefing.data), [briefing.data]);
  const named = useNamedDeal(read?.meeting);
  const prep = useMemo(() => withNamedDeal(read, named), [read, named]);
  const dealId = prep?.meeting.dealId;
  const deal = useDeals((s) => (dealId === undefined ? undefined : s.details[dealId]?.value));
  const withContacts = useMemo(
    () => (deal === undefined ? prep : withNamedDeal(meetingPrepOf(briefing.data, deal), named)),
    [briefing.data, deal, prep, named],
  );
  const now = useTicking(true, 60_000);
  const t = useT();
  if (withContacts === undefined) return <BriefingView briefing={briefing} />;
  return (
    <div className="briefing meeting-prep">
      <MeetingLine prep={withContacts} />
      {dealId !== undefined ? <Stake dealId={dealId} /> : null}
      <AutoPrepOnCard meeting={withContacts.meeting} />
      <PrepareAction prep={withContacts} />
      {withContacts.brief !== undefined ? <PrepBrief text={withContacts.brief} /> : null}
      {withContacts.attendees.length > 0 ? (
        <section className="brief-section" aria-label={t('briefings.prep.whoIsComing')}>
          <h3>{t('briefings.prep.whoIsComing')}</h3>
          <ul className="prep-people">
            {withContacts.attendees.map((person, i) => (
              <Attendee key={i} person={person} now={now} />
            ))}
          </ul>
        </section>
      ) : null}
      <TextList title={t('briefings.prep.risks')} items={withContacts.risks} />
      <TextList title={t('briefings.prep.talkingPoints')} items={withContacts.talkingPoints} />
      <TextList title={t('briefings.prep.agenda')} items={withContacts.agenda} />
    </div>
  );
}
