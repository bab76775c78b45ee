// What the manager knows of a run before following it: who, for which deal, with which message
// (from a request or from the service's record), its service, and where its stream resumes.
import { dealIdFromRecord, questionFromRecord } from '../../domain/runs/record-text';
import type { ClientConfig } from '../api/config';
import { SYNTHETIC_POSITION, type ResumePoint } from '../stream/follow';
import type { MetaInit, StoredTranscript } from './transcript-store';

export interface AttachInit {
  agentId?: string;
  dealId?: string;
  message?: string;
  input?: Record<string, unknown>;
  context?: Record<string, unknown>;
  status?: string;
}

/** What a run's transcript is opened with: its service and what it is attached with. */
export function transcriptInit(
  runId: string,
  init: AttachInit,
  config: Pick<ClientConfig, 'baseUrl'>,
): MetaInit {
  return {
    runId,
    service: serviceOf(config),
    agentId: init.agentId,
    dealId: init.dealId,
    message: init.message,
    input: init.input as MetaInit['input'],
    context: init.context as MetaInit['context'],
    status: init.status,
  };
}

/**
 * What a run record (payload not shown) says about who and what: the documented fields first
 * (`input.message`, `context.dealId`), else where the run screens find them (the contract's
 * readers), so Retry works on every run whose question the screens show.
 */
export function describeRecord(
  record: Record<string, unknown>,
): Omit<AttachInit, 'input' | 'context'> {
  const init: Omit<AttachInit, 'input' | 'context'> = {};
  const text = (value: unknown): string | undefined =>
    typeof value === 'string' && value !== '' ? value : undefined;
  const agentId = text(record.agentId);
  const status = text(record.status);
  const dealId = dealIdFromRecord(record);
  const message = questionFromRecord(record);
  if (agentId !== undefined) init.agentId = agentId;
  if (status !== undefined) init.status = status;
  if (dealId !== undefined) init.dealId = dealId;
  if (message !== undefined) init.message = message;
  return init;
}

/** Keeps only JSON-safe values of a "not shown" object (what the transcript can store). */
export function jsonObject(value: Record<string, unknown>): Record<string, unknown> | undefined {
  const text = JSON.stringify(value);
  if (text === undefined || text === '{}') return undefined;
  return JSON.parse(text) as Record<string, unknown>;
}

/** The origin of the service a client talks to (recorded with each transcript). */
export function serviceOf(config: Pick<ClientConfig, 'baseUrl'>): string | undefined {
  try {
    return new URL(config.baseUrl).origin;
  } catch {
    return undefined;
  }
}

/** Where following resumes after what the transcript already holds (nothing: from the start). */
export function resumePointOf(stored: StoredTranscript | undefined): ResumePoint {
  const resume: ResumePoint = {};
  if (stored && stored.positions.length > 0) {
    // Events made here (the follower's or a cancel's own) are no place in the service's stream.
    resume.positions = stored.positions.filter((p) => !p.startsWith(SYNTHETIC_POSITION));
    resume.text = stored.text;
    if (stored.lastEventId !== undefined) resume.lastEventId = stored.lastEventId;
  }
  return resume;
}
