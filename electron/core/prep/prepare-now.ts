// Prepare, asked for one meeting now (`autoPrep.prepare`: the browser companion's Prepare). The
// same agent as the automatic prep (the one chosen in Settings, else the one Prepare suggests) and
// the same claim (records.ts): a meeting occurrence gets one prep whoever asks first, the timer,
// another core on the folder or a second press; asking again shows the prep running or ready
// rather than starting another. A prep that did not run (skipped: off, quota, failed, too late)
// may be asked for: that is the user's own question, so the reserve kept for their questions
// does not hold it back (the service still enforces its quota), nor does the day's failure count.
import type { AutoPrepMeeting, AutoPreps } from '../../contract';
import { meetingsOf } from '../../domain/briefings/meetings';
import { AssistantError } from '../errors';
import { timed, recordFor } from './prep-view';
import { occurrenceId, recordKeptUntil, startingRecord, type PrepRecord } from './records';
import { startClaimed, translatorOf, type Context } from './start-claimed';

export interface PrepareRequest {
  meetingKey: string;
  /** The deal the asker shows: a meeting about another deal is not prepared through it. */
  dealId: string;
}

export interface Prepared {
  /** True when this request started the run; false when one was already there. */
  started: boolean;
  meeting: AutoPrepMeeting;
}

function refused(context: Context, code: string, key: 'noMeeting' | 'noAgent'): AssistantError {
  const { t } = translatorOf(context.options);
  return new AssistantError({
    kind: 'invalid_input',
    code,
    message: t(key === 'noMeeting' ? 'errors.prep.noMeeting' : 'errors.prep.noAgent'),
    retryable: false,
  });
}

/** Takes the occurrence for this request: a new claim, or a skipped one taken again once. */
async function take(context: Context, record: PrepRecord, existing: PrepRecord | undefined) {
  const { records } = context.options;
  if (existing === undefined) return records.claim(record);
  const progress = existing.progress;
  if (progress.status !== 'skipped') return false;
  // Two presses (or two cores) on one skipped prep: the first takes it, the second shows it.
  const id = occurrenceId(existing.meetingKey, existing.startsAt);
  if (!(await records.once(`prepare:${id}:${progress.at}`, recordKeptUntil(existing))))
    return false;
  await records.update(record);
  return true;
}

export async function prepareNow(
  context: Context,
  request: PrepareRequest,
  view: () => Promise<AutoPreps>,
): Promise<Prepared> {
  const { options } = context;
  // Read afresh: the meeting must be in the briefing now, about this deal.
  const meeting = timed(meetingsOf(await options.fetchBriefing())).find(
    (m) => m.key === request.meetingKey && m.dealId === request.dealId,
  );
  if (meeting === undefined) throw refused(context, 'meeting_not_found', 'noMeeting');
  const existing = recordFor(await options.records.list(), meeting);
  let started = false;
  if (existing === undefined || existing.progress.status === 'skipped') {
    const agentId = await options.agentId();
    if (agentId === undefined) throw refused(context, 'no_prep_agent', 'noAgent');
    const record = startingRecord(meeting, request.dealId, agentId, options.now());
    if (await take(context, record, existing)) {
      await startClaimed(context, record, 1);
      started = true;
    }
  }
  const preps = await view();
  const shown = preps.meetings.find((m) => m.meetingKey === meeting.key);
  // The view lists every record of a meeting not long past: this one was just read or written.
  if (shown === undefined) throw refused(context, 'meeting_not_found', 'noMeeting');
  return { started, meeting: shown };
}
