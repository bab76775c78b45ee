// A deal's page is built around its next step: the key facts (amount, stage, close date, owner,
// next step, last activity) said once at the top, the activity as a timeline with people's
// names, and the remaining fields below without repeating any of them. Pure: works on the
// record as the service sent it, whatever its CRM's shape.
import type { Deal } from '../../electron/contract';
import { normaliseKey } from '../../electron/domain/records/roles';
import { dealRoles } from './deals';
import { isJsonRecord, type Json, type JsonRecord } from './records';

const NEXT_STEP_KEYS = ['nextstep', 'nextsteps', 'nextactivitysubject', 'nextaction'];
const ACTIVITY_KEYS = ['activities', 'activity', 'engagements', 'history', 'timeline', 'events'];
const AT_KEYS = ['at', 'date', 'timestamp', 'createdat', 'occurredat', 'time', 'activitydate'];
const KIND_KEYS = ['type', 'kind', 'channel'];
const WHO_KEYS = ['by', 'owner', 'user', 'author', 'createdby', 'who'];
const TEXT_KEYS = ['summary', 'subject', 'description', 'body', 'note', 'notes', 'text', 'title'];

export interface TimelineItem {
  at?: string;
  /** "call", "email"… as the CRM names it. */
  kind?: string;
  /** A person's name; an id nobody could read is left out. */
  who?: string;
  text: string;
}

/** An id rather than a name: `usr_demo_alex`, a UUID, a number, `005…` without spaces. */
export function looksLikeId(text: string): boolean {
  const t = text.trim();
  if (/\s/.test(t)) return false;
  return /^(usr|user|act|own)_/i.test(t) || /^[0-9a-f-]{16,}$/i.test(t) || /\d/.test(t);
}

/** The record's own fields, one wrapper deep (`properties`, `fields`…), by normalised key. */
function fieldsOf(data: JsonRecord): Map<string, { key: string; value: Json }> {
  const out = new Map<string, { key: string; value: Json }>();
  const visit = (record: JsonRecord, depth: number) => {
    for (const [key, value] of Object.entries(record)) {
      const k = normaliseKey(key);
      if (
        depth < 2 &&
        isJsonRecord(value) &&
        ['properties', 'fields', 'data', 'record', 'values'].includes(k)
      ) {
        visit(value, depth + 1);
      } else if (!out.has(k)) out.set(k, { key, value });
    }
  };
  visit(data, 0);
  return out;
}

function textIn(record: JsonRecord, keys: readonly string[]): string | undefined {
  for (const [key, value] of Object.entries(record)) {
    if (!keys.includes(normaliseKey(key))) continue;
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    if (isJsonRecord(value)) {
      const name = value.name ?? value.fullName ?? value.displayName;
      if (typeof name === 'string' && name.trim() !== '') return name.trim();
    }
  }
  return undefined;
}

/** Ids the record names people by, with their names (`owner: { id, name }`). */
function peopleOf(fields: Map<string, { key: string; value: Json }>) {
  const people = new Map<string, string>();
  for (const { value } of fields.values()) {
    if (!isJsonRecord(value)) continue;
    const id = value.id;
    const name = value.name ?? value.fullName ?? value.displayName;
    if ((typeof id === 'string' || typeof id === 'number') && typeof name === 'string') {
      people.set(String(id), name);
    }
  }
  return people;
}

/** A person's name for what the record says: a name as is, an id resolved or left out. */
function personName(text: string | undefined, people: Map<string, string>): string | undefined {
  if (text === undefined) return undefined;
  if (!looksLikeId(text)) return text;
  return people.get(text);
}

export interface DealFacts {
  owner?: string;
  nextStep?: string;
  timeline: TimelineItem[];
  /** The keys of the record the facts and the timeline show, left out of the fields below. */
  shownKeys: Set<string>;
}

function timelineOf(value: Json | undefined, people: Map<string, string>): TimelineItem[] {
  if (!Array.isArray(value)) return [];
  const items: TimelineItem[] = [];
  for (const entry of value) {
    if (!isJsonRecord(entry)) continue;
    const text = textIn(entry, TEXT_KEYS);
    if (text === undefined) continue;
    const at = textIn(entry, AT_KEYS);
    const kind = textIn(entry, KIND_KEYS);
    const who = personName(textIn(entry, WHO_KEYS), people);
    items.push({ text, ...(at ? { at } : {}), ...(kind ? { kind } : {}), ...(who ? { who } : {}) });
  }
  // Newest first, whatever order the CRM sent them in.
  return items.sort((a, b) => (Date.parse(b.at ?? '') || 0) - (Date.parse(a.at ?? '') || 0));
}

export function dealFacts(deal: Pick<Deal, 'data'>): DealFacts {
  const roles = dealRoles(deal);
  const fields = fieldsOf(deal.data);
  const people = peopleOf(fields);
  const shownKeys = new Set<string>();
  for (const role of [
    'title',
    'account',
    'amount',
    'currency',
    'stage',
    'closeDate',
    'owner',
  ] as const) {
    const key = roles.paths[role]?.split('.').at(-1);
    if (key !== undefined) shownKeys.add(key);
  }
  const nextStepField = NEXT_STEP_KEYS.map((k) => fields.get(k)).find(
    (f) => typeof f?.value === 'string' && f.value.trim() !== '',
  );
  if (nextStepField) shownKeys.add(nextStepField.key);
  const activityField = ACTIVITY_KEYS.map((k) => fields.get(k)).find((f) =>
    Array.isArray(f?.value),
  );
  const timeline = timelineOf(activityField?.value, people);
  if (activityField && timeline.length > 0) shownKeys.add(activityField.key);
  const owner = personName(roles.owner, people);
  return {
    ...(owner ? { owner } : {}),
    ...(nextStepField ? { nextStep: String(nextStepField.value).trim() } : {}),
    timeline,
    shownKeys,
  };
}
