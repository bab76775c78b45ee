// Where each meeting's automatic prep stands, as the renderer shows it (autoPrep.list): worked
// out from the meetings of the last briefing read and the records in the data folder.
import type { AutoPrepMeeting, AutoPreps, AutoPrepStatus } from '../../contract';
import type { AutoPrepMode } from '../../contract/settings';
import type { MeetingInfo } from '../../domain/briefings/meetings';
import { visibleLine } from '../../domain/text/visible-text';
import { localDate } from '../notifications/zoned-time';
import { occurrenceId, type PrepRecord } from './records';

/** A meeting this close (or started) whose prep time passed gets none: too late to read it. */
export const TOO_LATE_MS = 10 * 60_000;
/** After this many failed preps in a day, none more that day. */
export const MAX_FAILURES_A_DAY = 2;
/** A recorded meeting stays on view this long after it started. */
const SHOWN_AFTER_START_MS = 3_600_000;

export interface TimedMeeting extends MeetingInfo {
  startsAt: string;
}

export function timed(meetings: readonly MeetingInfo[]): TimedMeeting[] {
  return meetings.flatMap((meeting) =>
    meeting.startsAt === undefined ? [] : [{ ...meeting, startsAt: meeting.startsAt }],
  );
}

/**
 * In `all-meetings`, a meeting the briefing gives no deal id takes the deal its title names, as
 * Today's card links it (undefined from `named`: none, or more than one could be meant).
 */
export async function withNamedDeals(
  meetings: TimedMeeting[],
  mode: AutoPrepMode,
  named: ((title: string) => Promise<string | undefined>) | undefined,
): Promise<TimedMeeting[]> {
  if (mode !== 'all-meetings' || named === undefined) return meetings;
  return Promise.all(
    meetings.map(async (meeting) => {
      if (meeting.dealId !== undefined || meeting.title === undefined) return meeting;
      const dealId = await named(meeting.title).catch(() => undefined);
      return dealId === undefined ? meeting : { ...meeting, dealId };
    }),
  );
}

/**
 * Whether a meeting gets a prep by itself. Every meeting needs a deal: Prepare asks about the
 * meeting's deal (the run manager starts runs on a deal). In `all-meetings` a meeting the briefing
 * gives no deal id takes the deal its title names (auto-prep.ts), as Today's card links it; one
 * that names none is not prepared, in any mode.
 */
export function isEligible(mode: AutoPrepMode, meeting: Pick<MeetingInfo, 'dealId'>): boolean {
  return mode !== 'off' && meeting.dealId !== undefined;
}

export function failuresToday(all: readonly PrepRecord[], now: Date, timeZone: string): number {
  const today = localDate(now, timeZone);
  return all.filter(
    (record) =>
      record.progress.status === 'skipped' &&
      record.progress.reason === 'failed' &&
      localDate(new Date(record.progress.at), timeZone) === today,
  ).length;
}

/** The meeting occurrence's record or, for a meeting moved after its prep ran, the earlier one. */
export function recordFor(
  all: readonly PrepRecord[],
  meeting: Pick<TimedMeeting, 'key' | 'startsAt'>,
): PrepRecord | undefined {
  const id = occurrenceId(meeting.key, meeting.startsAt);
  return (
    all.find((record) => occurrenceId(record.meetingKey, record.startsAt) === id) ??
    all.find((record) => record.meetingKey === meeting.key)
  );
}

export interface ViewInput {
  mode: AutoPrepMode;
  leadMinutes: number;
  known: readonly TimedMeeting[];
  records: readonly PrepRecord[];
  /** The prep agent, when there is one. */
  agentId: string | undefined;
  now: Date;
  timeZone: string;
}

