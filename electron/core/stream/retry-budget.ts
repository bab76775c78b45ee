// How many reconnects a follow may still try and how long to wait before the next: attempts and
// the time spent failing are counted from the last connection that brought an event.
import { AssistantError } from '../errors';
import { coreWords } from '../i18n/words';
import { reconnectDelay, type ReconnectPolicy } from './reconnect';

export class RetryBudget {
  private attempt = 0;
  private failingSince: number | undefined;

  constructor(
    private readonly policy: ReconnectPolicy,
    private readonly random: () => number,
  ) {}

  /** The attempt number to report with the next `connecting` state. */
  get attempts(): number {
    return this.attempt;
  }

  /** A connection made progress, or the session changed: start counting afresh. */
  reset(): void {
    this.attempt = 0;
    this.failingSince = undefined;
  }

  /**
   * Spends one attempt after `error`; returns the delay before it, or throws `stream_gave_up`
   * when the attempts or the time allowed are used up.
   */
  next(error: AssistantError, now: number, retryHintMs: number | undefined): number {
    this.attempt += 1;
    this.failingSince ??= now;
    const delay = reconnectDelay(
      this.attempt,
      this.policy,
      this.random,
      retryHintMs,
      error.retryAfterMs,
    );
    if (
      this.attempt > this.policy.maxAttempts ||
      now - this.failingSince + delay > this.policy.maxElapsedMs
    ) {
      throw new AssistantError({
        kind: error.kind === 'timeout' ? 'timeout' : 'network',
        code: 'stream_gave_up',
        message: coreWords().t('errors.stream.gaveUp', {
          attempts: this.attempt - 1,
          reason: error.message,
        }),
        status: error.status,
        requestId: error.requestId,
        retryable: true,
        cause: error,
      });
    }
    return delay;
  }
}
