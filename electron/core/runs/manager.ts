// The runs this app is following: start (check, POST, follow), follow an existing run, cancel,
// several at once. Every event goes to the run's transcript on disk as it arrives and to
// subscribers as coalesced batches: every run's changes of one frame interval in one call.
// Runs interrupted by quitting are followed again on the next start (`resumeInterrupted`).
import type { ErrorData } from '../../contract/common';
import type {
  LiveRun,
  LiveRunSummary,
  RunEventsPage,
  RunUpdate,
  Transcript,
} from '../../contract/runs';
import type { ApiClient } from '../api/client';
import type { ClientConfig } from '../api/config';
import { retiredError } from '../api/http';
import type { CreateRunInput } from '../api/schemas';
import { checkCreateRunInput } from '../api/validate-input';
import { AssistantError, toAssistantError } from '../errors';
import { systemClock, type Clock } from '../clock';
import type { ConnectionState, RunEvent } from '../stream/events';
import {
  SYNTHETIC_POSITION,
  followRun,
  type FollowOptions,
  type ResumePoint,
  type RunFollow,
} from '../stream/follow';
import { summariseRecord } from '../stream/run-record';
import { isTerminalStatus } from '../stream/vocabulary';
import { DEFAULT_FRAME_INTERVAL_MS, UpdateCoalescer } from './coalescer';
import { EventPages } from './event-pages';
import { pruneTranscripts, type PruneResult, type RetentionPolicy } from './retention';
import {
  runFolderName,
  TranscriptStore,
  type StoredTranscript,
  type TranscriptWriter,
} from './transcript-store';

export interface StartRunRequest {
  agentId: string;
  message: string;
  dealId: string;
  /** Other keys of `input` and `context` (not shown by the API document), sent as given. */
  input?: Record<string, unknown>;
  context?: Record<string, unknown>;
}

/** What the manager needs from the usage module: refuse a run over quota before POST. */
export interface QuotaCheck {
  check(signal?: AbortSignal): Promise<unknown>;
  noteRunStarted?(): void;
}

export interface RunManagerOptions {
  api: Pick<ApiClient, 'config' | 'createRun' | 'getRun' | 'cancelRun'>;
  /** The user's data directory (transcripts go to `<dataDir>/runs/`). */
  dataDir: string;
  /** Coalescing interval for `onUpdates` batches, ms. Default 16 (one frame). */
  frameIntervalMs?: number;
  quota?: QuotaCheck;
  clock?: Clock;
  now?: () => Date;
  /** Passed to every follower (stall timeout, reconnect policy, jitter). */
  follow?: Pick<FollowOptions, 'stallTimeoutMs' | 'reconnect' | 'random' | 'finalGraceMs'>;
  /** How often buffered transcript lines are written, ms. Default 100. */
  transcriptFlushMs?: number;
  /** Finished runs kept in `list()` until dismissed; the oldest go first. Default 20. */
  keepFinished?: number;
}

/** Every run's batch of one frame interval (each run at most once). */
export type UpdatesListener = (updates: RunUpdate[]) => void;
export type RunsChangedListener = (runs: LiveRunSummary[]) => void;

interface LiveEntry {
  summary: LiveRunSummary;
  message?: string;
  text: string[];
  textLength: number;
  follow?: RunFollow;
  writer?: TranscriptWriter;
  /** Resolves when the follow loop has ended and the transcript is flushed. */
  finished?: Promise<void>;
}

export class RunManager {
  private readonly api: RunManagerOptions['api'];
  private readonly store: TranscriptStore;
  private readonly eventPages: EventPages;
  private readonly coalescer: UpdateCoalescer;
  private readonly clock: Clock;
  private readonly now: () => Date;
  private readonly quota: QuotaCheck | undefined;
  private readonly followDefaults: RunManagerOptions['follow'];
  private readonly keepFinished: number;
  private readonly runs = new Map<string, LiveEntry>();
  /** Runs whose transcript is being opened, not yet in `runs`: retention must leave them be. */
  private readonly attaching = new Set<string>();
  private readonly updateListeners = new Set<UpdatesListener>();
  private readonly changeListeners = new Set<RunsChangedListener>();
  private changeQueued = false;
  private closed = false;

