// The runs this app is following: start (check, POST, follow), follow an existing run, cancel,
// several at once. Every event goes to the run's transcript (buffered, written every
// `transcriptFlushMs`) and to subscribers as coalesced batches: every run's changes of one frame
// interval in one call. Runs interrupted by quitting are followed again on the next start
// (`resumeInterrupted`). How an event changes a run is in live-entry.ts.
import type {
  LiveRun,
  LiveRunSummary,
  RunEventsPage,
  RunUpdate,
  Transcript,
} from '../../contract/runs';
import { retiredError } from '../api/http';
import { toAssistantError, type AssistantError } from '../errors';
import { systemClock, type Clock } from '../clock';
import { followRun, type RunFollow } from '../stream/follow';
import {
  describeRecord,
  resumePointOf,
  serviceOf,
  transcriptInit,
  type AttachInit,
} from './attach-init';
import { CANCEL_POSITION, cancelNoted, recordCancelled } from './cancel';
import { DEFAULT_FRAME_INTERVAL_MS, UpdateCoalescer } from './coalescer';
import { EventPages } from './event-pages';
import {
  applyEvent,
  askedOf,
  giveUp,
  isFollowedFolder,
  managerClosedError,
  setStream,
  snapshotOf,
  type EntryContext,
  type LiveEntry,
} from './live-entry';
import { attachedSummary, detachedSummary, storedSummary } from './live-summary';
import { transcriptStoreOptions, type QuotaCheck, type RunManagerOptions } from './manager-options';
import { pruneTranscripts, type PruneResult, type RetentionPolicy } from './retention';
import { RunListeners, type RunsChangedListener, type UpdatesListener } from './run-listeners';
import { createRunBody, createdRunInit, retryRequest, type StartRunRequest } from './start-request';
import { TranscriptStore, type StoredTranscript } from './transcript-store';
import { transcriptView } from './transcript-view';

