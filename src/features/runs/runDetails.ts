// Run details as the store keeps them: few, slimmed, and the source of a finished run's text.
import type { RunDetail } from '../../../electron/contract';
import { answerFromRecord } from '../../../electron/domain/runs/record-text';
import { existingOutput, markOutputFinished, outputFor } from '../../lib/runOutput';
import { isActiveStatus } from './runMeta';
import type { LiveRunMeta } from './runMeta';

/**
 * Run details carry whole records and transcripts (a long answer twice over), so only the few
 * most recently opened stay in memory; an older one is fetched again when it is opened.
 */
const RECENT_DETAILS = 4;

export function keepRecent<T>(
  details: Record<string, T | undefined>,
  runId: string,
  entry: T,
): Record<string, T | undefined> {
  const { [runId]: _previous, ...others } = details;
  const kept = Object.entries(others).slice(-(RECENT_DETAILS - 1));
  return { ...Object.fromEntries(kept), [runId]: entry };
}

/**
 * Once a stored transcript has filled the run's output buffer, its text (and the record's copy of
 * the output) would only keep a second and third copy of a long answer alive: the panel reads
 * the text from the buffer, and reloads the detail if the buffer was let go.
 */
export function withoutStoredText(value: RunDetail): RunDetail {
  if (value.transcript === null) return value;
  let record = value.record;
  if (record !== null) {
    const { output: _output, ...data } = record.data;
    record = { ...record, data };
  }
  return { ...value, record, transcript: { ...value.transcript, text: '', events: [] } };
}

/** Fills a run's output from its detail when nothing live holds its text. */
export function fillOutputFromDetail(
  runId: string,
  value: RunDetail,
  live: LiveRunMeta | undefined,
): void {
  // A finished run's output comes back from its transcript when it is not in memory.
  const output = existingOutput(runId);
  if (value.transcript && (!live || live.done) && (!output || output.seq === 0)) {
    const fresh = outputFor(runId);
    if (fresh.text() === '') {
      fresh.reset(value.transcript.text, 0);
    }
    markOutputFinished(runId);
  } else if (!value.transcript && !live && (!output || output.isEmpty())) {
    // Never followed here (made yesterday, elsewhere, by the command line): the answer is
    // the service's record of it, when the record holds one. A record of a run still going
    // holds only part of it: its stream brings the text from the start, so taking the part
    // first would show it twice.
    const record = value.record;
    const going = record?.status !== undefined && isActiveStatus(record.status);
    const answer = record && !going ? answerFromRecord(record.data) : undefined;
    if (answer !== undefined) {
      outputFor(runId).reset(answer, 0);
      markOutputFinished(runId);
    }
  }
}