  constructor(options: RunManagerOptions) {
    this.api = options.api;
    this.clock = options.clock ?? systemClock;
    this.now = options.now ?? (() => new Date());
    this.quota = options.quota;
    this.followDefaults = options.follow;
    this.keepFinished = options.keepFinished ?? 20;
    this.store = new TranscriptStore({
      dataDir: options.dataDir,
      clock: this.clock,
      now: this.now,
      flushIntervalMs: options.transcriptFlushMs,
    });
    const store = this.store;
    this.eventPages = new EventPages({ locate: (runId) => store.eventsPath(runId) });
    this.coalescer = new UpdateCoalescer({
      intervalMs: options.frameIntervalMs ?? DEFAULT_FRAME_INTERVAL_MS,
      clock: this.clock,
      emit: (updates) => this.deliver(updates),
    });
  }

  /**
   * Subscribes to coalesced batches: one call per frame interval with every run that changed;
   * returns the unsubscribe function.
   */
  onUpdates(listener: UpdatesListener): () => void {
    this.updateListeners.add(listener);
    return () => this.updateListeners.delete(listener);
  }

  /** Subscribes to changes of the live run list (added, removed, status/stream/done changed). */
  onRunsChanged(listener: RunsChangedListener): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /**
   * Starts a run: checks the input (nothing is sent when it is wrong), refuses it when over the
   * runs quota, POST /runs, then follows its stream. Resolves once the run is created.
   */
  async start(request: StartRunRequest, signal?: AbortSignal): Promise<LiveRunSummary> {
    this.assertOpen();
    const body: CreateRunInput = checkCreateRunInput({
      agentId: request.agentId,
      input: { ...request.input, message: request.message },
      context: { ...request.context, dealId: request.dealId },
    });
    await this.quota?.check(signal);
    // The run belongs to the service it was created on, whatever happens to the settings next.
    const config = this.api.config;
    const created = await this.api.createRun(body, { signal });
    this.quota?.noteRunStarted?.();
    const { message, ...inputRest } = body.input;
    const { dealId, ...contextRest } = body.context;
    return this.attach(
      created.data.runId,
      {
        agentId: created.data.agentId || body.agentId,
        dealId,
        message,
        input: jsonObject(inputRest),
        context: jsonObject(contextRest),
        status: created.data.status,
      },
      config,
    );
  }

  /** Starts a new run with the same agent, deal and message as `runId` (from its transcript). */
  async retry(runId: string, signal?: AbortSignal): Promise<LiveRunSummary> {
    const stored = await this.store.read(runId);
    const meta = stored?.meta;
    if (!meta?.agentId || meta.message === undefined || !meta.dealId) {
      throw new AssistantError({
        kind: 'invalid_input',
        code: 'run_not_retryable',
        message: 'This run cannot be started again: its agent, deal or message is not known here.',
        field: 'runId',
        retryable: false,
      });
    }
    return this.start(
      {
        agentId: meta.agentId,
        dealId: meta.dealId,
        message: meta.message,
        input: meta.input,
        context: meta.context,
      },
      signal,
    );
  }

  /** Follows a run that already exists (started elsewhere, or from the runs list). */
  async follow(runId: string): Promise<LiveRunSummary> {
    this.assertOpen();
    const live = this.runs.get(runId);
    if (live && !live.summary.done) return { ...live.summary };
    const config = this.api.config;
    const stored = await this.store.read(runId);
    // A run this app already saw to its end is shown from its transcript, not streamed again.
    if (stored?.meta.done) return this.showStored(stored);
    let init: AttachInit = {};
    if (stored?.meta.agentId === undefined) {
      try {
        init = describeRecord((await this.api.getRun(runId)).data.data);
      } catch (thrown) {
        const error = toAssistantError(thrown);
        // No such run: say so now. Anything else (offline, say) the stream will retry.
        if (error.status === 404 || error.kind === 'invalid_input') throw error;
      }
    }
    return this.attach(runId, init, config);
  }

