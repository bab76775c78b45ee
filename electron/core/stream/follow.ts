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
import { AssistantError, toAssistantError } from '../errors';
import { systemClock, type Clock, type TimerHandle } from '../clock';
import { openRunStream, type StreamConfig } from './connection';
import type { ConnectionItem, ConnectionState, FollowItem, RunEvent } from './events';
import { normaliseMessage } from './normalise';
import { NOT_AN_ID, StreamPositions } from './positions';
import { DEFAULT_RECONNECT_POLICY, reconnectDelay, type ReconnectPolicy } from './reconnect';
import { summariseRecord } from './run-record';
import { createSseDecoder, SseOverflowError, type SseMessage } from './sse-decoder';
import { isTerminalStatus } from './vocabulary';

/** What the follower needs to resume where an earlier follow (maybe before a restart) stopped. */
export interface ResumePoint {
  lastEventId?: string;
  /** Positions already delivered (see positions.ts), e.g. from the transcript. */
  positions?: Iterable<string>;
  /** Output text already delivered, so a run record's output can fill only what is missing. */
  text?: string;
}

export interface FollowOptions {
  config: StreamConfig;
  runId: string;
  signal?: AbortSignal;
  resume?: ResumePoint;
  /** No bytes at all (keep-alive comments count) for this long → reconnect. Default 45 s. */
  stallTimeoutMs?: number;
  reconnect?: Partial<ReconnectPolicy>;
  clock?: Clock;
  /** Jitter source in [0, 1). */
  random?: () => number;
  /**
   * After a terminal status (e.g. `succeeded`) without a final event, how long to wait for one
   * (it usually carries usage) before ending the run from the status. Default 2 s.
   */
  finalGraceMs?: number;
  /** GET /runs/{id}'s record, consulted when the stream closes without a final event. */
  getRunRecord?: (runId: string, signal: AbortSignal) => Promise<unknown>;
}

export const DEFAULT_STALL_TIMEOUT_MS = 45_000;
export const DEFAULT_FINAL_GRACE_MS = 2_000;
/** Prefix of positions of events the follower made up (not from the stream): never replayed. */
export const SYNTHETIC_POSITION = `${NOT_AN_ID}synthetic:`;

export interface RunFollow extends AsyncIterable<FollowItem> {
  /** The same items, grouped as they arrived (one array per network chunk, never empty). */
  batches(): AsyncIterable<FollowItem[]>;
  readonly runId: string;
  readonly state: ConnectionState;
  /** The last event id seen, to persist and resume from. */
  readonly lastEventId: string | undefined;
  /** Drops the current connection and reconnects at once with Last-Event-ID (after sleep or a
   *  network change). Cuts a pending retry wait short. No effect while parked or closed. */
  reattach(): void;
  /** The session was renewed: a follow parked as `session_expired` re-attaches to the run. */
  resumeAfterSignIn(): void;
  /** Stops following; the iteration ends quietly. */
  close(): void;
}

export function followRun(options: FollowOptions): RunFollow {
  return new Follower(options);
}

type AbortTag = 'close' | 'stall' | 'reattach' | 'done' | 'unauthorized' | 'grace';

class AbortReason {
  constructor(readonly tag: AbortTag) {}
}

type Outcome =
  | { kind: 'final' }
  | { kind: 'closed' }
  | { kind: 'ended' }
  | { kind: 'reattach' }
  /** `fromService`: the service said 401 (vs. no session to send at all). */
  | { kind: 'unauthorized'; fromService: boolean }
  | { kind: 'failed'; error: AssistantError };

type EndCheck = 'finished' | 'running' | 'unauthorized' | { error: AssistantError };

class Follower implements RunFollow {
  readonly runId: string;
  private readonly config: StreamConfig;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly policy: ReconnectPolicy;
  private readonly stallTimeoutMs: number;
  private readonly finalGraceMs: number;
  private readonly getRunRecord: (runId: string, signal: AbortSignal) => Promise<unknown>;
  private readonly positions: StreamPositions;
  /** Aborted by close(): stops record requests and waits. */
  private readonly lifetime = new AbortController();

