import { describe, expect, it } from 'vitest';
import { planBriefing } from '../../../../../src/features/briefings/layout';
import { translatorFor } from '../../../../support/translators';

const english = translatorFor('en', 'en-US');

const contoso = { dealId: 'd-1', name: 'Contoso – Research agents' };
const nordlys = { dealId: 'd-2', name: 'Nordlys – Planning assistant' };

const morning = {
  id: 'brf_1',
  date: '2026-11-25',
  headline: 'Good morning',
  summary: 'The most urgent deal is **Contoso – Research agents** (closes soon).',
  sections: [
    {
      id: 'meetings',
      title: 'Today’s meetings',
      body: '- **10:30 UTC** Qualification call – Nordlys',
      dealRefs: [nordlys],
    },
    {
      id: 'closing-soon',
      title: 'Closing soon',
      body: '| Deal | Stage |\n| --- | --- |\n| Contoso – Research agents | Negotiation |',
      dealRefs: [contoso],
    },
  ],
  deals: [contoso, nordlys],
  meetings: [
    {
      id: 'mtg_1',
      title: 'Qualification call – Nordlys',
      startsAt: '2026-11-25T10:30:00Z',
      endsAt: '2026-11-25T11:15:00Z',
      location: 'Video call',
      dealId: 'd-2',
    },
  ],
};

describe('planBriefing', () => {
  it('lists the meetings in the section that wrote them as text, and repeats no deal as a chip', () => {
    const plan = planBriefing(morning, 'Good morning', english);
    const [meetings, closing] = plan.sections;
    expect(meetings?.meetings?.map((m) => [m.title, m.startsAt, m.location, m.dealId])).toEqual([
      ['Qualification call – Nordlys', '2026-11-25T10:30:00.000Z', 'Video call', 'd-2'],
    ]);
    expect(meetings?.body).toBeUndefined();
    expect(meetings?.chips).toEqual([]);
    // Linked in the summary and in the table: no chip, and the closing "deals" group is gone.
    expect(plan.bodies[0]?.text).toContain('[**Contoso – Research agents**](#/deals/d-1)');
    expect(closing?.body).toContain('| [Contoso – Research agents](#/deals/d-1) | Negotiation |');
    expect(closing?.chips).toEqual([]);
    expect(plan.refGroups).toEqual([]);
    expect(plan.meetings).toEqual([]);
    expect(plan.dealNames.get('d-2')).toBe('Nordlys – Planning assistant');
  });

  it('keeps a chip for a deal the text does not link, and shows no identifiers as facts', () => {
    const plan = planBriefing(
      {
        meetingId: 'mtg_9',
        event_id: 'ev-1',
        location: 'Oslo',
        sections: [{ title: 'Watch', body: 'Quiet for two weeks.', dealRefs: [contoso] }],
      },
      'Meeting',
      english,
    );
    expect(plan.facts).toEqual({ location: 'Oslo' });
    expect(plan.sections[0]?.chips).toEqual([contoso]);
  });

  it('shows a timed list under "events" as meetings, but not a list of titled items', () => {
    const timed = planBriefing(
      { events: [{ title: 'Demo', start: '2026-11-25T15:00:00Z' }] },
      'Day',
      english,
    );
    expect(timed.meetings.map((m) => m.title)).toEqual(['Demo']);
    const untimed = planBriefing(
      { items: [{ title: 'Call Ana' }, { title: 'Send quote' }] },
      'Day',
      english,
    );
    expect(untimed.meetings).toEqual([]);
    expect(untimed.others).toHaveProperty('items');
  });
});

describe('the first plan of a big book’s briefing', () => {
  // 600 deals closing soon, each a row of the table that names it, and a deal the text never names.
  const deals = Array.from({ length: 600 }, (_, i) => ({
    dealId: `d-${i}`,
    name: `Account ${i} – Assistant rollout`,
  }));
  const unnamed = { dealId: 'd-x', name: 'Quiet Co – Pilot' };
  const rows = deals.map((d) => `| ${d.name} | Negotiation | 2026-11-28 |`).join('\n');
  const big = {
    summary: 'Busy week.',
    sections: [
      {
        id: 'closing-soon',
        title: 'Closing soon',
        body: `| Deal | Stage | Close date |\n| --- | --- | --- |\n${rows}`,
        dealRefs: [...deals, unnamed],
      },
    ],
    deals,
  };

  it('holds the rows on screen, linked as the whole plan links them, and says how many there are', () => {
    const first = planBriefing(big, 'Morning', english, { firstRows: 8 });
    const whole = planBriefing(big, 'Morning', english);
    expect(first.partial).toBe(true);
    expect(whole.partial).toBe(false);
    const firstBody = first.sections[0]?.body ?? '';
    const wholeBody = whole.sections[0]?.body ?? '';
    expect(first.sections[0]?.bodyCut).toEqual({ total: 600 });
    // Header, separator and eight rows: the same lines the whole plan starts with.
    expect(firstBody.split('\n')).toHaveLength(10);
    expect(wholeBody.split('\n').slice(0, 10)).toEqual(firstBody.split('\n'));
    expect(firstBody).toContain('[Account 7 – Assistant rollout](#/deals/d-7)');
  });

  it('leaves chips to the whole plan, which offers only the deal the text does not name', () => {
    const first = planBriefing(big, 'Morning', english, { firstRows: 8 });
    expect(first.sections[0]?.chips).toEqual([]);
    const whole = planBriefing(big, 'Morning', english);
    expect(whole.sections[0]?.chips).toEqual([unnamed]);
  });

  it('is the whole plan for a briefing of one section with no long text', () => {
    const short = { ...morning, sections: morning.sections.slice(0, 1) };
    const first = planBriefing(short, 'Good morning', english, { firstRows: 8 });
    expect(first.partial).toBe(false);
    expect(first).toEqual(planBriefing(short, 'Good morning', english));
  });
});

describe('the first plan of a briefing with more than the first screen', () => {
  const withLists = { ...morning, risks: ['Pricing is open', 'A new stakeholder'] };

  it('holds the top and the first section; the sections and lists below it wait', () => {
    const first = planBriefing(withLists, 'Good morning', english, { firstRows: 8 });
    const whole = planBriefing(withLists, 'Good morning', english);
    expect(first.partial).toBe(true);
    expect(first.bodies).toEqual(whole.bodies);
    expect(first.sections.map((s) => s.title)).toEqual(['Today’s meetings']);
    expect(first.sections[0]).toEqual(whole.sections[0]);
    expect(first.lists).toEqual([]);
    expect(whole.sections.map((s) => s.title)).toEqual(['Today’s meetings', 'Closing soon']);
    expect(whole.lists.map((l) => l.key)).toEqual(['risks']);
  });

  it('shows the meetings only where the whole plan does, when the section listing them waits', () => {
    const later = { ...morning, sections: [...morning.sections].reverse() };
    const first = planBriefing(later, 'Good morning', english, { firstRows: 8 });
    const whole = planBriefing(later, 'Good morning', english);
    expect(first.sections.map((s) => s.title)).toEqual(['Closing soon']);
    expect(first.meetings).toEqual([]);
    expect(whole.meetings).toEqual([]);
    expect(whole.sections[1]?.meetings).toHaveLength(1);
  });
});