  /**
   * Cancels a run: DELETE on the service first (so it stops spending tokens), then closes the
   * stream and records the run's final state. If the DELETE fails the run keeps being followed
   * and the error is thrown.
   */
  async cancel(runId: string, signal?: AbortSignal): Promise<LiveRunSummary> {
    const live = this.runs.get(runId);
    if (live?.summary.done) return { ...live.summary };
    const answer = await this.api.cancelRun(runId, { signal });
    let status = answer.data ? summariseRecord(answer.data.data).status : undefined;
    if (status === undefined || !isTerminalStatus(status)) {
      try {
        const record = await this.api.getRun(runId, { signal });
        const recorded = summariseRecord(record.data.data).status;
        if (recorded !== undefined && isTerminalStatus(recorded)) status = recorded;
      } catch {
        // The cancellation was accepted; the record is only a nicer status.
      }
    }
    const finalStatus = status !== undefined && isTerminalStatus(status) ? status : 'cancelled';
    if (!live) {
      const stored = await this.store.read(runId);
      if (stored && !stored.meta.done) {
        const { writer } = await this.store.open({ runId });
        writer.append(
          { type: 'final', status: finalStatus, source: 'record' },
          `${SYNTHETIC_POSITION}cancel`,
        );
        writer.update({ status: finalStatus, done: true, finishedAt: this.now().toISOString() });
        await writer.close();
      }
      return this.detachedSummary(runId, finalStatus, stored);
    }
    if (!live.summary.done) {
      this.handleEvent(
        live,
        { type: 'final', status: finalStatus, source: 'record' },
        `${SYNTHETIC_POSITION}cancel`,
      );
    }
    live.follow?.close();
    await live.finished;
    return { ...live.summary };
  }

  /** The live runs (following or recently finished), without their text. */
  list(): LiveRunSummary[] {
    return [...this.runs.values()].map((entry) => ({ ...entry.summary }));
  }

  /** One live run with its text so far and recent raw events: the snapshot after a reload. */
  get(runId: string): LiveRun | undefined {
    const entry = this.runs.get(runId);
    return entry ? this.snapshot(entry) : undefined;
  }

  /** Every live run as a snapshot (`runs.live`). */
  live(): LiveRun[] {
    return [...this.runs.values()].map((entry) => this.snapshot(entry));
  }

  /** Removes a finished run from `list()` (its transcript stays on disk). */
  dismiss(runId: string): boolean {
    const entry = this.runs.get(runId);
    if (!entry || !entry.summary.done) return false;
    this.runs.delete(runId);
    this.coalescer.forget(runId);
    this.queueChange();
    return true;
  }

  /**
   * A run's stored transcript, readable after a restart. Output text is in `text`; `events`
   * holds the other events (status, errors, final, unknown); `readEvents` pages them all.
   */
  async readTranscript(runId: string): Promise<Transcript | null> {
    await this.flushTranscript(runId);
    const stored = await this.store.read(runId);
    if (!stored) return null;
    const { meta } = stored;
    const transcript: Transcript = {
      runId,
      text: stored.text,
      events: stored.events.filter((event) => event.type !== 'output'),
    };
    if (meta.agentId !== undefined) transcript.agentId = meta.agentId;
    if (meta.dealId !== undefined) transcript.dealId = meta.dealId;
    if (meta.message !== undefined) transcript.message = meta.message;
    if (meta.status !== undefined) transcript.status = meta.status;
    transcript.startedAt = meta.startedAt;
    if (meta.finishedAt !== undefined) transcript.finishedAt = meta.finishedAt;
    if (meta.usage !== undefined) transcript.usage = meta.usage;
    if (meta.error !== undefined) transcript.error = meta.error;
    return transcript;
  }

  /**
   * A page of every event stored for a run, output deltas included, in arrival order (the raw
   * events panel). A live run's buffered events are written first, so the page is up to date.
   */
  async readEvents(runId: string, offset: number, limit: number): Promise<RunEventsPage> {
    await this.flushTranscript(runId);
    return this.eventPages.read(runId, offset, limit);
  }

  /** A live run's buffered events are written first, so what is read from disk is current. */
  private async flushTranscript(runId: string): Promise<void> {
    await this.runs
      .get(runId)
      ?.writer?.flush()
      .catch(() => undefined);
  }

