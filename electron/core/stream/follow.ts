// Following one run's event stream to its end, across dropped connections, stalls, sleep,
// network changes and an expired session, without repeating or losing an event.
//
// One async iterable per follow: normalised run events interleaved with connection states, in
// order, item by item, or (`batches()`, the fast path) as the arrays each network chunk produced,
// so a fast stream costs one await per chunk instead of one per event. It ends after the run's
// final event (from the stream, or from the run record when the stream closed on a finished
// run), or quietly when closed/aborted; it throws an AssistantError when the run cannot be
// followed any further (not found, retries exhausted, a stream that cannot be resumed safely).
import { createApiClient } from '../api/client';
import type { SessionCredential } from '../api/config';
import { systemClock, type Clock, type TimerHandle } from '../clock';
import { AssistantError, toAssistantError } from '../errors';
import { coreWords } from '../i18n/words';
import { createChunkCollector } from './chunk-collector';
import { openRunStream, type StreamConfig } from './connection';
import type { ConnectionItem, ConnectionState, FollowItem } from './events';
import { endFromRecord } from './final-record';
import { AbortReason, interruptedOutcome, type AbortTag, type Outcome } from './outcome';
import {
  DEFAULT_FINAL_GRACE_MS,
  DEFAULT_STALL_TIMEOUT_MS,
  type FollowOptions,
  type RunFollow,
} from './follow-types';
import { StreamPositions } from './positions';
import { DEFAULT_RECONNECT_POLICY } from './reconnect';
import { RetryBudget } from './retry-budget';
import { SseOverflowError } from './sse-decoder';
import { createStallWatchdog } from './stall-watchdog';
import { TakenEvents } from './taken-events';

export {
  DEFAULT_FINAL_GRACE_MS,
  DEFAULT_STALL_TIMEOUT_MS,
  SYNTHETIC_POSITION,
  type FollowOptions,
  type ResumePoint,
  type RunFollow,
} from './follow-types';

export function followRun(options: FollowOptions): RunFollow {
  return new Follower(options);
}

type EndCheck = 'finished' | 'running' | 'unauthorized' | { error: AssistantError };

class Follower implements RunFollow {
  readonly runId: string;
  private readonly config: StreamConfig;
  private readonly clock: Clock;
  private readonly budget: RetryBudget;
  private readonly stallTimeoutMs: number;
  private readonly finalGraceMs: number;
  private readonly getRunRecord: (runId: string, signal: AbortSignal) => Promise<unknown>;
  private readonly positions: StreamPositions;
  /** Aborted by close(): stops record requests and waits. */
  private readonly lifetime = new AbortController();

  private currentState: ConnectionState = 'connecting';
  private closed = false;
  private iterated = false;
  private retryHintMs: number | undefined;
  private connection: AbortController | undefined;
  private wake: (() => void) | undefined;
  private signIn: (() => void) | undefined;
  private connections = 0;
  /** What this follow has delivered so far. */
  private readonly taken: TakenEvents;

  constructor(options: FollowOptions) {
    this.runId = options.runId;
    this.config = options.config;
    this.clock = options.clock ?? systemClock;
    this.budget = new RetryBudget(
      { ...DEFAULT_RECONNECT_POLICY, ...options.reconnect },
      options.random ?? Math.random,
    );
    this.stallTimeoutMs = options.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS;
    this.finalGraceMs = options.finalGraceMs ?? DEFAULT_FINAL_GRACE_MS;
    this.positions = new StreamPositions(options.resume?.positions);
    this.taken = new TakenEvents(this.positions, options.resume);
    if (options.getRunRecord) {
      this.getRunRecord = options.getRunRecord;
    } else {
      const client = createApiClient({ ...this.config });
      this.getRunRecord = async (runId, signal) =>
        (await client.getRun(runId, { signal })).data.data;
    }
    const outer = options.signal;
    if (outer?.aborted) this.close();
    else outer?.addEventListener('abort', () => this.close(), { once: true });
  }

  get state(): ConnectionState {
    return this.currentState;
  }

  get lastEventId(): string | undefined {
    return this.taken.lastId;
  }

  reattach(): void {
    if (this.closed) return;
    if (this.currentState === 'connecting' || this.currentState === 'open') {
      this.connection?.abort(new AbortReason('reattach'));
    } else if (this.currentState === 'retrying') {
      this.wake?.();
    }
  }

