// The run manager's pure parts: the one summary builder, the transcript view, what a record or a
// request says about a run, the resume point, and the retry request.
import { describe, expect, it } from 'vitest';
import {
  describeRecord,
  jsonObject,
  resumePointOf,
} from '../../../../electron/core/runs/attach-init';
import { AssistantError } from '../../../../electron/core/errors';
import { CANCEL_POSITION } from '../../../../electron/core/runs/cancel';
import { detachedSummary, storedSummary } from '../../../../electron/core/runs/live-summary';
import { createdRunInit, retryRequest } from '../../../../electron/core/runs/start-request';
import type { TranscriptMeta } from '../../../../electron/core/runs/transcript-meta';
import type { StoredTranscript } from '../../../../electron/core/runs/transcript-store';
import { transcriptView } from '../../../../electron/core/runs/transcript-view';

const meta: TranscriptMeta = {
  version: 1,
  runId: 'run_1',
  agentId: 'sales.deal_coach',
  dealId: 'deal_1',
  message: 'Summarise',
  status: 'succeeded',
  done: true,
  startedAt: '2026-11-23T12:00:00.000Z',
  updatedAt: '2026-11-23T12:01:00.000Z',
  finishedAt: '2026-11-23T12:01:00.000Z',
  eventCount: 2,
  textLength: 5,
};

const stored: StoredTranscript = {
  meta,
  events: [
    { type: 'output', text: 'Hello' },
    { type: 'final', status: 'succeeded', source: 'stream' },
  ],
  positions: ['1', CANCEL_POSITION],
  text: 'Hello',
  lastEventId: '1',
} as StoredTranscript;

describe('the run manager parts', () => {
  it('builds summaries without undefined fields', () => {
    const summary = storedSummary(meta, 3);
    expect(summary).toEqual({
      runId: 'run_1',
      agentId: 'sales.deal_coach',
      dealId: 'deal_1',
      status: 'succeeded',
      stream: 'closed',
      done: true,
      startedAt: meta.startedAt,
      finishedAt: meta.finishedAt,
      seq: 3,
    });
    expect(Object.keys(summary)).not.toContain('usage');
    const now = () => new Date('2026-11-24T00:00:00.000Z');
    expect(detachedSummary('run_2', 'cancelled', undefined, now)).toEqual({
      runId: 'run_2',
      agentId: '',
      status: 'cancelled',
      stream: 'closed',
      done: true,
      startedAt: '2026-11-24T00:00:00.000Z',
      finishedAt: '2026-11-24T00:00:00.000Z',
      seq: 0,
    });
  });

  it('shows a stored transcript without its output events', () => {
    const view = transcriptView('run_1', stored);
    expect(view.text).toBe('Hello');
    expect(view.events).toEqual([{ type: 'final', status: 'succeeded', source: 'stream' }]);
    expect(view).toMatchObject({ agentId: 'sales.deal_coach', dealId: 'deal_1' });
    expect(Object.keys(view)).not.toContain('error');
  });

  it('reads who and what from a record: the documented fields first', () => {
    expect(
      describeRecord({
        agentId: 'a',
        status: 'succeeded',
        context: { dealId: 'd' },
        input: { message: 'm', prompt: 'not this one' },
        dealId: 'not this one either',
      }),
    ).toEqual({ agentId: 'a', status: 'succeeded', dealId: 'd', message: 'm' });
    expect(
      describeRecord({
        agentId: 'a',
        status: '',
        context: { dealId: 'd' },
        input: ['not', 'an', 'object'],
      }),
    ).toEqual({ agentId: 'a', dealId: 'd' });
  });

  it('reads a record that keeps them elsewhere as the run screens do, so Retry can ask again', () => {
    expect(describeRecord({ agentId: 'a', deal_id: 'd', prompt: 'Asked elsewhere' })).toEqual({
      agentId: 'a',
      dealId: 'd',
      message: 'Asked elsewhere',
    });
    expect(describeRecord({ agentId: 'a', context: { DealId: 'd' }, input: 'Plain' })).toEqual({
      agentId: 'a',
      dealId: 'd',
      message: 'Plain',
    });
  });

  it('resumes after the stored positions, leaving out the ones made here', () => {
    expect(resumePointOf(undefined)).toEqual({});
    expect(resumePointOf(stored)).toEqual({ positions: ['1'], text: 'Hello', lastEventId: '1' });
  });

  it('attaches a created run with the rest of its input, and retries only a known run', () => {
    const body = {
      agentId: 'a',
      input: { message: 'm', tone: 'short' },
      context: { dealId: 'd' },
    };
    expect(createdRunInit(body, { runId: 'r', agentId: '', status: 'created' })).toEqual({
      agentId: 'a',
      dealId: 'd',
      message: 'm',
      input: { tone: 'short' },
      context: undefined,
      status: 'created',
    });
    expect(jsonObject({ skip: undefined })).toBeUndefined();
    expect(retryRequest(meta)).toMatchObject({ agentId: 'sales.deal_coach', message: 'Summarise' });
    expect(() => retryRequest({ ...meta, dealId: undefined })).toThrow(AssistantError);
  });
});