  /**
   * Follows again every run whose transcript says it was still going when the app quit.
   * Resolves with their ids once they are attached.
   */
  async resumeInterrupted(): Promise<string[]> {
    this.assertOpen();
    const config = this.api.config;
    const service = serviceOf(config);
    const metas = await this.store.list();
    const resumed: string[] = [];
    for (const meta of metas) {
      if (meta.done || meta.abandoned || this.runs.has(meta.runId)) continue;
      // A run of another service (the settings changed while the app was closed) is not asked
      // of this one.
      if (meta.service !== undefined && meta.service !== service) continue;
      await this.attach(meta.runId, {}, config);
      resumed.push(meta.runId);
    }
    return resumed;
  }

  /**
   * Stops following every live run (the service changed): each ends with `reason`, stays in the
   * list and in history saying so, and is not followed again on the next start.
   */
  async stopAll(reason: AssistantError): Promise<void> {
    const pending: Promise<void>[] = [];
    for (const entry of this.runs.values()) {
      if (entry.summary.done) continue;
      entry.follow?.close();
      this.giveUp(entry, reason);
      if (entry.finished) pending.push(entry.finished);
    }
    await Promise.allSettled(pending);
  }

  /** The session was renewed: runs parked as `session_expired` re-attach to their streams. */
  resumeAfterSignIn(): void {
    for (const entry of this.runs.values()) entry.follow?.resumeAfterSignIn();
  }

  /** After sleep or a network change: every live stream reconnects now, from its last event. */
  reattachAll(): void {
    for (const entry of this.runs.values()) entry.follow?.reattach();
  }

  /**
   * Prunes stored transcripts by the retention policy (oldest first), never one of a run being
   * followed or attached.
   */
  pruneTranscripts(policy: RetentionPolicy): Promise<PruneResult> {
    // Asked per folder, as a run may start while pruning goes on.
    const isProtected = (folder: string): boolean => {
      for (const runId of this.attaching) if (runFolderName(runId) === folder) return true;
      for (const [runId, entry] of this.runs) {
        if (!entry.summary.done && runFolderName(runId) === folder) return true;
      }
      return false;
    };
    return pruneTranscripts({ root: this.store.root, policy, now: this.now(), isProtected });
  }