  resumeAfterSignIn(): void {
    if (this.closed) return;
    if (this.currentState === 'session_expired') this.signIn?.();
    else this.reattach();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.connection?.abort(new AbortReason('close'));
    this.lifetime.abort(new AbortReason('close'));
    this.wake?.();
    this.signIn?.();
  }

  batches(): AsyncIterable<FollowItem[]> {
    if (this.iterated) throw new Error('A run follow can be iterated only once.');
    this.iterated = true;
    const generator = this.iterate();
    return { [Symbol.asyncIterator]: () => generator };
  }

  async *[Symbol.asyncIterator](): AsyncIterator<FollowItem> {
    for await (const batch of this.batches()) yield* batch;
  }

  private status(
    state: ConnectionState,
    attempt: number,
    extra?: Partial<ConnectionItem>,
  ): ConnectionItem {
    this.currentState = state;
    return { type: 'connection', state, attempt, ...extra };
  }

  private async *iterate(): AsyncGenerator<FollowItem[], void, undefined> {
    try {
      while (!this.closed) {
        if (this.config.session.credential() === undefined) {
          yield* this.park(coreWords().t('errors.stream.notSignedIn'));
          continue;
        }
        yield [this.status('connecting', this.budget.attempts)];
        this.taken.progressed = false;
        const outcome = yield* this.connectOnce(this.connections > 0);
        this.connections += 1;
        if (this.taken.progressed) this.budget.reset();
        if (outcome.kind === 'final' || outcome.kind === 'closed') return;
        if (this.taken.terminalStatus !== undefined && outcome.kind !== 'reattach') {
          yield this.finishFromStatus(this.taken.terminalStatus);
          return;
        }
        if (outcome.kind === 'reattach') continue;
        if (outcome.kind === 'unauthorized') {
          // The session was told by whoever saw the answer, with the token that request carried.
          yield* this.park(
            coreWords().t(
              outcome.fromService ? 'errors.stream.sessionExpired' : 'errors.stream.notSignedIn',
            ),
          );
          continue;
        }
        const failure = yield* this.failureOf(outcome);
        if (failure === 'finished' || this.closed) return;
        if (failure === 'parked') continue;
        const delay = this.budget.next(failure, this.clock.now(), this.retryHintMs);
        yield [
          this.status('retrying', this.budget.attempts, {
            delayMs: delay,
            reason: failure.message,
          }),
        ];
        await this.waitOrWake(delay);
      }
    } finally {
      this.closeConnection('done');
      this.currentState = 'closed';
    }
  }

  /**
   * A connection that ended without the run's end or failed: the error to retry after, or
   * `finished` (the run record says the run is over) or `parked` (the session expired meanwhile
   * and a sign-in resumed the follow). Throws when retrying cannot help.
   */
  private async *failureOf(
    outcome: Extract<Outcome, { kind: 'ended' } | { kind: 'failed' }>,
  ): AsyncGenerator<FollowItem[], AssistantError | 'finished' | 'parked', undefined> {
    let error: AssistantError;
    let checkedRecord = false;
    if (outcome.kind === 'ended') {
      checkedRecord = true;
      const end = yield* this.checkEnd();
      if (end === 'finished') return 'finished';
      if (end === 'unauthorized') {
        yield* this.park(coreWords().t('errors.stream.sessionExpired'));
        return 'parked';
      }
      error =
        end === 'running'
          ? new AssistantError({
              kind: 'network',
              code: 'stream_closed',
              message: coreWords().t('errors.stream.closedEarly'),
              retryable: true,
            })
          : end.error;
    } else {
      if (!outcome.error.retryable) throw outcome.error;
      error = outcome.error;
    }
    if (this.closed) return 'finished';
    if (this.taken.delivered > 0 && !this.positions.sawId) {
      // Without ids a reconnect would replay or skip text we cannot recognise: refuse to
      // guess, unless the run has finished meanwhile and its record says how it ended.
      const end = checkedRecord ? 'running' : yield* this.checkEnd();
      if (end === 'finished' || this.closed) return 'finished';
      throw new AssistantError({
        kind: 'network',
        code: 'stream_not_resumable',
        message: coreWords().t('errors.stream.notResumable'),
        retryable: false,
        cause: error,
      });
    }
    return error;
  }

  private closeConnection(tag: AbortTag): void {
    if (this.connection && !this.connection.signal.aborted) {
      this.connection.abort(new AbortReason(tag));
    }
    this.connection = undefined;
  }

