// How a briefing of any shape is laid out, decided without React so it can be tested under Node:
// short facts first, then its text, sections, lists and anything else as fields. A list of
// meetings becomes the meeting list (times in the user's zone); deals the text names become links,
// and a deal is offered as a chip only where the text above did not already link it.
import { MEETING_LIST_FIELDS } from '../../../electron/domain/briefings/fields';
import { meetingsOf, type MeetingInfo } from '../../../electron/domain/briefings/meetings';
import { dealLinker, localiseUtcTimes, type NamedDeal } from '../../lib/briefingText';
import { capMarkdown } from '../../lib/markdown/cap';
import { isIdentifierKey, isJsonRecord } from '../../lib/records';
import type { Translator } from '../../../electron/domain/i18n/translator';
import type { Json, JsonRecord } from '../../lib/records';

export const BODY_KEY = /^(summary|body|content|text|markdown|description|overview|details)$/i;
const TITLE_KEYS = ['title', 'heading', 'name', 'label'];
const SECTION_BODY_KEYS = ['body', 'content', 'text', 'markdown', 'summary', 'items'];
const DEAL_NAME_KEYS = ['name', 'title', 'dealName', 'dealTitle', 'deal_name'];
/** Where a record that names a deal holds its name: a deal's own fields before anything else. */
const NAMED_DEAL_KEYS = ['dealName', 'dealTitle', 'deal_name', ...DEAL_NAME_KEYS];
const MEETINGS_SECTION = /meeting|calendar|agenda for today|schedule/i;

export type DealRef = NamedDeal;

/**
 * Past this many characters a text is cut to its first rows before it is prepared, in a first
 * plan (`firstRows`): a big book's "closing soon" table is 64 KB, and linking every deal in it
 * was most of the time to lay the briefing out on a page just loaded.
 */
const LONG_TEXT = 8_000;

/**
 * A first plan holds a briefing's first section only: on a 1280×800 window the briefing's top
 * (its facts, summary, meetings and first section) fills the card, and rendering the sections,
 * lists and records below it (their markdown lexed, their React elements built) was about a
 * quarter of a cold start's first render. They follow with the whole plan as the page goes idle.
 */
const FIRST_PLAN_SECTIONS = 1;

/** A text cut to its first rows for the first paint: the rows and items it has in all. */
export interface Cut {
  total: number;
}

export interface SectionPlan {
  title: string;
  /** Markdown, deal names linked and UTC times made local. */
  body?: string;
  /** Set when `body` is only its first rows (a first plan): how many the whole has. */
  bodyCut?: Cut;
  items?: string[];
  /** The briefing's meetings stand in for this section's text (it listed them). */
  meetings?: MeetingInfo[];
  rest: JsonRecord;
  chips: DealRef[];
}

export interface BriefingPlan {
  /**
   * A first plan, made quickly for the first paint: long texts hold their first rows only, what
   * lies below the first section waits, and chips and deal groups, which depend on what the whole
   * text links, are left out until the whole plan is made.
   */
  partial: boolean;
  mainDeal: DealRef | null;
  facts: JsonRecord;
  bodies: { key: string; text: string; cut?: Cut }[];
  meetings: MeetingInfo[];
  sections: SectionPlan[];
  lists: { key: string; items: string[] }[];
  others: JsonRecord;
  refGroups: { key: string; refs: DealRef[] }[];
  /** Every deal the briefing names, for links elsewhere on the card. */
  dealNames: ReadonlyMap<string, string>;
}

function stringOf(record: JsonRecord, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const v = record[key];
    if (typeof v === 'string' && v.trim() !== '') return v;
  }
  return undefined;
}

function asDealRef(value: Json, unnamed: string): DealRef | null {
  if (!isJsonRecord(value)) return null;
  const dealId = value.dealId;
  if (typeof dealId !== 'string' || dealId === '') return null;
  if (Object.keys(value).length > 4) return null;
  return { dealId, name: stringOf(value, DEAL_NAME_KEYS) ?? unnamed };
}

function asDealRefs(value: Json, unnamed: string): DealRef[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const refs = value.map((item) => asDealRef(item, unnamed));
  return refs.every((r) => r !== null) ? (refs as DealRef[]) : null;
}

/** A deal reference or a list of them, as the deals they name; null for anything else. */
function dealRefsOf(value: Json, unnamed: string): DealRef[] | null {
  const one = asDealRef(value, unnamed);
  return one ? [one] : asDealRefs(value, unnamed);
}

function isSection(value: Json): value is JsonRecord {
  return (
    isJsonRecord(value) &&
    stringOf(value, TITLE_KEYS) !== undefined &&
    SECTION_BODY_KEYS.some((k) => value[k] !== undefined)
  );
}

/** Each briefing's deal names, walked once: Today's layout and "Up next" both need them. */
const dealNamesByBriefing = new WeakMap<JsonRecord, ReadonlyMap<string, string>>();

