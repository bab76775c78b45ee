// The tab's deal: looking it up, found (its header, Ask, the answer, its runs), or not in
// Assistant, with a search by name; or the tab is not a deal at all.
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../src/ui/Button';
import { useT } from '../../../src/platform/i18n';
import type { ErrorData } from '../../../electron/contract';
import { Answer } from './Answer';
import { ErrorText } from './ErrorText';
import { AskForm } from './AskForm';
import { useActions, usePanel } from './context';
import { DealHeader } from './DealHeader';
import { NextMeeting } from './NextMeeting';
import { RunList } from './RunList';
import type { FoundFor, Lookup } from './panel-state';
import { useMeetingFirst } from './useMeetingFirst';

function NotInAssistant() {
  const t = useT();
  const actions = useActions();
  const [name, setName] = useState('');
  const id = useId();
  const search = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() !== '') actions.findByName(name.trim());
  };
  return (
    <section className="panel-missing">
      <p>{t('panel.deal.missing')}</p>
      <form onSubmit={search} role="search">
        <label htmlFor={id}>{t('panel.deal.searchLabel')}</label>
        <input id={id} type="search" value={name} onChange={(e) => setName(e.target.value)} />
        <Button type="submit" size="sm">
          {t('panel.deal.search')}
        </Button>
      </form>
    </section>
  );
}

function LookupFailed({ error }: { error: ErrorData }) {
  const t = useT();
  const actions = useActions();
  return (
    <section className="panel-notice">
      <p>{t('panel.deal.failed')}</p>
      <ErrorText error={error} />
      <Button size="sm" onClick={() => void actions.findDeal()}>
        {t('panel.connection.retry')}
      </Button>
    </section>
  );
}

/** Held back: the deal's record number is known, from a host of this CRM the user has not used. */
function OtherHost({ lookup }: { lookup: Extract<Lookup, { status: 'other-host' }> }) {
  const t = useT();
  const actions = useActions();
  const host = lookup.address.host;
  return (
    <section className="panel-notice">
      <p>{t('panel.deal.otherHost', { host, known: lookup.knownHosts.join(', ') })}</p>
      <Button size="sm" onClick={() => actions.confirmHost()}>
        {t('panel.deal.showHost', { host })}
      </Button>
    </section>
  );
}

/**
 * The deal shown: its header, Ask, the answer and its runs, with its next meeting after the header,
 * or first of all in the hour before it starts (./meeting-first.ts).
 */
function Found({ lookup }: { lookup: FoundFor }) {
  const asked = usePanel((s) => s.asked);
  const runs = usePanel((s) => s.runs);
  const meeting = usePanel((s) => s.meeting);
  const attendees = usePanel((s) => s.attendees);
  const prep = usePanel((s) => s.prep);
  const first = useMeetingFirst(meeting?.startsAt);
  const next = meeting ? (
    <NextMeeting meeting={meeting} attendees={attendees} prep={prep?.prep} soon={first} />
  ) : null;
  return (
    <>
      {first ? next : null}
      <DealHeader
        deal={lookup.deal}
        byName={lookup.matchedBy === 'title'}
        firstFromHost={lookup.firstFromHost ? lookup.address.host : undefined}
        organisationHost={lookup.setByOrganisation === true ? lookup.address.host : undefined}
      />
      {first ? null : next}
      <AskForm />
      {asked ? <Answer key={asked.runId} asked={asked} /> : null}
      <RunList runs={runs} />
    </>
  );
}

export function DealLookup({ onOpenOptions }: { onOpenOptions: (() => void) | undefined }) {
  const t = useT();
  const lookup = usePanel((s) => s.lookup);
  switch (lookup.status) {
    case 'no-deal':
      return (
        <section className="panel-hint">
          <p>{t('panel.deal.none')}</p>
          {onOpenOptions !== undefined ? (
            <p>
              {t('panel.deal.ownDomain')}{' '}
              <button type="button" className="panel-link" onClick={onOpenOptions}>
                {t('panel.deal.addDomain')}
              </button>
            </p>
          ) : null}
        </section>
      );
    case 'looking':
      return (
        <p className="panel-hint" role="status">
          {t('panel.deal.looking')}
        </p>
      );
    case 'missing':
      return <NotInAssistant />;
    case 'failed':
      return <LookupFailed error={lookup.error} />;
    case 'unreadable':
      return (
        <p className="panel-notice" role="alert">
          {t('panel.deal.unreadable')}
        </p>
      );
    case 'other-host':
      return <OtherHost lookup={lookup} />;
    case 'found':
      return <Found lookup={lookup} />;
  }
}
