// A briefing rendered from its layout plan (layout.ts): facts, text, sections with their meetings
// or remaining deal chips, lists, and anything else as readable fields. Long tables, lists and
// chips show their first rows and "Show all N".
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { Briefing } from '../../../electron/contract';
import { humanizeKey } from '../../lib/format';
import { capMarkdown } from '../../lib/markdown/cap';
import { Button } from '../../ui/Button';
import { RouteLink } from '../../ui/RouteLink';
import { Markdown } from '../../ui/markdown';
import { RecordView } from '../../ui/RecordView';
import { useT, useTranslator } from '../../platform/i18n';
import { onIdle } from '../../platform/idle';
import {
  BODY_KEY,
  planBriefing,
  type BriefingPlan,
  type Cut,
  type DealRef,
  type SectionPlan,
} from './layout';
import { MeetingList } from './MeetingList';

/** Long lists and tables show this many rows until "Show all" (a big book closes 635 soon). */
const ROWS_SHOWN = 8;

/** "Show all 635" under a list cut short, and "Show fewer" once it is open. */
function ShowAll({ total, open, onToggle }: { total: number; open: boolean; onToggle(): void }) {
  const t = useT();
  return (
    <Button size="sm" variant="ghost" className="show-all" onClick={onToggle} aria-expanded={open}>
      {open ? t('briefings.view.showFewer') : t('briefings.view.showAll', { total })}
    </Button>
  );
}

/**
 * The briefing's own text, in the direction it is written in (the service may write English
 * under Arabic words, or the other way round).
 */
function ServiceMarkdown({ text }: { text: string }) {
  return (
    <div dir="auto">
      <Markdown text={text} />
    </div>
  );
}

/** Asks for the whole plan now: "Show all" under a text the first plan cut. */
const WholePlanNow = createContext<() => void>(() => undefined);

/**
 * Markdown whose long tables and lists show their first rows, the rest on "Show all". `cut`: the
 * text is already only its first rows (a first plan), of `cut.total` in all.
 */
function CappedMarkdown({ text, cut }: { text: string; cut?: Cut | undefined }) {
  const [open, setOpen] = useState(false);
  const wholePlanNow = useContext(WholePlanNow);
  const capped = useMemo(
    () => (cut === undefined ? capMarkdown(text, ROWS_SHOWN) : { text, total: cut.total }),
    [text, cut],
  );
  if (capped === undefined) return <ServiceMarkdown text={text} />;
  const toggle = () => {
    if (cut !== undefined) wholePlanNow();
    setOpen(!open);
  };
  return (
    <>
      <ServiceMarkdown text={open && cut === undefined ? text : capped.text} />
      <ShowAll total={capped.total} open={open} onToggle={toggle} />
    </>
  );
}

export function DealChips({ refs, label }: { refs: DealRef[]; label: string }) {
  const [open, setOpen] = useState(false);
  const shown = open ? refs : refs.slice(0, ROWS_SHOWN);
  return (
    <>
      <ChipList refs={shown} label={label} />
      {refs.length > ROWS_SHOWN ? (
        <ShowAll total={refs.length} open={open} onToggle={() => setOpen(!open)} />
      ) : null}
    </>
  );
}

function ChipList({ refs, label }: { refs: DealRef[]; label: string }) {
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
  const [open, setOpen] = useState(false);
  const shown = open ? items : items.slice(0, ROWS_SHOWN);
  return (
    <>
      <ul className="brief-list">
        {shown.map((item, i) => (
          <li key={i} dir="auto">
            <Markdown text={item} className="md-inline" />
          </li>
        ))}
      </ul>
      {items.length > ROWS_SHOWN ? (
        <ShowAll total={items.length} open={open} onToggle={() => setOpen(!open)} />
      ) : null}
    </>
  );
}