  private currentState: ConnectionState = 'connecting';
  private closed = false;
  private iterated = false;
  private lastId: string | undefined;
  private retryHintMs: number | undefined;
  private connection: AbortController | undefined;
  private wake: (() => void) | undefined;
  private signIn: (() => void) | undefined;
  private delivered = 0;
  private progressed = false;
  private connections = 0;
  /** Output text delivered so far (joined only if a run record's output must be compared). */
  private textParts: string[];
  private lastError: Extract<RunEvent, { type: 'error' }> | undefined;
  /** A terminal status the stream reported; the run is over even if no final event follows. */
  private terminalStatus: string | undefined;

  constructor(options: FollowOptions) {
    this.runId = options.runId;
    this.config = options.config;
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.policy = { ...DEFAULT_RECONNECT_POLICY, ...options.reconnect };
    this.stallTimeoutMs = options.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS;
    this.finalGraceMs = options.finalGraceMs ?? DEFAULT_FINAL_GRACE_MS;
    this.positions = new StreamPositions(options.resume?.positions);
    this.lastId = options.resume?.lastEventId;
    if (this.lastId !== undefined) this.positions.sawId = true;
    this.textParts = options.resume?.text ? [options.resume.text] : [];
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
    return this.lastId;
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
    let attempt = 0;
    let failingSince: number | undefined;
    try {
      while (!this.closed) {
        if (this.config.session.credential() === undefined) {
          yield* this.park('Not signed in.');
          attempt = 0;
          failingSince = undefined;
          continue;
        }
        yield [this.status('connecting', attempt)];
        this.progressed = false;
        const outcome = yield* this.connectOnce(this.connections > 0);
        this.connections += 1;
        if (this.progressed) {
          attempt = 0;
          failingSince = undefined;
        }
        let error: AssistantError;
        let checkedRecord = false;
        if (outcome.kind === 'final' || outcome.kind === 'closed') return;
        if (this.terminalStatus !== undefined && outcome.kind !== 'reattach') {
          yield* this.finishFromStatus(this.terminalStatus);
          return;
        }
        switch (outcome.kind) {
          case 'reattach':
            continue;
          case 'unauthorized':
            // The session was told by whoever saw the answer, with the token that request carried.
            yield* this.park(outcome.fromService ? 'The session expired.' : 'Not signed in.');
            attempt = 0;
            failingSince = undefined;
            continue;
          case 'ended': {
            checkedRecord = true;
            const end = yield* this.checkEnd();
            if (end === 'finished') return;
            if (end === 'unauthorized') {
              yield* this.park('The session expired.');
              attempt = 0;
              failingSince = undefined;
              continue;
            }
            error =
              end === 'running'
                ? new AssistantError({
                    kind: 'network',
                    code: 'stream_closed',
                    message: 'The run stream closed before the run ended.',
                    retryable: true,
                  })
                : end.error;
            break;
          }
          case 'failed':
            if (!outcome.error.retryable) throw outcome.error;
            error = outcome.error;
            break;
        }
        if (this.closed) return;
        if (this.delivered > 0 && !this.positions.sawId) {
          // Without ids a reconnect would replay or skip text we cannot recognise: refuse to
          // guess, unless the run has finished meanwhile and its record says how it ended.
          const end = checkedRecord ? 'running' : yield* this.checkEnd();
          if (end === 'finished' || this.closed) return;
          throw new AssistantError({
            kind: 'network',
            code: 'stream_not_resumable',
            message:
              'The connection to the run dropped and this service sends no event ids, so the ' +
              'stream cannot be resumed without repeating or losing text.',
            retryable: false,
            cause: error,
          });
        }
        attempt += 1;
        const now = this.clock.now();
        failingSince ??= now;
        const delay = reconnectDelay(
          attempt,
          this.policy,
          this.random,
          this.retryHintMs,
          error.retryAfterMs,
        );
        if (
          attempt > this.policy.maxAttempts ||
          now - failingSince + delay > this.policy.maxElapsedMs
        ) {
          throw new AssistantError({
            kind: error.kind === 'timeout' ? 'timeout' : 'network',
            code: 'stream_gave_up',
            message: `Lost the run stream and could not resume it (${attempt - 1} attempts): ${error.message}`,
            status: error.status,
            requestId: error.requestId,
            retryable: true,
            cause: error,
          });
        }
        yield [this.status('retrying', attempt, { delayMs: delay, reason: error.message })];
        await this.waitOrWake(delay);
      }
    } finally {
      this.closeConnection('done');
      this.currentState = 'closed';
    }
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
    // The stall watchdog: one timer per connection that checks, when it fires, how long we have
    // been waiting for bytes (re-arming itself for the rest), instead of a new timer per chunk.
    // Time spent by the consumer on a batch does not count: that is not the network stalling.
    let stall: TimerHandle | undefined;
    let waitingSince: number | undefined;
    const checkStall = (): void => {
      stall = undefined;
      if (controller.signal.aborted) return;
      const waited = waitingSince === undefined ? 0 : this.clock.now() - waitingSince;
      if (waited >= this.stallTimeoutMs) controller.abort(new AbortReason('stall'));
      else stall = this.clock.setTimeout(checkStall, this.stallTimeoutMs - waited);
    };
    const armStall = (): void => {
      waitingSince = this.clock.now();
      stall ??= this.clock.setTimeout(checkStall, this.stallTimeoutMs);
    };
    const disarmStall = (): void => {
      waitingSince = undefined;
    };
    const stopStall = (): void => {
      waitingSince = undefined;
      if (stall !== undefined) this.clock.clearTimeout(stall);
      stall = undefined;
    };
    let grace: TimerHandle | undefined;
    const startGrace = (): void => {
      grace ??= this.clock.setTimeout(
        () => controller.abort(new AbortReason('grace')),
        this.finalGraceMs,
      );
    };
    const interrupted = (thrown: unknown): Outcome => {
      const reason: unknown = controller.signal.reason;
      if (controller.signal.aborted && reason instanceof AbortReason) {
        if (reason.tag === 'close' || reason.tag === 'done') return { kind: 'closed' };
        if (reason.tag === 'reattach') return { kind: 'reattach' };
        if (reason.tag === 'grace') return { kind: 'ended' };
        if (reason.tag === 'stall') {
          return {
            kind: 'failed',
            error: new AssistantError({
              kind: 'timeout',
              code: 'stream_stalled',
              message: `No data from the run stream for ${Math.round(this.stallTimeoutMs / 1000)} s.`,
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
    };

    if (this.closed) return { kind: 'closed' };
    armStall();
    this.positions.startConnection(this.lastId, isResume);
    let response: Response & { body: ReadableStream<Uint8Array> };
    let sent: SessionCredential;
    try {
      ({ response, sent } = await openRunStream(
        this.config,
        this.runId,
        this.lastId,
        controller.signal,
      ));
    } catch (thrown) {
      stopStall();
      return interrupted(thrown);
    }
    disarmStall();
    yield [this.status('open', 0)];
    armStall();

    // Two parallel lists, filled while the decoder parses a chunk and reused for every chunk: a
    // message and its position, or (message null) an id-only block and its id. Positions are
    // computed there, in stream order (an id later in the same chunk must not shift earlier
    // events); the last event id only advances as events are taken, so stopping halfway through
    // a chunk resumes at the right place. The parser reports a block's id just before its
    // message, so an id-only block is known (and listed) once something else follows it.
    const messages: Array<SseMessage | null> = [];
    const positions: string[] = [];
    let pendingId: string | undefined;
    const flushPendingId = (): void => {
      if (pendingId === undefined) return;
      messages.push(null);
      positions.push(pendingId);
      pendingId = undefined;
    };
    const decoder = createSseDecoder({
      onMessage: (message) => {
        if (pendingId !== undefined && message.id !== pendingId) flushPendingId();
        pendingId = undefined;
        messages.push(message);
        positions.push(this.positions.next(message.id));
      },
      onId: (id) => {
        flushPendingId();
        this.positions.onId(id);
        pendingId = id;
      },
      onRetry: (ms) => {
        this.retryHintMs = ms;
      },
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
        disarmStall();
        try {
          if (chunk.done) decoder.end();
          else decoder.push(chunk.value);
        } catch (thrown) {
          if (thrown instanceof SseOverflowError) return interrupted(thrown);
          throw thrown;
        }
        flushPendingId();
        const out: FollowItem[] = [];
        const stop = this.takeParsed(messages, positions, out, startGrace);
        messages.length = 0;
        positions.length = 0;
        if (out.length > 0) yield out;
        if (stop?.kind === 'unauthorized') this.config.session.onUnauthorized?.(sent);
        if (stop !== undefined) return stop;
        if (this.closed) return { kind: 'closed' };
        if (chunk.done) return { kind: 'ended' };
        if (controller.signal.aborted) return interrupted(controller.signal.reason);
        armStall();
      }
      // Anything else thrown in here is a bug of ours, not the network: it propagates.
    } finally {
      stopStall();
      if (grace !== undefined) this.clock.clearTimeout(grace);
      if (!controller.signal.aborted) controller.abort(new AbortReason('done'));
      reader.cancel().catch(() => undefined);
      if (this.connection === controller) this.connection = undefined;
    }
  }

  /**
   * Takes what the decoder parsed from one chunk into `out`; returns how the connection ends when
   * one of the events ends it. A plain method, not part of the generator, so it optimises well:
   * it runs once per event.
   */
  private takeParsed(
    messages: ReadonlyArray<SseMessage | null>,
    positions: readonly string[],
    out: FollowItem[],
    startGrace: () => void,
  ): Outcome | undefined {
    for (let i = 0; i < messages.length; i += 1) {
      const message = messages[i];
      const position = positions[i] as string;
      if (message === null || message === undefined) {
        this.lastId = position;
        continue;
      }
      if (message.id !== undefined) this.lastId = message.id;
      if (!this.positions.accept(position)) continue;
      const normalised = normaliseMessage(message);
      if (!Array.isArray(normalised)) {
        const stop = this.take(normalised, position, out, startGrace);
        if (stop !== undefined) return stop;
        continue;
      }
      for (const event of normalised) {
        const stop = this.take(event, position, out, startGrace);
        if (stop !== undefined) return stop;
      }
    }
    return undefined;
  }

  /** Takes one new event into `out`; returns how the connection ends when this event ends it. */
  private take(
    event: RunEvent,
    position: string,
    out: FollowItem[],
    startGrace: () => void,
  ): Outcome | undefined {
    if (event.type === 'error' && event.code === 'unauthorized') {
      return { kind: 'unauthorized', fromService: true };
    }
    this.progressed = true;
    this.delivered += 1;
    out.push({ type: 'event', event, position });
    if (event.type === 'output') {
      this.textParts.push(event.text);
    } else if (event.type === 'final') {
      out.push(this.status('closed', 0));
      return { kind: 'final' };
    } else if (event.type === 'error') {
      this.lastError = event;
    } else if (event.type === 'status' && isTerminalStatus(event.status)) {
      this.terminalStatus = event.status;
      startGrace();
    }
    return undefined;
  }

  /** The stream reported a terminal status and no final event followed: end from the status. */
  private async *finishFromStatus(status: string): AsyncGenerator<FollowItem[], void, undefined> {
    const final: RunEvent = { type: 'final', status, source: 'stream' };
    if (this.lastError !== undefined) {
      final.error = { code: this.lastError.code, message: this.lastError.message };
    }
    this.delivered += 1;
    yield [
      { type: 'event', event: final, position: `${SYNTHETIC_POSITION}status-final` },
      this.status('closed', 0),
    ];
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
    const summary = summariseRecord(record);
    const ended = summary.status !== undefined && isTerminalStatus(summary.status);
    const failedQuietly = summary.status === undefined && this.lastError !== undefined;
    if (!ended && !failedQuietly) return 'running';

    const out: FollowItem[] = [];

    const text = this.textParts.join('');
    this.textParts = [text];
    if (
      summary.output !== undefined &&
      summary.output.length > text.length &&
      summary.output.startsWith(text)
    ) {
      const rest = summary.output.slice(text.length);
      this.textParts.push(rest);
      out.push({
        type: 'event',
        event: { type: 'output', text: rest, name: 'run.record' },
        position: `${SYNTHETIC_POSITION}record-output`,
      });
    }
    const final: RunEvent = {
      type: 'final',
      status: summary.status ?? 'failed',
      source: 'record',
    };
    if (summary.usage !== undefined) final.usage = summary.usage;
    const error =
      summary.error ??
      (this.lastError !== undefined
        ? { code: this.lastError.code, message: this.lastError.message }
        : undefined);
    if (error !== undefined && (failedQuietly || summary.error !== undefined)) final.error = error;
    this.delivered += 1;
    out.push({ type: 'event', event: final, position: `${SYNTHETIC_POSITION}record-final` });
    out.push(this.status('closed', 0));
    yield out;
    return 'finished';
  }
}
