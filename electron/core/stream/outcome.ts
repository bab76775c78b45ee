// How one connection ended, as a value: what the follower does next depends only on this. Pure,
// so every way a connection can end is tested without a network (test/unit/core/stream).
import { AssistantError, toAssistantError } from '../errors';
import { coreWords } from '../i18n/words';
import { SseOverflowError } from './sse-decoder';

/** Why the follower itself aborted a connection. */
export type AbortTag = 'close' | 'stall' | 'reattach' | 'done' | 'unauthorized' | 'grace';

export class AbortReason {
  constructor(readonly tag: AbortTag) {}
}

export type Outcome =
  | { kind: 'final' }
  | { kind: 'closed' }
  | { kind: 'ended' }
  | { kind: 'reattach' }
  /** `fromService`: the service said 401 (vs. no session to send at all). */
  | { kind: 'unauthorized'; fromService: boolean }
  | { kind: 'failed'; error: AssistantError };

/**
 * The outcome of a connection interrupted by `thrown`, given the connection's abort signal (our
 * own abort reasons win over whatever the aborted read threw).
 */
export function interruptedOutcome(
  signal: AbortSignal,
  thrown: unknown,
  stallTimeoutMs: number,
): Outcome {
  const reason: unknown = signal.reason;
  if (signal.aborted && reason instanceof AbortReason) {
    if (reason.tag === 'close' || reason.tag === 'done') return { kind: 'closed' };
    if (reason.tag === 'reattach') return { kind: 'reattach' };
    if (reason.tag === 'grace') return { kind: 'ended' };
    if (reason.tag === 'stall') {
      return {
        kind: 'failed',
        error: new AssistantError({
          kind: 'timeout',
          code: 'stream_stalled',
          message: coreWords().t('errors.stream.stalled', {
            seconds: Math.round(stallTimeoutMs / 1000),
          }),
          retryable: true,
        }),
      };
    }
  }
  if (thrown instanceof SseOverflowError) {
    return {
      kind: 'failed',
      error: new AssistantError({
        kind: 'bad_response',
        message: thrown.message,
        retryable: false,
      }),
    };
  }
  const error = toAssistantError(thrown);
  if (error.kind === 'unauthorized') {
    return { kind: 'unauthorized', fromService: error.status !== undefined };
  }
  return { kind: 'failed', error };
}