export function prepView(input: ViewInput): AutoPreps {
  const nowMs = input.now.getTime();
  const byKey = new Map<string, TimedMeeting>();
  for (const record of input.records) {
    if (Date.parse(record.startsAt) + SHOWN_AFTER_START_MS < nowMs) continue;
    byKey.set(record.meetingKey, {
      key: record.meetingKey,
      startsAt: record.startsAt,
      ...(record.title === undefined ? {} : { title: record.title }),
      ...(record.dealId === undefined ? {} : { dealId: record.dealId }),
    });
  }
  for (const meeting of input.known) byKey.set(meeting.key, meeting);
  const failures = failuresToday(input.records, input.now, input.timeZone);
  const statusOf = (meeting: TimedMeeting): AutoPrepStatus => {
    const record = recordFor(input.records, meeting);
    if (record !== undefined) {
      // A retry after a 503 that the meeting's start overtook will not come.
      const overtaken = Date.parse(meeting.startsAt) - nowMs <= TOO_LATE_MS;
      if (record.progress.status === 'waiting' && overtaken) {
        return { status: 'skipped', reason: 'failed' };
      }
      return progressStatus(record);
    }
    if (!isEligible(input.mode, meeting)) return { status: 'skipped', reason: 'off' };
    if (input.agentId === undefined) return { status: 'skipped', reason: 'no-agent' };
    const start = Date.parse(meeting.startsAt);
    const due = start - input.leadMinutes * 60_000;
    if (due > nowMs) return { status: 'scheduled', at: new Date(due).toISOString() };
    if (start - nowMs <= TOO_LATE_MS) return { status: 'skipped', reason: 'too-late' };
    if (failures >= MAX_FAILURES_A_DAY) return { status: 'skipped', reason: 'stopped-for-today' };
    return { status: 'scheduled', at: input.now.toISOString() };
  };
  const meetings: AutoPrepMeeting[] = [...byKey.values()]
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
    .slice(0, 200)
    .map((meeting) => ({
      meetingKey: meeting.key,
      startsAt: meeting.startsAt,
      ...(meeting.title === undefined ? {} : { title: meeting.title }),
      ...(meeting.dealId === undefined ? {} : { dealId: meeting.dealId }),
      prep: statusOf(meeting),
    }));
  return { meetings };
}

function progressStatus(record: PrepRecord): AutoPrepStatus {
  const progress = record.progress;
  switch (progress.status) {
    case 'starting':
      return { status: 'scheduled', at: progress.at };
    case 'waiting':
      return { status: 'scheduled', at: progress.retryAt };
    case 'running':
      return { status: 'running', runId: progress.runId, startedAt: progress.startedAt };
    case 'ready':
      return {
        status: 'ready',
        runId: progress.runId,
        finishedAt: progress.finishedAt,
        firstLines: progress.firstLines,
        read: progress.read,
      };
    case 'skipped':
      return { status: 'skipped', reason: progress.reason };
  }
}

/** One line of the answer as plain text, and whether it is what the answer says (not a heading or a quote). */
function plainLine(line: string): { text: string; said: boolean } {
  const shown = visibleLine(line); // no bidi or control characters from the service's text
  const said = !/^\s*(#{1,6}\s|>)/.test(shown);
  const text = shown
    .replace(/^\s*(#{1,6}\s+|[-*+]\s+|>\s*)/, '')
    .replace(/[*_`]/g, '')
    .trim();
  return { text, said };
}

/**
 * The answer's first lines as plain text for Today's card and the panel, one per line: markdown
 * marks and blank lines dropped, cut at 600 characters. Headings and quotes are left out while
 * the answer has other lines: an agent's answer often opens with its own title and the question
 * quoted back ("Deal coach: Globex", "> Prepare me for this meeting"), which tell nothing.
 */
export function firstLines(text: string, count = 3): string {
  const all = text
    .split(/\r?\n/)
    .map(plainLine)
    .filter((line) => line.text !== '');
  const said = all.filter((line) => line.said);
  const lines = (said.length > 0 ? said : all)
    .slice(0, count)
    .map((line) => line.text)
    .join('\n');
  return lines.length > 600 ? `${lines.slice(0, 599)}…` : lines;
}
