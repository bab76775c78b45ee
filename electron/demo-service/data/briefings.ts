// The morning briefing (the day at a glance) and the meeting briefing (preparation for the next
// meeting). Both are computed from the deals and the calendar for "now", so the demo always
// shows today's date and an upcoming meeting.
import type { DealDetail } from './deals';
import { DEMO_USER, OPEN_STAGES } from './deals';
import { cell, money, stageLabel, timeUtc } from './format';
import { meetingsAround, nextMeeting } from './schedule';
import type { Meeting } from './schedule';
import { addDays, DAY_MS, isoDate, startOfDay } from './text';

export interface DealRef {
  dealId: string;
  name: string;
}

export interface BriefingSection {
  id: string;
  title: string;
  body: string;
  dealRefs: DealRef[];
}

export interface MorningBriefing {
  id: string;
  date: string;
  generatedAt: string;
  headline: string;
  summary: string;
  sections: BriefingSection[];
  deals: DealRef[];
  meetings: Array<Omit<Meeting, 'attendees'>>;
}

/** The next meeting (its `id` is the briefing's own), with what to prepare for it. */
export interface MeetingBriefing extends Meeting {
  meetingId: string;
  agenda: string[];
  talkingPoints: string[];
  risks: string[];
  lastInteraction: { at: string; summary: string } | null;
  summary: string;
  /** How to run the meeting, as markdown: what to open with and the steps. */
  brief: string;
  generatedAt: string;
}

const ref = (deal: DealDetail): DealRef => ({ dealId: deal.id, name: deal.name });

function closingSoon(deals: readonly DealDetail[], today: Date): DealDetail[] {
  const horizon = isoDate(addDays(today, 21));
  const from = isoDate(today);
  return deals.filter(
    (d) => OPEN_STAGES.includes(d.stage) && d.closeDate >= from && d.closeDate <= horizon,
  );
}

function quiet(deals: readonly DealDetail[], now: Date): DealDetail[] {
  return deals
    .filter(
      (d) => OPEN_STAGES.includes(d.stage) && now.getTime() - Date.parse(d.updatedAt) > 7 * DAY_MS,
    )
    .slice(0, 5);
}

function meetingsSection(
  meetings: readonly Meeting[],
  byId: Map<string, DealDetail>,
): BriefingSection {
  const lines = meetings.map((m) => `- **${timeUtc(m.startsAt)}** ${m.title} (${m.location})`);
  const refs = meetings.flatMap((m) => {
    const deal = byId.get(m.dealId);
    return deal === undefined ? [] : [ref(deal)];
  });
  return { id: 'meetings', title: 'Today’s meetings', body: lines.join('\n'), dealRefs: refs };
}

function closingSection(closing: readonly DealDetail[]): BriefingSection {
  const body =
    closing.length === 0
      ? 'No open deal closes in the next three weeks.'
      : [
          '| Deal | Stage | Amount | Close date |',
          '| --- | --- | ---: | --- |',
          ...closing.map(
            (d) =>
              `| ${cell(d.name)} | ${stageLabel(d.stage)} | ${money(d.amount, d.currency)} | ${d.closeDate} |`,
          ),
        ].join('\n');
  return {
    id: 'closing-soon',
    title: 'Closing in the next three weeks',
    body,
    dealRefs: closing.map(ref),
  };
}

function attentionSection(stale: readonly DealDetail[]): BriefingSection {
  const body =
    stale.length === 0
      ? 'Every open deal had activity in the last week. Nice.'
      : stale
          .map((d) =>
            `- **${d.name}**: no activity since ${d.updatedAt.slice(0, 10)}. ${d.risks[0] ?? ''}`.trim(),
          )
          .join('\n');
  return { id: 'needs-attention', title: 'Needs attention', body, dealRefs: stale.map(ref) };
}

function pipelineSection(deals: readonly DealDetail[]): BriefingSection {
  const rows = OPEN_STAGES.map((stage) => {
    const inStage = deals.filter((d) => d.stage === stage);
    return `| ${stageLabel(stage)} | ${inStage.length} | ${inStage[0]?.probability ?? 0}% |`;
  });
  return {
    id: 'pipeline',
    title: 'Your pipeline',
    body: ['| Stage | Deals | Probability |', '| --- | ---: | ---: |', ...rows].join('\n'),
    dealRefs: [],
  };
}