/** Every deal the briefing names (id → name), without laying the briefing out. */
export function dealNamesIn(data: JsonRecord): ReadonlyMap<string, string> {
  let names = dealNamesByBriefing.get(data);
  if (names === undefined) {
    const found = new Map<string, string>();
    collectDealNames(data, found);
    dealNamesByBriefing.set(data, found);
    names = found;
  }
  return names;
}

/** Every `{ dealId, name }` anywhere in the briefing, so its text can link what it names. */
function collectDealNames(value: Json, into: Map<string, string>, depth = 0): void {
  if (depth > 6) return;
  if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item === 'object' && item !== null) collectDealNames(item, into, depth + 1);
    }
  } else if (isJsonRecord(value)) {
    const id = value.dealId;
    if (typeof id === 'string' && id !== '' && !into.has(id)) {
      const name = stringOf(value, NAMED_DEAL_KEYS);
      if (name !== undefined) into.set(id, name);
    }
    for (const child of Object.values(value)) {
      if (typeof child === 'object' && child !== null) collectDealNames(child, into, depth + 1);
    }
  }
}

/** The UTC day the briefing's "10:30 UTC" times belong to. */
function briefingDay(data: JsonRecord): string {
  const date = data.date;
  if (typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  const start = meetingsOf(data)[0]?.startsAt;
  const at = start ?? (typeof data.generatedAt === 'string' ? data.generatedAt : undefined);
  const ms = at === undefined ? NaN : Date.parse(at);
  return new Date(Number.isNaN(ms) ? Date.now() : ms).toISOString().slice(0, 10);
}

interface TextTools {
  /** A deal's chip name when the briefing gives none. */
  unnamed: string;
  prepare(text: string): string;
  /** A long text's first rows only, prepared, in a first plan; else the whole, as `prepare`. */
  prepareFirst(text: string): { text: string; cut?: Cut };
  /** Deals linked in any text prepared so far. */
  linked: Set<string>;
  /** A text was cut: what the texts link is not all known. */
  cut: boolean;
}

function textTools(
  data: JsonRecord,
  dealNames: ReadonlyMap<string, string>,
  unnamed: string,
  locale: string,
  firstRows: number | undefined,
): TextTools {
  const day = briefingDay(data);
  const link = dealLinker(dealNames);
  const linked = new Set<string>();
  // Linking and localising work line by line, so cutting before preparing gives the same first
  // rows as preparing the whole and cutting after (as the view does with a whole plan).
  const prepare = (text: string) => {
    const result = link(localiseUtcTimes(text, day, locale));
    for (const id of result.linked) linked.add(id);
    return result.text;
  };
  const tools: TextTools = {
    unnamed,
    linked,
    cut: false,
    prepare,
    prepareFirst(text) {
      const capped =
        firstRows !== undefined && text.length > LONG_TEXT
          ? capMarkdown(text, firstRows)
          : undefined;
      if (capped === undefined) return { text: prepare(text) };
      tools.cut = true;
      return { text: prepare(capped.text), cut: { total: capped.total } };
    },
  };
  return tools;
}

/** Whether the section is the one that lists the briefing's meetings (they stand in for its text). */
function listsMeetings(section: JsonRecord, meetings: readonly MeetingInfo[]): boolean {
  const title = stringOf(section, TITLE_KEYS) ?? '';
  const sectionId = typeof section.id === 'string' ? section.id : '';
  return meetings.length > 0 && MEETINGS_SECTION.test(`${sectionId} ${title}`);
}

function planSection(
  section: JsonRecord,
  tools: TextTools,
  meetings: MeetingInfo[],
  shown: Set<string>,
): SectionPlan {
  const title = stringOf(section, TITLE_KEYS) ?? '';
  const plan: SectionPlan = { title, rest: {}, chips: [] };
  const showsMeetings = listsMeetings(section, meetings);
  let bodySeen = false;
  let refs: DealRef[] = [];
  for (const [key, value] of Object.entries(section)) {
    if (TITLE_KEYS.includes(key) || key === 'id') continue;
    if (!bodySeen && SECTION_BODY_KEYS.includes(key)) {
      bodySeen = true;
      if (showsMeetings) plan.meetings = meetings;
      else if (typeof value === 'string') {
        const first = tools.prepareFirst(value);
        plan.body = first.text;
        if (first.cut) plan.bodyCut = first.cut;
      } else if (Array.isArray(value) && value.every((b) => typeof b === 'string')) {
        plan.items = value.map((item) => tools.prepare(item as string));
      }
      continue;
    }
    const dealRefs = asDealRefs(value, tools.unnamed);
    if (dealRefs) refs = dealRefs;
    else if (!(Array.isArray(value) && value.length === 0)) plan.rest[key] = value;
  }
  // Which deals a cut text links is not known: its chips wait for the whole plan.
  if (plan.bodyCut) {
    for (const r of refs) shown.add(r.dealId);
    return plan;
  }
  // The meeting list links each meeting's deal; the text may have linked the rest.
  const linkedHere = new Set([...tools.linked, ...(plan.meetings ?? []).map((m) => m.dealId)]);
  plan.chips = uniqueRefs(refs).filter((r) => !linkedHere.has(r.dealId));
  for (const r of refs) shown.add(r.dealId);
  for (const id of linkedHere) if (id !== undefined) shown.add(id);
  return plan;
}

function uniqueRefs(refs: readonly DealRef[]): DealRef[] {
  return [...new Map(refs.map((r) => [r.dealId, r])).values()];
}

function meetingListOf(key: string, value: Json): MeetingInfo[] {
  if (!(MEETING_LIST_FIELDS as readonly string[]).includes(key) || !Array.isArray(value)) return [];
  const meetings = meetingsOf({ [key]: value });
  if (meetings.length !== value.length) return [];
  // "items" and "events" may hold anything titled: only a list of timed entries is a calendar.
  return key === 'meetings' || meetings.every((m) => m.startsAt !== undefined) ? meetings : [];
}

/**
 * How a briefing is laid out. With `firstRows`, a first plan for the first paint: texts longer
 * than LONG_TEXT keep only their first `firstRows` rows (`partial` says so), and the whole plan,
 * made without it, follows when the page is idle. Without a long text both are the same.
 */
export function planBriefing(
  data: JsonRecord,
  title: string,
  translator: Pick<Translator, 't' | 'locale'>,
  options: { firstRows?: number } = {},
): BriefingPlan {
  const unnamed = translator.t('briefings.meeting.openDeal');
  const dealNames = dealNamesIn(data);
  const tools = textTools(data, dealNames, unnamed, translator.locale, options.firstRows);
  const plan: BriefingPlan = {
    partial: false,
    mainDeal: null,
    facts: {},
    bodies: [],
    meetings: [],
    sections: [],
    lists: [],
    others: {},
    refGroups: [],
    dealNames,
  };
  if (typeof data.dealId === 'string') {
    plan.mainDeal = {
      dealId: data.dealId,
      name: stringOf(data, ['dealName', 'dealTitle']) ?? unnamed,
    };
  }
  const sections: JsonRecord[] = [];
  const lists: { key: string; items: string[] }[] = [];
  const groups: { key: string; refs: DealRef[] }[] = [];
  /** Takes a field that only names deals as a group of them. */
  const refsIn = (key: string, value: Json): boolean => {
    const refs = dealRefsOf(value, unnamed);
    if (refs) groups.push({ key, refs });
    return refs !== null;
  };
  for (const [key, value] of Object.entries(data)) {
    if (key === 'id' || (typeof value === 'string' && value === title)) continue;
    // An identifier means nothing to a salesperson: "meetingId", "event_id" are not shown.
    if (isIdentifierKey(key) && typeof value === 'string') continue;
    if (plan.mainDeal && ['dealId', 'dealName', 'dealTitle'].includes(key)) continue;
    const meetings = meetingListOf(key, value);
    if (meetings.length > 0) plan.meetings = meetings;
    else if (
      typeof value === 'string' &&
      (BODY_KEY.test(key) || value.length > 160 || value.includes('\n'))
    ) {
      const first = tools.prepareFirst(value);
      plan.bodies.push({ key, text: first.text, ...(first.cut ? { cut: first.cut } : {}) });
    } else if (value === null || typeof value !== 'object') plan.facts[key] = value;
    else if (refsIn(key, value)) continue;
    else if (Array.isArray(value) && value.length > 0 && value.every(isSection)) {
      sections.push(...(value as JsonRecord[]));
    } else if (
      Array.isArray(value) &&
      value.length > 0 &&
      value.every((v) => typeof v === 'string')
    ) {
      lists.push({ key, items: value as string[] });
    } else plan.others[key] = value;
  }
  const later =
    options.firstRows !== undefined &&
    (sections.length > FIRST_PLAN_SECTIONS ||
      lists.length > 0 ||
      Object.keys(plan.others).length > 0);
  const shown = new Set<string>(plan.mainDeal ? [plan.mainDeal.dealId] : []);
  // A first plan prepares only the sections it shows: a big book's second one is a 64 KB table.
  plan.sections = (later ? sections.slice(0, FIRST_PLAN_SECTIONS) : sections).map((section) =>
    planSection(section, tools, plan.meetings, shown),
  );
  // The section that lists the meetings shows them, in the whole plan as in this one, even when
  // it waits: they never show in one place first and move to another.
  if (sections.some((section) => listsMeetings(section, plan.meetings))) plan.meetings = [];
  if (later) plan.others = {};
  else plan.lists = lists.map(({ key, items }) => ({ key, items: items.map(tools.prepare) }));
  for (const m of plan.meetings) if (m.dealId !== undefined) shown.add(m.dealId);
  for (const id of tools.linked) shown.add(id);
  plan.partial = tools.cut || later;
  // A group that only repeats deals shown above ("all deals in this briefing") adds nothing; what
  // a cut text links is not known, so a first plan leaves the groups to the whole one.
  if (plan.partial) return plan;
  plan.refGroups = groups
    .map(({ key, refs }) => ({ key, refs: uniqueRefs(refs).filter((r) => !shown.has(r.dealId)) }))
    .filter((g) => g.refs.length > 0);
  return plan;
}
