// When automatic prep's one timer fires next (auto-prep.ts): never more often than the reads of
// the briefing ask, and at each prep time and retry between them.
import type { AutoPrepMode } from '../../contract/settings';
import { isEligible, recordFor, type TimedMeeting } from './prep-view';
import type { PrepRecord } from './records';

/** What of the settings decides the next wake (auto-prep.ts AutoPrepSettings). */
interface WakeSettings {
  mode: AutoPrepMode;
  leadMinutes: number;
  pollMinutes: number;
}

/** One timer to the next due moment: a prep time, a retry, or the next read of the briefing. */
export function nextWake(
  settings: WakeSettings,
  known: readonly TimedMeeting[],
  all: readonly PrepRecord[],
  nowMs: number,
): Date {
  const wakes = [nowMs + settings.pollMinutes * 60_000];
  for (const meeting of known) {
    if (!isEligible(settings.mode, meeting) || recordFor(all, meeting) !== undefined) continue;
    const due = Date.parse(meeting.startsAt) - settings.leadMinutes * 60_000;
    if (due > nowMs) wakes.push(due);
  }
  for (const record of all) {
    if (record.progress.status === 'waiting') {
      wakes.push(Math.max(Date.parse(record.progress.retryAt), nowMs));
    }
  }
  return new Date(Math.min(...wakes));
}
