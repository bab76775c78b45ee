// Cancelling a run on the service, and recording it in a transcript nobody is following: the
// parts of `RunManager.cancel` that do not touch the live runs, and the note that a cancel was
// made here (its ending is not news to the user: see notifications/run-finished.ts).
import type { ApiClient } from '../api/client';
import type { LiveEntry } from './live-entry';
import { SYNTHETIC_POSITION } from '../stream/follow';
import { summariseRecord } from '../stream/run-record';
import { isTerminalStatus } from '../stream/vocabulary';
import type { StoredTranscript, TranscriptStore } from './transcript-store';

/** Where the manager's own final event of a cancelled run stands in its transcript. */
export const CANCEL_POSITION = `${SYNTHETIC_POSITION}cancel`;

/**
 * DELETE on the service (it throws when that fails), then the run's final status: the one the
 * service answered or recorded when terminal, else `cancelled`.
 */
export async function cancelOnService(
  api: Pick<ApiClient, 'cancelRun' | 'getRun'>,
  runId: string,
  signal?: AbortSignal,
): Promise<string> {
  const answer = await api.cancelRun(runId, { signal });
  let status = answer.data ? summariseRecord(answer.data.data).status : undefined;
  if (status === undefined || !isTerminalStatus(status)) {
    try {
      const record = await api.getRun(runId, { signal });
      const recorded = summariseRecord(record.data.data).status;
      if (recorded !== undefined && isTerminalStatus(recorded)) status = recorded;
    } catch {
      // The cancellation was accepted; the record is only a nicer status.
    }
  }
  return status !== undefined && isTerminalStatus(status) ? status : 'cancelled';
}

/**
 * A run cancelled while not followed here: its unfinished transcript, if any, gets the final
 * event and ends. Resolves with the transcript as it was read (before the end).
 */
export async function recordCancelled(
  store: TranscriptStore,
  runId: string,
  status: string,
  now: () => Date,
): Promise<StoredTranscript | undefined> {
  const stored = await store.read(runId);
  if (stored && !stored.meta.done) {
    const { writer } = await store.open({ runId });
    writer.append({ type: 'final', status, source: 'record' }, CANCEL_POSITION);
    writer.update({ status, done: true, finishedAt: now().toISOString() });
    await writer.close();
  }
  return stored;
}

/**
 * cancelOnService, with the live run (if followed here) noted as cancelled by this app first:
 * its stream may report the end before the DELETE answers. The note goes when the DELETE fails.
 */
export async function cancelNoted(
  api: Pick<ApiClient, 'cancelRun' | 'getRun'>,
  runId: string,
  live: Pick<LiveEntry, 'cancelledHere'> | undefined,
  signal?: AbortSignal,
): Promise<string> {
  if (live) live.cancelledHere = true;
  try {
    return await cancelOnService(api, runId, signal);
  } catch (error) {
    if (live) live.cancelledHere = false;
    throw error;
  }
}
