// The meeting-prep card's content (Today's card; the companion's panel says who comes from it),
// worked out without React: the meeting in one line, the brief (markdown), who comes (with role
// and when we last spoke to them, from the deal's activity), what is at stake (from the deal),
// risks, agenda and talking points. Reads the demo's shape and a CRM's nested `meeting`.
import type { Deal } from '../../electron/contract';
import { meetingsOf, type MeetingInfo } from '../../electron/domain/briefings/meetings';
import { dealAmount, dealRoles, humanStage } from './deals';
import { isJsonRecord, pickString, type Json, type JsonRecord } from './records';
import type { Translator } from '../../electron/domain/i18n/translator';

export interface PrepAttendee {
  name: string;
  role?: string;
  company?: string;
  email?: string;
  /** One of ours (the seller's side). */
  internal: boolean;
  /** ISO instant of the deal's latest activity naming them. */
  lastContactAt?: string;
}

export interface PrepStake {
  amount?: string;
  stage?: string;
  /** As sent (ISO date). */
  closeDate?: string;
  nextStep?: string;
}

export interface MeetingPrep {
  meeting: MeetingInfo;
  dealName?: string;
  /** The deal was found by its name in the meeting's title (the briefing named no deal id). */
  dealByName?: true;
  /** The service's brief for the meeting, as markdown; absent when it sends none we can read. */
  brief?: string;
  attendees: PrepAttendee[];
  risks: string[];
  agenda: string[];
  talkingPoints: string[];
}

const NEXT_STEP_KEYS = ['nextStep', 'next_step', 'hs_next_step', 'nextAction'];

function strings(value: Json | undefined): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The briefing's own fields and those of its nested meeting, the meeting's first. */
function sources(data: JsonRecord): JsonRecord[] {
  const nested = ['meeting', 'event', 'calendarEvent'].map((k) => data[k]).filter(isJsonRecord);
  return [...nested, data];
}

function firstOf(records: JsonRecord[], key: string): Json | undefined {
  for (const record of records) if (record[key] !== undefined) return record[key];
  return undefined;
}

function attendeeOf(value: Json): PrepAttendee | undefined {
  if (typeof value === 'string')
    return value.trim() === '' ? undefined : { name: value, internal: false };
  if (!isJsonRecord(value)) return undefined;
  const name = pickString(value, ['name', 'displayName', 'fullName', 'email']);
  if (name === undefined) return undefined;
  const role = pickString(value, ['role', 'title', 'jobTitle']);
  const company = pickString(value, ['company', 'account', 'organization']);
  const email = pickString(value, ['email', 'emailAddress']);
  return {
    name,
    internal: value.internal === true,
    ...(role === undefined ? {} : { role }),
    ...(company === undefined ? {} : { company }),
    ...(email === undefined || email === name ? {} : { email }),
  };
}

/** The deal's activities, newest first, as (when, what) pairs. */
function activitiesOf(deal: Pick<Deal, 'data'> | undefined): { at: string; text: string }[] {
  const list = deal?.data.activities;
  if (!Array.isArray(list)) return [];
  return list
    .flatMap((a) => {
      if (!isJsonRecord(a)) return [];
      const at = pickString(a, ['at', 'date', 'timestamp', 'createdAt']);
      const text = pickString(a, ['summary', 'subject', 'text', 'body']) ?? '';
      return at === undefined || Number.isNaN(Date.parse(at)) ? [] : [{ at, text }];
    })
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}

// The spec leaves the briefing's fields unshown: a brief may come as text, as an object holding
// its text, or as lines. Any other shape is no brief, never a failed card.
const BRIEF_KEYS = ['brief', 'briefMarkdown', 'brief_markdown'];
const BRIEF_TEXT_KEYS = ['markdown', 'text', 'body', 'content'];

