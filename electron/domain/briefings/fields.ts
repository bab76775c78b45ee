// The API document does not show what a briefing contains, so the fields a notification needs
// are looked up by these names, in this order (dotted names reach into nested objects). Exported
// so the briefing screens and the tray can read briefings the same way.
export const BRIEFING_HEADLINE_FIELDS = [
  'headline',
  'title',
  'summary',
  'subject',
  'greeting',
  'text',
] as const;

/** Where a meeting briefing may keep the meeting itself; checked before the briefing's top level. */
export const MEETING_CONTAINER_FIELDS = ['meeting', 'event', 'calendarEvent'] as const;
/** A briefing may cover several meetings, as a bare array or under one of these names. */
export const MEETING_LIST_FIELDS = ['meetings', 'events', 'items'] as const;

export const MEETING_ID_FIELDS = ['meetingId', 'meeting_id', 'eventId', 'id'] as const;
export const MEETING_TITLE_FIELDS = ['title', 'subject', 'name', 'meetingTitle'] as const;
export const MEETING_SUMMARY_FIELDS = ['headline', 'summary', 'description', 'text'] as const;
export const MEETING_START_FIELDS = [
  'startsAt',
  'startTime',
  'start',
  'time',
  'scheduledAt',
  'startAt',
  'starts_at',
  'start_time',
  'scheduled_at',
  'start.dateTime',
  'beginsAt',
] as const;
export const MEETING_END_FIELDS = [
  'endsAt',
  'endTime',
  'end',
  'endAt',
  'ends_at',
  'end_time',
  'end.dateTime',
] as const;
export const MEETING_LOCATION_FIELDS = ['location', 'place', 'room', 'where', 'venue'] as const;
export const MEETING_DEAL_ID_FIELDS = [
  'dealId',
  'deal.id',
  'deal.dealId',
  'linkedDealId',
  'linkedDeal.id',
  'deal_id',
  'context.dealId',
  'relatedDealId',
] as const;

type Fields = readonly string[];

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function at(record: Record<string, unknown>, path: string): unknown {
  let current: unknown = record;
  for (const segment of path.split('.')) {
    if (!isRecord(current)) return undefined;
    current = current[segment];
  }
  return current;
}

/** First non-blank string (or finite number, as text) among `fields`, searched in each record in turn. */
export function pickText(records: Record<string, unknown>[], fields: Fields): string | undefined {
  for (const record of records) {
    for (const field of fields) {
      const value = at(record, field);
      if (typeof value === 'string' && value.trim() !== '') return value.trim();
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    }
  }
  return undefined;
}

/**
 * First value among `fields` that is an instant: an ISO 8601 string with a date (a bare "10:00"
 * is not one), or epoch seconds or milliseconds.
 */
export function pickInstant(records: Record<string, unknown>[], fields: Fields): Date | undefined {
  for (const record of records) {
    for (const field of fields) {
      const instant = toInstant(at(record, field));
      if (instant !== undefined) return instant;
    }
  }
  return undefined;
}

function toInstant(value: unknown): Date | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
    // Below 1e11 it can only be seconds (1e11 ms is 1973; 1e11 s is the year 5138).
    return new Date(value < 1e11 ? value * 1000 : value);
  }
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value.trim())) return undefined;
  const ms = Date.parse(value.trim());
  return Number.isNaN(ms) ? undefined : new Date(ms);
}