  /** Stops every stream, flushes transcripts (unfinished runs stay resumable) and batches. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const pending: Promise<void>[] = [];
    for (const entry of this.runs.values()) {
      entry.follow?.close();
      if (entry.finished) pending.push(entry.finished);
    }
    await Promise.allSettled(pending);
    this.coalescer.dispose();
  }

  // ---------------------------------------------------------------------------------------------

  private assertOpen(): void {
    if (this.closed) {
      throw new AssistantError({
        kind: 'aborted',
        code: 'manager_closed',
        message: 'The app is shutting down.',
        retryable: false,
      });
    }
  }

  private showStored(stored: StoredTranscript): LiveRunSummary {
    const { meta } = stored;
    const entry: LiveEntry = {
      summary: {
        runId: meta.runId,
        agentId: meta.agentId ?? '',
        status: meta.status ?? 'unknown',
        stream: 'closed',
        done: true,
        startedAt: meta.startedAt,
        seq: this.coalescer.seq(meta.runId),
      },
      message: meta.message,
      text: [stored.text],
      textLength: stored.text.length,
    };
    const summary = entry.summary;
    if (meta.dealId !== undefined) summary.dealId = meta.dealId;
    if (meta.finishedAt !== undefined) summary.finishedAt = meta.finishedAt;
    if (meta.usage !== undefined) summary.usage = meta.usage;
    if (meta.error !== undefined) summary.error = meta.error;
    this.runs.set(meta.runId, entry);
    this.trimFinished();
    this.queueChange();
    return { ...summary };
  }

  private async attach(
    runId: string,
    init: AttachInit,
    config: RunManagerOptions['api']['config'],
  ): Promise<LiveRunSummary> {
    this.attaching.add(runId);
    let opened: Awaited<ReturnType<TranscriptStore['open']>>;
    try {
      opened = await this.store.open({
        runId,
        service: serviceOf(config),
        agentId: init.agentId,
        dealId: init.dealId,
        message: init.message,
        input: init.input as TranscriptInit['input'],
        context: init.context as TranscriptInit['context'],
        status: init.status,
      });
    } finally {
      this.attaching.delete(runId);
    }
    const { writer, existing: stored } = opened;
    const meta = writer.current;
    const entry: LiveEntry = {
      summary: {
        runId,
        agentId: meta.agentId ?? init.agentId ?? '',
        status: meta.status ?? init.status ?? 'created',
        stream: 'connecting',
        done: false,
        startedAt: meta.startedAt,
        seq: this.coalescer.seq(runId),
      },
      message: meta.message,
      text: stored && stored.text !== '' ? [stored.text] : [],
      textLength: stored?.text.length ?? 0,
      writer,
    };
    if (meta.dealId !== undefined) entry.summary.dealId = meta.dealId;
    if (meta.done) writer.update({ done: false, abandoned: false });
    const previous = this.runs.get(runId);
    previous?.follow?.close();
    this.runs.set(runId, entry);
    this.trimFinished();

    const resume: ResumePoint = {};
    if (stored && stored.positions.length > 0) {
      resume.positions = stored.positions.filter((p) => !p.startsWith(SYNTHETIC_POSITION));
      resume.text = stored.text;
      if (stored.lastEventId !== undefined) resume.lastEventId = stored.lastEventId;
    }
    // The service changed while the transcript was being opened: not followed at all.
    const retired = retiredError(config.lifetime);
    if (retired !== undefined) {
      this.giveUp(entry, retired);
      await writer.close().catch(() => undefined);
      return { ...entry.summary };
    }
    const follow = followRun({
      ...this.followDefaults,
      config,
      runId,
      resume,
      clock: this.clock,
    });
    entry.follow = follow;
    entry.finished = this.consume(entry, follow);
    this.queueChange();
    return { ...entry.summary };
  }

  private async consume(entry: LiveEntry, follow: RunFollow): Promise<void> {
    try {
      for await (const batch of follow.batches()) {
        for (const item of batch) {
          if (item.type === 'connection') this.setStream(entry, item.state);
          else this.handleEvent(entry, item.event, item.position);
        }
      }
      if (!entry.summary.done) this.setStream(entry, 'closed');
    } catch (thrown) {
      this.giveUp(entry, toAssistantError(thrown));
    } finally {
      await entry.writer?.close().catch(() => undefined);
      entry.follow = undefined;
    }
  }

  /** Following `entry` ended for good with `error` (it stays listed, done, with the error). */
  private giveUp(entry: LiveEntry, error: AssistantError): void {
    if (entry.summary.done) return;
    const data = errorData(error);
    entry.summary.error = data;
    this.setStream(entry, 'closed');
    // A run that no longer exists (or a stream we must not resume, or a service no longer in
    // use) is not tried again on the next start; a network give-up is.
    entry.writer?.update({ error: data, abandoned: !error.retryable });
    this.coalescer.done(entry.summary.runId, { error: data });
    entry.summary.done = true;
    this.queueChange();
  }

  private setStream(entry: LiveEntry, state: ConnectionState): void {
    if (entry.summary.stream === state) return;
    entry.summary.stream = state;
    this.coalescer.stream(entry.summary.runId, state);
    this.queueChange();
  }

  private handleEvent(entry: LiveEntry, event: RunEvent, position: string): void {
    const runId = entry.summary.runId;
    if (entry.summary.done) return;
    entry.writer?.append(event, position);
    switch (event.type) {
      case 'output':
        entry.text.push(event.text);
        entry.textLength += event.text.length;
        this.coalescer.text(runId, event.text);
        return;
      case 'status':
        // Non-output events ride along in the batches; output is sent once, as text.
        this.coalescer.event(runId, event);
        if (event.status !== entry.summary.status) {
          entry.summary.status = event.status;
          this.coalescer.status(runId, event.status);
          entry.writer?.update({ status: event.status });
          this.queueChange();
        }
        return;
      case 'final': {
        if (event.status !== entry.summary.status) {
          entry.summary.status = event.status;
          this.coalescer.status(runId, event.status);
        }
        this.coalescer.event(runId, event);
        const finishedAt = this.now().toISOString();
        const error: ErrorData | undefined = event.error
          ? { ...event.error, retryable: false }
          : undefined;
        entry.summary.done = true;
        entry.summary.finishedAt = finishedAt;
        if (event.usage !== undefined) entry.summary.usage = event.usage;
        if (error !== undefined) entry.summary.error = error;
        this.coalescer.done(runId, withDefined({ usage: event.usage, error }));
        entry.writer?.update(
          withDefined({ status: event.status, done: true, finishedAt, usage: event.usage, error }),
        );
        void entry.writer?.flush().catch(() => undefined);
        this.queueChange();
        return;
      }
      default:
        this.coalescer.event(runId, event);
    }
  }