function Section({
  section,
  dealNames,
}: {
  section: SectionPlan;
  dealNames: ReadonlyMap<string, string>;
}) {
  const t = useT();
  return (
    <section className="brief-section" aria-label={section.title}>
      <h3 dir="auto">{section.title}</h3>
      {section.meetings ? (
        <MeetingList meetings={section.meetings} dealNames={dealNames} label={section.title} />
      ) : null}
      {section.body !== undefined ? (
        <CappedMarkdown text={section.body} cut={section.bodyCut} />
      ) : null}
      {section.items ? <StringList items={section.items} /> : null}
      {Object.keys(section.rest).length > 0 ? <RecordView record={section.rest} /> : null}
      {section.chips.length > 0 ? (
        <DealChips
          refs={section.chips}
          label={t('briefings.view.dealsIn', { section: section.title })}
        />
      ) : null}
    </section>
  );
}

/**
 * The plan to show: a first one cut to the rows on screen, then, once the page is idle (or at
 * once when "Show all" asks), the whole one. A briefing without a long text is planned once.
 */
function useBriefingPlan(briefing: Briefing): { plan: BriefingPlan; wholeNow(): void } {
  const translator = useTranslator();
  const first = useMemo(
    () => planBriefing(briefing.data, briefing.title ?? '', translator, { firstRows: ROWS_SHOWN }),
    [briefing.data, briefing.title, translator],
  );
  const [whole, setWhole] = useState<{ of: BriefingPlan; plan: BriefingPlan }>();
  const planWhole = useCallback(
    () =>
      setWhole((current) =>
        current?.of === first
          ? current
          : { of: first, plan: planBriefing(briefing.data, briefing.title ?? '', translator) },
      ),
    [first, briefing.data, briefing.title, translator],
  );
  useEffect(() => (first.partial ? onIdle(planWhole, 300) : undefined), [first, planWhole]);
  return { plan: whole?.of === first ? whole.plan : first, wholeNow: planWhole };
}

export function BriefingView({ briefing }: { briefing: Briefing }) {
  const { t } = useTranslator();
  const { plan, wholeNow } = useBriefingPlan(briefing);
  return (
    <WholePlanNow.Provider value={wholeNow}>
      <BriefingPlanView plan={plan} t={t} />
    </WholePlanNow.Provider>
  );
}

function BriefingPlanView({ plan, t }: { plan: BriefingPlan; t: ReturnType<typeof useT> }) {
  return (
    <div className="briefing">
      {plan.mainDeal ? <DealChips refs={[plan.mainDeal]} label={t('briefings.view.deal')} /> : null}
      {Object.keys(plan.facts).length > 0 ? <RecordView record={plan.facts} /> : null}
      {plan.bodies.map(({ key, text, cut }) => (
        <div key={key} className="brief-body">
          {BODY_KEY.test(key) ? null : <h3 dir="auto">{humanizeKey(key)}</h3>}
          <CappedMarkdown text={text} cut={cut} />
        </div>
      ))}
      {plan.meetings.length > 0 ? (
        <section className="brief-section" aria-label={t('briefings.view.meetings')}>
          <h3>{t('briefings.view.meetings')}</h3>
          <MeetingList
            meetings={plan.meetings}
            dealNames={plan.dealNames}
            label={t('briefings.view.meetings')}
          />
        </section>
      ) : null}
      {plan.sections.map((section, i) => (
        <Section key={i} section={section} dealNames={plan.dealNames} />
      ))}
      {plan.lists.map(({ key, items }) => (
        <section key={key} className="brief-section" aria-label={humanizeKey(key)}>
          <h3 dir="auto">{humanizeKey(key)}</h3>
          <StringList items={items} />
        </section>
      ))}
      {Object.keys(plan.others).length > 0 ? <RecordView record={plan.others} /> : null}
      {plan.refGroups.map(({ key, refs }) => (
        <section key={key} className="brief-section" aria-label={humanizeKey(key)}>
          <h3 dir="auto">{humanizeKey(key)}</h3>
          <DealChips refs={refs} label={humanizeKey(key)} />
        </section>
      ))}
    </div>
  );
}