  private async *park(reason: string): AsyncGenerator<FollowItem[], void, undefined> {
    this.closeConnection('unauthorized');
    if (this.closed) return;
    const parked = new Promise<void>((resolve) => {
      this.signIn = resolve;
    });
    yield [this.status('session_expired', 0, { reason })];
    await parked;
    this.signIn = undefined;
    this.budget.reset();
  }

  private waitOrWake(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        this.clock.clearTimeout(handle);
        this.wake = undefined;
        resolve();
      };
      const handle = this.clock.setTimeout(done, ms);
      this.wake = done;
      if (this.closed) done();
    });
  }

  /** One connection, read until it ends; yields the new events it brought. */
  private async *connectOnce(isResume: boolean): AsyncGenerator<FollowItem[], Outcome, undefined> {
    const controller = new AbortController();
    this.connection = controller;
    const stall = createStallWatchdog(
      this.clock,
      this.stallTimeoutMs,
      () => controller.signal.aborted,
      () => controller.abort(new AbortReason('stall')),
    );
    let grace: TimerHandle | undefined;
    const startGrace = (): void => {
      grace ??= this.clock.setTimeout(
        () => controller.abort(new AbortReason('grace')),
        this.finalGraceMs,
      );
    };
    const interrupted = (thrown: unknown): Outcome =>
      interruptedOutcome(controller.signal, thrown, this.stallTimeoutMs);

    if (this.closed) return { kind: 'closed' };
    stall.arm();
    this.positions.startConnection(this.taken.lastId, isResume);
    let response: Response & { body: ReadableStream<Uint8Array> };
    let sent: SessionCredential;
    try {
      ({ response, sent } = await openRunStream(
        this.config,
        this.runId,
        this.taken.lastId,
        controller.signal,
      ));
    } catch (thrown) {
      stall.stop();
      return interrupted(thrown);
    }
    stall.disarm();
    yield [this.status('open', 0)];
    stall.arm();

    const parsed = createChunkCollector(this.positions, (ms) => {
      this.retryHintMs = ms;
    });
    const reader = response.body.getReader();
    try {
      for (;;) {
        let chunk: Awaited<ReturnType<typeof reader.read>>;
        try {
          chunk = await reader.read();
        } catch (thrown) {
          return interrupted(thrown);
        }
        stall.disarm();
        try {
          parsed.feed(chunk.done ? undefined : chunk.value);
        } catch (thrown) {
          if (thrown instanceof SseOverflowError) return interrupted(thrown);
          throw thrown;
        }
        const out: FollowItem[] = [];
        const stop = this.taken.takeParsed(parsed.messages, parsed.positions, out, startGrace);
        parsed.clear();
        if (stop?.kind === 'final') out.push(this.status('closed', 0));
        if (out.length > 0) yield out;
        if (stop?.kind === 'unauthorized') this.config.session.onUnauthorized?.(sent);
        if (stop !== undefined) return stop;
        if (this.closed) return { kind: 'closed' };
        if (chunk.done) return { kind: 'ended' };
        if (controller.signal.aborted) return interrupted(controller.signal.reason);
        stall.arm();
      }
      // Anything else thrown in here is a bug of ours, not the network: it propagates.
    } finally {
      stall.stop();
      if (grace !== undefined) this.clock.clearTimeout(grace);
      if (!controller.signal.aborted) controller.abort(new AbortReason('done'));
      reader.cancel().catch(() => undefined);
      if (this.connection === controller) this.connection = undefined;
    }
  }

  /** The stream reported a terminal status and no final event followed: end from the status. */
  private finishFromStatus(status: string): FollowItem[] {
    return [this.taken.finalFromStatus(status), this.status('closed', 0)];
  }

  /**
   * The stream closed without a final event: ask the run record whether the run has ended. If
   * it has, the follow ends with a `final` event from the record (after any output the record
   * holds beyond what was streamed).
   */
  private async *checkEnd(): AsyncGenerator<FollowItem[], EndCheck, undefined> {
    let record: unknown;
    try {
      record = await this.getRunRecord(this.runId, this.lifetime.signal);
    } catch (thrown) {
      const error = toAssistantError(thrown);
      if (this.closed) return 'running';
      if (error.kind === 'unauthorized' && error.status !== undefined) return 'unauthorized';
      return { error };
    }
    const end = endFromRecord(record, this.taken.text(), this.taken.lastError);
    if (!end.ended) return 'running';
    const out = this.taken.takeRecordEnd(end.rest, end.final);
    out.push(this.status('closed', 0));
    yield out;
    return 'finished';
  }
}