export function morningBriefing(now: Date, allDeals: readonly DealDetail[]): MorningBriefing {
  const today = startOfDay(now);
  const mine = allDeals.filter((d) => d.owner.id === DEMO_USER.id);
  const byId = new Map(allDeals.map((d) => [d.id, d]));
  const meetings = meetingsAround(now, allDeals);
  const closing = closingSoon(mine, today);
  const stale = quiet(mine, now);
  const sections = [
    meetingsSection(meetings, byId),
    closingSection(closing),
    attentionSection(stale),
    pipelineSection(mine),
  ];
  const seen = new Map<string, DealRef>();
  for (const section of sections) for (const r of section.dealRefs) seen.set(r.dealId, r);
  const first = closing[0];
  return {
    id: `brf_morning_${isoDate(today)}`,
    date: isoDate(today),
    // Generated at the top of the hour, as a scheduled job would.
    generatedAt: new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000).toISOString(),
    headline: `Good morning, ${DEMO_USER.name.split(' ')[0]}: ${meetings.length} meetings today and ${closing.length} deals closing in the next three weeks`,
    summary:
      first === undefined
        ? `You have **${meetings.length} meetings** today. No deal is about to close, so today is a good day for prospecting.`
        : `You have **${meetings.length} meetings** today. The most urgent deal is **${first.name}** (${money(first.amount, first.currency)}, closes ${first.closeDate}).`,
    sections,
    deals: [...seen.values()],
    meetings: meetings.map(({ attendees: _a, ...m }) => m),
  };
}

export function meetingBriefing(now: Date, allDeals: readonly DealDetail[]): MeetingBriefing {
  const meeting = nextMeeting(now, allDeals);
  const deal = allDeals.find((d) => d.id === meeting.dealId);
  if (deal === undefined) throw new Error('The next meeting refers to an unknown deal');
  const champion = deal.contacts[0];
  const last = deal.activities[0];
  return {
    id: `brf_${meeting.id}`,
    meetingId: meeting.id,
    title: meeting.title,
    startsAt: meeting.startsAt,
    endsAt: meeting.endsAt,
    location: meeting.location,
    dealId: deal.id,
    dealName: deal.name,
    account: deal.account,
    attendees: meeting.attendees,
    agenda: [
      'Introductions and goals for today (5 min)',
      `Recap: where ${deal.account} is with “${deal.name.split(' – ')[1] ?? deal.name}”`,
      `${stageLabel(deal.stage)}: ${deal.nextStep}`,
      'Open questions and next steps',
    ],
    talkingPoints: [
      `Tie the value to ${deal.account}’s ${deal.industry.toLowerCase()} goals; bring the numbers from the last call.`,
      `Confirm that ${champion?.name ?? 'the champion'} can introduce the economic buyer.`,
      `Position against ${deal.competitors.join(' and ')}: faster rollout, no data leaves the region.`,
      `Agree on a date for the next step before the call ends.`,
    ],
    risks: deal.risks,
    lastInteraction: last === undefined ? null : { at: last.at, summary: last.summary },
    summary: [
      `**${meeting.title}** at ${timeUtc(meeting.startsAt)}.`,
      '',
      `${deal.name} is in **${stageLabel(deal.stage)}** (${deal.probability}%), worth ${money(deal.amount, deal.currency)}, closing ${deal.closeDate}.`,
    ].join('\n'),
    brief: meetingBrief(deal),
    generatedAt: now.toISOString(),
  };
}

function meetingBrief(deal: DealDetail): string {
  const champion = deal.contacts[0]?.name ?? 'your champion';
  return [
    `Open with the next step, **${deal.nextStep}**: ${champion} needs it settled before ${deal.account} can sign.`,
    '',
    `1. **Anchor on value**: ${deal.account}’s ${deal.industry.toLowerCase()} goals and the numbers from the last call.`,
    `2. **Offer a pilot** if ${deal.competitors[0] ?? 'a competitor'} comes up: one site, four weeks, success criteria agreed today.`,
    `3. **Name the economic buyer** and ask ${champion} for the introduction.`,
    '4. **Close on a date** for the next step before the call ends.',
    '',
    `Watch for: ${deal.risks[0] ?? 'no known risk yet; ask what could stop this.'}`,
  ].join('\n');
}
