// The stream closed without a final event: what the run record says about the end. Pure, so the
// rules (fill only missing output, which error to report) are tested without a service.
import type { RunEvent } from './events';
import { summariseRecord } from './run-record';
import { isTerminalStatus } from './vocabulary';

type ErrorEvent = Extract<RunEvent, { type: 'error' }>;
type FinalEvent = Extract<RunEvent, { type: 'final' }>;

export type RecordEnd =
  | { ended: false }
  /** `rest`: output the record holds beyond `text`, the output already delivered. */
  | { ended: true; rest: string | undefined; final: FinalEvent };

export function endFromRecord(
  record: unknown,
  text: string,
  lastError: ErrorEvent | undefined,
): RecordEnd {
  const summary = summariseRecord(record);
  const ended = summary.status !== undefined && isTerminalStatus(summary.status);
  const failedQuietly = summary.status === undefined && lastError !== undefined;
  if (!ended && !failedQuietly) return { ended: false };
  const rest =
    summary.output !== undefined &&
    summary.output.length > text.length &&
    summary.output.startsWith(text)
      ? summary.output.slice(text.length)
      : undefined;
  const final: FinalEvent = { type: 'final', status: summary.status ?? 'failed', source: 'record' };
  if (summary.usage !== undefined) final.usage = summary.usage;
  const error =
    summary.error ??
    (lastError !== undefined ? { code: lastError.code, message: lastError.message } : undefined);
  if (error !== undefined && (failedQuietly || summary.error !== undefined)) final.error = error;
  return { ended: true, rest, final };
}
