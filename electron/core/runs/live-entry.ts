// A run the manager follows (or followed lately) and how what happens to it changes it: each
// event goes to its transcript writer, its summary and the coalesced batches; a follow that ends
// for good leaves it done with the error; a snapshot is the run as of its last batch.
import type { ErrorData } from '../../contract/common';
import type { LiveRun, LiveRunSummary } from '../../contract/runs';
import { AssistantError } from '../errors';
import { coreWords } from '../i18n/words';
import type { ConnectionState, RunEvent } from '../stream/events';
import type { RunFollow } from '../stream/follow';
import type { UpdateCoalescer } from './coalescer';
import { errorData, withDefined } from './live-summary';
import { answerTooLong } from './run-bound';
import { runFolderName } from './transcript-store';
import type { TranscriptWriter } from './transcript-writer';

export interface LiveEntry {
  summary: LiveRunSummary;
  message?: string;
  /** The output so far, in pieces until a snapshot joins them. */
  text: string[];
  follow?: RunFollow;
  writer?: TranscriptWriter;
  /** Resolves when the follow loop has ended and the transcript is flushed. */
  finished?: Promise<void>;
  /** The user cancelled it in this app. */
  cancelledHere?: boolean;
}

/** What changing an entry reaches: the batches, the clock, and the run list's subscribers. */
export interface EntryContext {
  coalescer: UpdateCoalescer;
  now: () => Date;
  /** The run list changed (status, stream, done): its subscribers hear of it. */
  changed: () => void;
}

export function setStream(context: EntryContext, entry: LiveEntry, state: ConnectionState): void {
  if (entry.summary.stream === state) return;
  entry.summary.stream = state;
  context.coalescer.stream(entry.summary.runId, state);
  context.changed();
}

/** Following `entry` ended for good with `error` (it stays listed, done, with the error). */
export function giveUp(context: EntryContext, entry: LiveEntry, error: AssistantError): void {
  if (entry.summary.done) return;
  const data = errorData(error);
  entry.summary.error = data;
  setStream(context, entry, 'closed');
  // A run that no longer exists (or a stream we must not resume, or a service no longer in
  // use) is not tried again on the next start; a network give-up is.
  entry.writer?.update({ error: data, abandoned: !error.retryable });
  context.coalescer.done(entry.summary.runId, { error: data });
  entry.summary.done = true;
  context.changed();
}

/**
 * The run grew past its bound: it is no longer followed, and ends with what it has so far (shown
 * and kept) and an error that says so. Not resumed on the next start: it would only grow again.
 */
function stopTooLong(context: EntryContext, entry: LiveEntry, maxBytes: number): void {
  entry.follow?.close();
  giveUp(context, entry, answerTooLong(maxBytes));
}

/** One event of the run's stream (or the manager's own final on cancel), at `position`. */
export function applyEvent(
  context: EntryContext,
  entry: LiveEntry,
  event: RunEvent,
  position: string,
): void {
  if (entry.summary.done) return;
  if (entry.writer?.append(event, position) === false) {
    stopTooLong(context, entry, entry.writer.maxBytes);
    return;
  }
  const { coalescer } = context;
  const runId = entry.summary.runId;
  switch (event.type) {
    case 'output':
      entry.text.push(event.text);
      coalescer.text(runId, event.text);
      return;
    case 'status':
      // Non-output events ride along in the batches; output is sent once, as text.
      coalescer.event(runId, event);
      if (event.status !== entry.summary.status) {
        entry.summary.status = event.status;
        coalescer.status(runId, event.status);
        entry.writer?.update({ status: event.status });
        context.changed();
      }
      return;
    case 'final':
      applyFinal(context, entry, event);
      return;
    default:
      coalescer.event(runId, event);
  }
}

function applyFinal(
  context: EntryContext,
  entry: LiveEntry,
  event: Extract<RunEvent, { type: 'final' }>,
): void {
  const { coalescer } = context;
  const runId = entry.summary.runId;
  if (event.status !== entry.summary.status) {
    entry.summary.status = event.status;
    coalescer.status(runId, event.status);
  }
  coalescer.event(runId, event);
  const finishedAt = context.now().toISOString();
  const error: ErrorData | undefined = event.error
    ? { ...event.error, retryable: false }
    : undefined;
  entry.summary.done = true;
  entry.summary.finishedAt = finishedAt;
  if (event.usage !== undefined) entry.summary.usage = event.usage;
  if (error !== undefined) entry.summary.error = error;
  coalescer.done(runId, withDefined({ usage: event.usage, error }));
  entry.writer?.update(
    withDefined({ status: event.status, done: true, finishedAt, usage: event.usage, error }),
  );
  void entry.writer?.flush().catch(() => undefined);
  context.changed();
}

/**
 * The run as of its seq: text and an end still waiting for their batch come with that batch
 * (seq + 1), not twice. Sending them now instead would put a batch closer than a frame to the
 * last one whenever a page asks (every runs.start).
 */
export function snapshotOf(entry: LiveEntry, coalescer: UpdateCoalescer): LiveRun {
  const runId = entry.summary.runId;
  if (entry.text.length > 1) entry.text = [entry.text.join('')];
  const text = entry.text[0] ?? '';
  const run: LiveRun = {
    ...entry.summary,
    seq: coalescer.seq(runId),
    text: text.slice(0, text.length - coalescer.unsentTextLength(runId)),
  };
  if (coalescer.endUnsent(runId)) {
    run.done = false;
    delete run.finishedAt;
    delete run.usage;
    delete run.error;
  }
  if (entry.message !== undefined) run.message = entry.message;
  return run;
}

/**
 * Whether a transcript folder belongs to a run being attached or followed (not done): retention
 * must leave it be.
 */
export function isFollowedFolder(
  folder: string,
  attaching: Iterable<string>,
  runs: ReadonlyMap<string, LiveEntry>,
): boolean {
  for (const runId of attaching) if (runFolderName(runId) === folder) return true;
  for (const [runId, entry] of runs) {
    if (!entry.summary.done && runFolderName(runId) === folder) return true;
  }
  return false;
}

/** What only this app knows of a live run: the question it was asked, and who ended it. */
export function askedOf(entry: Pick<LiveEntry, 'message' | 'cancelledHere'> | undefined): {
  question?: string;
  cancelledHere: boolean;
} {
  const cancelledHere = entry?.cancelledHere === true;
  const message = entry?.message;
  return message === undefined ? { cancelledHere } : { question: message, cancelledHere };
}

/** What the manager answers once it is closing. */
export function managerClosedError(): AssistantError {
  return new AssistantError({
    kind: 'aborted',
    code: 'manager_closed',
    message: coreWords().t('errors.app.shuttingDown'),
    retryable: false,
  });
}
