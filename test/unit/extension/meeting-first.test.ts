// The panel puts the deal's next meeting first in the hour before it starts, and the timer it
// sets fires when that changes: at an hour before, then at the start (never a poll).
import { describe, expect, it } from 'vitest';
import {
  MEETING_FIRST_MS,
  meetingFirst,
  untilMeetingMoves,
} from '../../../extension/src/panel/meeting-first';

const START = '2026-11-30T15:00:00.000Z';
const at = (iso: string) => Date.parse(iso);
const MINUTE = 60_000;

describe('the meeting leads the panel in the hour before it', () => {
  it.each([
    ['a day before', '2026-11-29T15:00:00.000Z', false],
    ['61 minutes before', '2026-11-30T13:59:00.000Z', false],
    ['exactly an hour before', '2026-11-30T14:00:00.000Z', true],
    ['25 minutes before', '2026-11-30T14:35:00.000Z', true],
    ['a second before', '2026-11-30T14:59:59.000Z', true],
    ['at its start', '2026-11-30T15:00:00.000Z', false],
    ['after it started', '2026-11-30T15:10:00.000Z', false],
  ])('%s: %s', (_, now, first) => {
    expect(meetingFirst(START, at(now))).toBe(first);
  });

  it('never for a meeting without a start or with one that is not a time', () => {
    expect(meetingFirst(undefined, at(START) - MINUTE)).toBe(false);
    expect(meetingFirst('soon', at(START) - MINUTE)).toBe(false);
  });
});

describe('the next moment the placement changes', () => {
  it('is an hour before the start, then the start, then none', () => {
    const twoHoursBefore = at(START) - 2 * MEETING_FIRST_MS;
    expect(untilMeetingMoves(START, twoHoursBefore)).toBe(MEETING_FIRST_MS);
    expect(meetingFirst(START, twoHoursBefore + MEETING_FIRST_MS)).toBe(true);
    expect(untilMeetingMoves(START, at(START) - 25 * MINUTE)).toBe(25 * MINUTE);
    expect(meetingFirst(START, at(START))).toBe(false);
    expect(untilMeetingMoves(START, at(START))).toBeUndefined();
    expect(untilMeetingMoves(undefined, at(START))).toBeUndefined();
  });

  it('waits no longer than a timer can (a meeting months away is looked at again)', () => {
    const wait = untilMeetingMoves(START, at(START) - 90 * 86_400_000);
    expect(wait).toBe(2_147_483_647);
  });
});