export type { RunsChangedListener, UpdatesListener } from './run-listeners';
export type { StartRunRequest } from './start-request';
export type { QuotaCheck, RunManagerOptions } from './manager-options';

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
  private readonly listeners = new RunListeners(() => this.list());
  /** What live-entry.ts needs to change an entry. */
  private readonly entryContext: EntryContext;
  private closed = false;

  constructor(options: RunManagerOptions) {
    this.api = options.api;
    this.clock = options.clock ?? systemClock;
    this.now = options.now ?? (() => new Date());
    this.quota = options.quota;
    this.followDefaults = options.follow;
    this.keepFinished = options.keepFinished ?? 20;
    this.store = new TranscriptStore(transcriptStoreOptions(options, this.clock, this.now));
    const store = this.store;
    this.eventPages = new EventPages({ locate: (runId) => store.eventsPath(runId) });
    this.coalescer = new UpdateCoalescer({
      intervalMs: options.frameIntervalMs ?? DEFAULT_FRAME_INTERVAL_MS,
      clock: this.clock,
      emit: (updates) => this.deliver(updates),
    });
    this.entryContext = {
      coalescer: this.coalescer,
      now: this.now,
      changed: () => this.listeners.queueChange(),
    };
  }

  /**
   * Subscribes to coalesced batches: at most one call per frame interval, with every run whose
   * batch is due (coalescer.ts says when one waits); returns the unsubscribe function.
   */
  onUpdates(listener: UpdatesListener): () => void {
    return this.listeners.onUpdates(listener);
  }

  /** Subscribes to changes of the live run list (added, removed, status/stream/done changed). */
  onRunsChanged(listener: RunsChangedListener): () => void {
    return this.listeners.onRunsChanged(listener);
  }

  /**
   * Starts a run: checks the input (nothing is sent when it is wrong), refuses it when over the
   * runs quota, POST /runs, then follows its stream. Resolves once the run is created.
   */
  async start(request: StartRunRequest, signal?: AbortSignal): Promise<LiveRunSummary> {
    this.assertOpen();
    const body = createRunBody(request);
    await this.quota?.check(signal);
    // The run belongs to the service it was created on, whatever happens to the settings next.
    const config = this.api.config;
    const created = await this.api.createRun(body, { signal });
    this.quota?.noteRunStarted?.();
    return this.attach(created.data.runId, createdRunInit(body, created.data), config);
  }

  /** A new run asking what `runId` asked: from its transcript, else the service's record. */
  async retry(runId: string, signal?: AbortSignal): Promise<LiveRunSummary> {
    const meta = (await this.store.read(runId))?.meta;
    const asked =
      meta?.message !== undefined
        ? meta
        : describeRecord((await this.api.getRun(runId, { signal })).data.data);
    return this.start(retryRequest(asked), signal);
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
    const finalStatus = await cancelNoted(this.api, runId, live, signal);
    if (!live) {
      const stored = await recordCancelled(this.store, runId, finalStatus, this.now);
      return detachedSummary(runId, finalStatus, stored, this.now);
    }
    if (!live.summary.done) {
      applyEvent(
        this.entryContext,
        live,
        { type: 'final', status: finalStatus, source: 'record' },
        CANCEL_POSITION,
      );
    }
    live.follow?.close();
    await live.finished;
    return { ...live.summary };
  }

  /** What a notification about a live run says besides its summary: its question, who ended it. */
  asked(runId: string): { question?: string; cancelledHere: boolean } {
    return askedOf(this.runs.get(runId));
  }

  /** The live runs (following or recently finished), without their text. */
  list(): LiveRunSummary[] {
    return [...this.runs.values()].map((entry) => ({ ...entry.summary }));
  }

  /** One live run with its message and text so far: the snapshot after a reload. */
  get(runId: string): LiveRun | undefined {
    const entry = this.runs.get(runId);
    return entry ? snapshotOf(entry, this.coalescer) : undefined;
  }

  /** Every live run as a snapshot (`runs.live`). */
  live(): LiveRun[] {
    return [...this.runs.values()].map((entry) => snapshotOf(entry, this.coalescer));
  }

  /** Removes a finished run from `list()` (its transcript stays on disk). */
  dismiss(runId: string): boolean {
    const entry = this.runs.get(runId);
    if (!entry || !entry.summary.done) return false;
    this.runs.delete(runId);
    this.coalescer.forget(runId);
    this.listeners.queueChange();
    return true;
  }

  /**
   * A run's stored transcript, readable after a restart. Output text is in `text`; `events`
   * holds the other events (status, errors, final, unknown); `readEvents` pages them all.
   */
  async readTranscript(runId: string): Promise<Transcript | null> {
    await this.flushTranscript(runId);
    const stored = await this.store.read(runId);
    return stored ? transcriptView(runId, stored) : null;
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
      giveUp(this.entryContext, entry, reason);
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
    const isProtected = (folder: string) => isFollowedFolder(folder, this.attaching, this.runs);
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

  private assertOpen(): void {
    if (this.closed) throw managerClosedError();
  }

  private showStored(stored: StoredTranscript): LiveRunSummary {
    const { meta } = stored;
    const summary = storedSummary(meta, this.coalescer.seq(meta.runId));
    this.runs.set(meta.runId, { summary, message: meta.message, text: [stored.text] });
    this.trimFinished();
    this.listeners.queueChange();
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
      opened = await this.store.open(transcriptInit(runId, init, config));
    } finally {
      this.attaching.delete(runId);
    }
    const { writer, existing: stored } = opened;
    const meta = writer.current;
    const entry: LiveEntry = {
      summary: attachedSummary(runId, meta, init, this.coalescer.seq(runId)),
      message: meta.message,
      text: stored && stored.text !== '' ? [stored.text] : [],
      writer,
    };
    if (meta.done) writer.update({ done: false, abandoned: false });
    const previous = this.runs.get(runId);
    previous?.follow?.close();
    this.runs.set(runId, entry);
    this.trimFinished();

    // The service changed while the transcript was being opened: not followed at all.
    const retired = retiredError(config.lifetime);
    if (retired !== undefined) {
      giveUp(this.entryContext, entry, retired);
      await writer.close().catch(() => undefined);
      return { ...entry.summary };
    }
    const follow = followRun({
      ...this.followDefaults,
      config,
      runId,
      resume: resumePointOf(stored),
      clock: this.clock,
    });
    entry.follow = follow;
    entry.finished = this.consume(entry, follow);
    this.listeners.queueChange();
    return { ...entry.summary };
  }

  private async consume(entry: LiveEntry, follow: RunFollow): Promise<void> {
    try {
      for await (const batch of follow.batches()) {
        for (const item of batch) {
          if (item.type === 'connection') setStream(this.entryContext, entry, item.state);
          else applyEvent(this.entryContext, entry, item.event, item.position);
        }
      }
      if (!entry.summary.done) setStream(this.entryContext, entry, 'closed');
    } catch (thrown) {
      giveUp(this.entryContext, entry, toAssistantError(thrown));
    } finally {
      await entry.writer?.close().catch(() => undefined);
      entry.follow = undefined;
    }
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
    this.listeners.deliverUpdates(updates);
  }
}
