// The salesperson's calendar, always current: the next meeting starts on the first half-hour
// boundary at least 20 minutes from now, with one meeting earlier and two later. Each meeting's
// deal and title derive from its start time, so a meeting stays the same across requests and the
// morning and meeting briefings agree.
import type { DealDetail, Person } from './deals';
import { DEMO_USER, OPEN_STAGES } from './deals';
import { hash32, pick, seeded } from './random';

const SLOT_MS = 30 * 60_000;
const LEAD_MS = 20 * 60_000;

/** Minutes from the next meeting's start, and each meeting's length in minutes. */
const DAY_PLAN: ReadonlyArray<[offset: number, length: number]> = [
  [-150, 30],
  [0, 45],
  [120, 30],
  [270, 60],
];

export interface Attendee {
  name: string;
  role: string;
  email: string;
  company: string;
  internal: boolean;
}

export interface Meeting {
  id: string;
  title: string;
  startsAt: string;
  endsAt: string;
  location: string;
  dealId: string;
  dealName: string;
  account: string;
  attendees: Attendee[];
}

const SOLUTIONS_ENGINEER: Person = {
  id: 'usr_sam',
  name: 'Sam Okoye',
  email: 'sam.okoye@northwind-demo.example',
};

const KIND_BY_STAGE: Record<string, string[]> = {
  prospecting: ['Discovery call', 'Intro meeting'],
  qualification: ['Qualification call', 'Requirements workshop'],
  proposal: ['Proposal walkthrough', 'Solution demo'],
  negotiation: ['Commercial terms review', 'Contract call'],
};

export function nextMeetingStart(now: Date): Date {
  return new Date(Math.ceil((now.getTime() + LEAD_MS) / SLOT_MS) * SLOT_MS);
}

function meetingAt(start: Date, lengthMin: number, deals: readonly DealDetail[]): Meeting {
  const key = start.toISOString();
  const random = seeded(`meeting:${key}`);
  const open = deals.filter((d) => OPEN_STAGES.includes(d.stage));
  const deal = pick(random, open.length > 0 ? open : deals);
  const kind = pick(random, KIND_BY_STAGE[deal.stage] ?? ['Account review']);
  const internal = [DEMO_USER, ...(random() < 0.5 ? [SOLUTIONS_ENGINEER] : [])];
  return {
    id: `mtg_${hash32(key).toString(16).padStart(8, '0')}`,
    title: `${kind} – ${deal.account}`,
    startsAt: key,
    endsAt: new Date(start.getTime() + lengthMin * 60_000).toISOString(),
    location: random() < 0.7 ? 'Video call' : `${deal.account}, ${deal.city}`,
    dealId: deal.id,
    dealName: deal.name,
    account: deal.account,
    attendees: [
      ...deal.contacts.map((c) => ({ ...c, company: deal.account, internal: false })),
      ...internal.map((p) => ({
        name: p.name,
        role: p === DEMO_USER ? 'Account executive' : 'Solutions engineer',
        email: p.email,
        company: 'Northwind Demo Sales',
        internal: true,
      })),
    ],
  };
}

/** The day's meetings around now, in start order; index 1 is the next one. */
export function meetingsAround(now: Date, deals: readonly DealDetail[]): Meeting[] {
  const next = nextMeetingStart(now).getTime();
  return DAY_PLAN.map(([offset, length]) =>
    meetingAt(new Date(next + offset * 60_000), length, deals),
  );
}

export function nextMeeting(now: Date, deals: readonly DealDetail[]): Meeting {
  const [, length] = DAY_PLAN[1] ?? [0, 45];
  return meetingAt(nextMeetingStart(now), length, deals);
}
