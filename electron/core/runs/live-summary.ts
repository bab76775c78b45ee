// The one place a live run's summary is built: for a run being attached, a run shown from its
// finished transcript, and a run cancelled without being followed here.
import type { ErrorData } from '../../contract/common';
import type { LiveRunSummary } from '../../contract/runs';
import type { AssistantError } from '../errors';
import type { AttachInit } from './attach-init';
import type { StoredTranscript } from './transcript-store';
import type { TranscriptMeta } from './transcript-meta';

/** The fields every summary has, and those it has only when known. */
export type SummaryFields = Pick<
  LiveRunSummary,
  'runId' | 'agentId' | 'status' | 'stream' | 'done' | 'startedAt' | 'seq'
> &
  Partial<Pick<LiveRunSummary, 'dealId' | 'finishedAt' | 'usage' | 'error'>>;

/** A summary with the optional fields present only when defined (the contract's shape). */
export function liveSummary(fields: SummaryFields): LiveRunSummary {
  return withDefined({ ...fields });
}

/** A run about to be followed: what its transcript says, else what it is attached with. */
export function attachedSummary(
  runId: string,
  meta: Readonly<TranscriptMeta>,
  init: AttachInit,
  seq: number,
): LiveRunSummary {
  return liveSummary({
    runId,
    agentId: meta.agentId ?? init.agentId ?? '',
    dealId: meta.dealId,
    status: meta.status ?? init.status ?? 'created',
    stream: 'connecting',
    done: false,
    startedAt: meta.startedAt,
    seq,
  });
}

/** A run this app saw to its end, as its transcript left it. */
export function storedSummary(meta: TranscriptMeta, seq: number): LiveRunSummary {
  return liveSummary({
    runId: meta.runId,
    agentId: meta.agentId ?? '',
    dealId: meta.dealId,
    status: meta.status ?? 'unknown',
    stream: 'closed',
    done: true,
    startedAt: meta.startedAt,
    finishedAt: meta.finishedAt,
    usage: meta.usage,
    error: meta.error,
    seq,
  });
}

/** A run cancelled while not followed here: ended now, with what its transcript (if any) knew. */
export function detachedSummary(
  runId: string,
  status: string,
  stored: StoredTranscript | undefined,
  now: () => Date,
): LiveRunSummary {
  return liveSummary({
    runId,
    agentId: stored?.meta.agentId ?? '',
    dealId: stored?.meta.dealId,
    status,
    stream: 'closed',
    done: true,
    startedAt: stored?.meta.startedAt ?? now().toISOString(),
    finishedAt: now().toISOString(),
    seq: 0,
  });
}

/** The error as a summary and a transcript carry it: the contract's fields, none undefined. */
export function errorData(error: AssistantError): ErrorData {
  const data = error.toData();
  return withDefined({
    code: data.code,
    message: data.message,
    retryable: data.retryable,
    requestId: data.requestId,
    kind: data.kind,
    field: data.field,
    status: data.status,
  }) as ErrorData;
}

/** `value` without its undefined properties (they would be sent and stored as keys). */
export function withDefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
