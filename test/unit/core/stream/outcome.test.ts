// How a connection ended, decided without a network: our own abort reasons first, then what the
// interrupted read threw. And what a run record says when the stream closed without a final event.
import { describe, expect, it } from 'vitest';
import { AssistantError } from '../../../../electron/core/errors';
import { endFromRecord } from '../../../../electron/core/stream/final-record';
import { AbortReason, interruptedOutcome } from '../../../../electron/core/stream/outcome';
import { SseOverflowError } from '../../../../electron/core/stream/sse-decoder';

function abortedWith(reason: unknown): AbortSignal {
  const controller = new AbortController();
  controller.abort(reason);
  return controller.signal;
}
const live = new AbortController().signal;

describe('interruptedOutcome', () => {
  it('reads our own abort reasons before what the aborted read threw', () => {
    const thrown = new Error('aborted');
    expect(interruptedOutcome(abortedWith(new AbortReason('close')), thrown, 45_000)).toEqual({
      kind: 'closed',
    });
    expect(interruptedOutcome(abortedWith(new AbortReason('done')), thrown, 45_000)).toEqual({
      kind: 'closed',
    });
    expect(interruptedOutcome(abortedWith(new AbortReason('reattach')), thrown, 45_000)).toEqual({
      kind: 'reattach',
    });
    expect(interruptedOutcome(abortedWith(new AbortReason('grace')), thrown, 45_000)).toEqual({
      kind: 'ended',
    });
  });

  it('turns a stall into a retryable timeout that says how long it waited', () => {
    const outcome = interruptedOutcome(abortedWith(new AbortReason('stall')), undefined, 30_000);
    expect(outcome.kind).toBe('failed');
    if (outcome.kind !== 'failed') return;
    expect(outcome.error).toMatchObject({
      kind: 'timeout',
      code: 'stream_stalled',
      retryable: true,
      message: 'No data from the run stream for 30 s.',
    });
  });

  it('gives up on an oversized event instead of retrying it', () => {
    const overflow = new SseOverflowError();
    expect(interruptedOutcome(live, overflow, 45_000)).toMatchObject({
      kind: 'failed',
      error: { kind: 'bad_response', retryable: false, message: overflow.message },
    });
  });

  it('tells a 401 from the service apart from having no session to send', () => {
    const fromService = new AssistantError({
      kind: 'unauthorized',
      message: 'Expired.',
      status: 401,
      retryable: false,
    });
    const noSession = new AssistantError({
      kind: 'unauthorized',
      message: 'Not signed in.',
      retryable: false,
    });
    expect(interruptedOutcome(live, fromService, 45_000)).toEqual({
      kind: 'unauthorized',
      fromService: true,
    });
    expect(interruptedOutcome(live, noSession, 45_000)).toEqual({
      kind: 'unauthorized',
      fromService: false,
    });
  });

  it('passes any other failure on as an AssistantError, ignoring a foreign abort reason', () => {
    const outcome = interruptedOutcome(
      abortedWith(new Error('not ours')),
      new TypeError('fetch failed'),
      45_000,
    );
    expect(outcome.kind).toBe('failed');
    if (outcome.kind === 'failed') expect(outcome.error).toBeInstanceOf(AssistantError);
  });
});

describe('endFromRecord', () => {
  it('says the run is still going when the record has no terminal status', () => {
    expect(endFromRecord({ id: 'r1', status: 'running' }, '', undefined)).toEqual({ ended: false });
  });

  it('fills only the output the stream did not deliver', () => {
    const end = endFromRecord(
      { id: 'r1', status: 'succeeded', output: 'Hello world' },
      'Hello',
      undefined,
    );
    expect(end).toMatchObject({ ended: true, rest: ' world', final: { status: 'succeeded' } });
  });

  it('adds nothing when the record disagrees with what was streamed', () => {
    const end = endFromRecord(
      { id: 'r1', status: 'succeeded', output: 'Other' },
      'Hello',
      undefined,
    );
    expect(end).toMatchObject({ ended: true, rest: undefined });
  });

  it('ends a run that failed quietly with the last streamed error', () => {
    const end = endFromRecord({ id: 'r1' }, '', {
      type: 'error',
      code: 'tool_failed',
      message: 'The CRM did not answer.',
    });
    expect(end).toMatchObject({
      ended: true,
      final: {
        status: 'failed',
        source: 'record',
        error: { code: 'tool_failed', message: 'The CRM did not answer.' },
      },
    });
  });
});
