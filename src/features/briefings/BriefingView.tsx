// A briefing rendered from its layout plan (layout.ts): facts, text, sections with their meetings
// or remaining deal chips, lists, and anything else as readable fields.
import { useMemo } from 'react';
import type { Briefing } from '../../../electron/contract';
import { humanizeKey } from '../../lib/format';
import { RouteLink } from '../../ui/RouteLink';
import { Markdown } from '../../ui/markdown';
import { RecordView } from '../../ui/RecordView';
import { BODY_KEY, planBriefing, type DealRef, type SectionPlan } from './layout';
import { MeetingList } from './MeetingList';

export function DealChips({ refs, label }: { refs: DealRef[]; label: string }) {
  return (
    <ul className="deal-chips" aria-label={label}>
      {refs.map((ref) => (
        <li key={ref.dealId}>
          <RouteLink to={{ name: 'deals', dealId: ref.dealId }} className="deal-chip">
            {ref.name}
          </RouteLink>
        </li>
      ))}
    </ul>
  );
}

function StringList({ items }: { items: string[] }) {
  return (
    <ul className="brief-list">
      {items.map((item, i) => (
        <li key={i}>
          <Markdown text={item} className="md-inline" />
        </li>
      ))}
    </ul>
  );
}

function Section({
  section,
  dealNames,
}: {
  section: SectionPlan;
  dealNames: ReadonlyMap<string, string>;
}) {
  return (
    <section className="brief-section" aria-label={section.title}>
      <h3>{section.title}</h3>
      {section.meetings ? (
        <MeetingList meetings={section.meetings} dealNames={dealNames} label={section.title} />
      ) : null}
      {section.body !== undefined ? <Markdown text={section.body} /> : null}
      {section.items ? <StringList items={section.items} /> : null}
      {Object.keys(section.rest).length > 0 ? <RecordView record={section.rest} /> : null}
      {section.chips.length > 0 ? (
        <DealChips refs={section.chips} label={`Deals in ${section.title}`} />
      ) : null}
    </section>
  );
}

export function BriefingView({ briefing }: { briefing: Briefing }) {
  const plan = useMemo(
    () => planBriefing(briefing.data, briefing.title ?? ''),
    [briefing.data, briefing.title],
  );
  return (
    <div className="briefing">
      {plan.mainDeal ? <DealChips refs={[plan.mainDeal]} label="Deal" /> : null}
      {Object.keys(plan.facts).length > 0 ? <RecordView record={plan.facts} /> : null}
      {plan.bodies.map(({ key, text }) => (
        <div key={key} className="brief-body">
          {BODY_KEY.test(key) ? null : <h3>{humanizeKey(key)}</h3>}
          <Markdown text={text} />
        </div>
      ))}
      {plan.meetings.length > 0 ? (
        <section className="brief-section" aria-label="Meetings">
          <h3>Meetings</h3>
          <MeetingList meetings={plan.meetings} dealNames={plan.dealNames} label="Meetings" />
        </section>
      ) : null}
      {plan.sections.map((section, i) => (
        <Section key={i} section={section} dealNames={plan.dealNames} />
      ))}
      {plan.lists.map(({ key, items }) => (
        <section key={key} className="brief-section" aria-label={humanizeKey(key)}>
          <h3>{humanizeKey(key)}</h3>
          <StringList items={items} />
        </section>
      ))}
      {Object.keys(plan.others).length > 0 ? <RecordView record={plan.others} /> : null}
      {plan.refGroups.map(({ key, refs }) => (
        <section key={key} className="brief-section" aria-label={humanizeKey(key)}>
          <h3>{humanizeKey(key)}</h3>
          <DealChips refs={refs} label={humanizeKey(key)} />
        </section>
      ))}
    </div>
  );
}