/** The brief as markdown, from the shapes a service may send; undefined for any other. */
export function briefOf(value: Json | undefined): string | undefined {
  let text: string | undefined;
  if (typeof value === 'string') text = value;
  else if (isJsonRecord(value)) {
    text = BRIEF_TEXT_KEYS.map((key) => value[key]).find((v) => typeof v === 'string');
  } else if (Array.isArray(value)) {
    const lines = strings(value);
    text = lines.length === value.length ? lines.join('\n') : undefined;
  }
  return text === undefined || text.trim() === '' ? undefined : text;
}

function briefIn(records: JsonRecord[]): string | undefined {
  for (const key of BRIEF_KEYS) {
    const brief = briefOf(firstOf(records, key));
    if (brief !== undefined) return brief;
  }
  return undefined;
}

/**
 * Who comes to the meeting briefing's meeting (its first), theirs first: they are who the meeting
 * is about. With the deal, each of theirs carries when the deal's activities last name them.
 */
export function attendeesOf(data: JsonRecord, deal?: Pick<Deal, 'data'>): PrepAttendee[] {
  return attendeesIn(sources(data), deal);
}

function attendeesIn(records: JsonRecord[], deal?: Pick<Deal, 'data'>): PrepAttendee[] {
  const activities = activitiesOf(deal);
  const people = firstOf(records, 'attendees');
  const attendees = (Array.isArray(people) ? people : []).flatMap((person) => {
    const attendee = attendeeOf(person);
    if (attendee === undefined) return [];
    const last = attendee.internal
      ? undefined
      : activities.find((a) => a.text.includes(attendee.name));
    return [last === undefined ? attendee : { ...attendee, lastContactAt: last.at }];
  });
  return [...attendees.filter((a) => !a.internal), ...attendees.filter((a) => a.internal)];
}

/** The meeting briefing as a prep card; undefined when it is about no meeting. */
export function meetingPrepOf(
  data: JsonRecord,
  deal?: Pick<Deal, 'data'>,
): MeetingPrep | undefined {
  const meeting = meetingsOf(data)[0];
  if (meeting === undefined) return undefined;
  const records = sources(data);
  const dealName = pickString(data, ['dealName', 'dealTitle', 'deal_name']);
  const brief = briefIn(records);
  return {
    meeting,
    ...(dealName === undefined ? {} : { dealName }),
    ...(brief === undefined ? {} : { brief }),
    attendees: attendeesIn(records, deal),
    risks: strings(firstOf(records, 'risks')),
    agenda: strings(firstOf(records, 'agenda')),
    talkingPoints: strings(firstOf(records, 'talkingPoints') ?? firstOf(records, 'talking_points')),
  };
}

/** What is at stake, from the deal itself. */
export function stakeOf(deal: Pick<Deal, 'data'>): PrepStake {
  const roles = dealRoles(deal);
  const amount = dealAmount(deal);
  const stage = humanStage(roles.stage);
  const nextStep = pickString(deal.data, NEXT_STEP_KEYS);
  return {
    ...(amount === undefined ? {} : { amount }),
    ...(stage === undefined ? {} : { stage }),
    ...(roles.closeDate === undefined ? {} : { closeDate: roles.closeDate }),
    ...(nextStep === undefined ? {} : { nextStep }),
  };
}

/**
 * "Anna Berg, Tom Lund and 2 more": who comes from their side, the names (and the count of the
 * rest) to be joined as the language joins a list (ui/NameList, each name isolated).
 */
export function whoNames(
  attendees: readonly PrepAttendee[],
  translator: Pick<Translator, 't'>,
  shown = 2,
): string[] | undefined {
  const theirs = attendees.filter((a) => !a.internal).map((a) => a.name);
  if (theirs.length === 0) return undefined;
  return theirs.length <= shown + 1
    ? theirs
    : [
        ...theirs.slice(0, shown),
        translator.t('briefings.prep.moreAttendees', { count: theirs.length - shown }),
      ];
}