  private snapshot(entry: LiveEntry): LiveRun {
    const runId = entry.summary.runId;
    // A snapshot is the run as of its seq: text and an end still waiting for their batch come
    // with that batch (seq + 1), not twice. Sending them now instead would put a batch closer
    // than a frame to the last one whenever a page asks (every runs.start).
    if (entry.text.length > 1) entry.text = [entry.text.join('')];
    const text = entry.text[0] ?? '';
    const run: LiveRun = {
      ...entry.summary,
      seq: this.coalescer.seq(runId),
      text: text.slice(0, text.length - this.coalescer.unsentTextLength(runId)),
    };
    if (this.coalescer.endUnsent(runId)) {
      run.done = false;
      delete run.finishedAt;
      delete run.usage;
      delete run.error;
    }
    if (entry.message !== undefined) run.message = entry.message;
    return run;
  }

  private detachedSummary(
    runId: string,
    status: string,
    stored: StoredTranscript | undefined,
  ): LiveRunSummary {
    const summary: LiveRunSummary = {
      runId,
      agentId: stored?.meta.agentId ?? '',
      status,
      stream: 'closed',
      done: true,
      startedAt: stored?.meta.startedAt ?? this.now().toISOString(),
      finishedAt: this.now().toISOString(),
      seq: 0,
    };
    if (stored?.meta.dealId !== undefined) summary.dealId = stored.meta.dealId;
    return summary;
  }

  private trimFinished(): void {
    const finished = [...this.runs.values()].filter((entry) => entry.summary.done);
    for (const entry of finished.slice(0, Math.max(0, finished.length - this.keepFinished))) {
      this.runs.delete(entry.summary.runId);
      this.coalescer.forget(entry.summary.runId);
    }
  }

  private deliver(updates: RunUpdate[]): void {
    for (const update of updates) {
      const entry = this.runs.get(update.runId);
      if (entry) entry.summary.seq = update.seq;
    }
    for (const listener of this.updateListeners) {
      try {
        listener(updates);
      } catch {
        // One broken subscriber must not starve the others.
      }
    }
  }

  private queueChange(): void {
    if (this.changeQueued || this.changeListeners.size === 0) return;
    this.changeQueued = true;
    queueMicrotask(() => {
      this.changeQueued = false;
      const runs = this.list();
      for (const listener of this.changeListeners) {
        try {
          listener(runs);
        } catch {
          // As above.
        }
      }
    });
  }
}

type TranscriptInit = Parameters<TranscriptStore['open']>[0];

/** The origin of the service a client talks to (recorded with each transcript). */
function serviceOf(config: Pick<ClientConfig, 'baseUrl'>): string | undefined {
  try {
    return new URL(config.baseUrl).origin;
  } catch {
    return undefined;
  }
}

interface AttachInit {
  agentId?: string;
  dealId?: string;
  message?: string;
  input?: Record<string, unknown>;
  context?: Record<string, unknown>;
  status?: string;
}

/** What a run record (payload not shown) says about who and what, by the documented fields. */
function describeRecord(record: Record<string, unknown>): AttachInit {
  const init: AttachInit = {};
  const text = (value: unknown): string | undefined =>
    typeof value === 'string' && value !== '' ? value : undefined;
  const nested = (value: unknown, key: string): unknown =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)[key]
      : undefined;
  const agentId = text(record.agentId);
  const status = text(record.status);
  const dealId = text(nested(record.context, 'dealId'));
  const message = text(nested(record.input, 'message'));
  if (agentId !== undefined) init.agentId = agentId;
  if (status !== undefined) init.status = status;
  if (dealId !== undefined) init.dealId = dealId;
  if (message !== undefined) init.message = message;
  return init;
}

function errorData(error: AssistantError): ErrorData {
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

function withDefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** Keeps only JSON-safe values of a "not shown" object (what the transcript can store). */
function jsonObject(value: Record<string, unknown>): Record<string, unknown> | undefined {
  const text = JSON.stringify(value);
  if (text === undefined || text === '{}') return undefined;
  return JSON.parse(text) as Record<string, unknown>;
}
