// The run state machine: created → queued → running → succeeded | failed | cancelled. Runs
// advance on timers whether or not anyone streams them. Output is paced by elapsed time (so a
// slow timer catches up instead of slowing the run down), and `instant` emits in batches that
// yield to the event loop, so even a 100,000-token run never blocks other requests.
import { randomUUID } from 'node:crypto';
import { Run } from './run';
import type { RunListener } from './run';
import type { Pacing, RunError, RunPlan, RunStatus } from './types';

export const REALTIME_TOKENS_PER_SECOND = 40;
const INSTANT_BATCH = 256;
const MAX_CATCH_UP = 2_000;
/** Pauses between states when pacing is realtime, so a person can see them. */
const REALTIME_DELAYS = { queued: 150, running: 400 };

export interface EngineOptions {
  now: () => Date;
  pacing: Pacing;
  maxRuns: number;
  onOutputToken: () => void;
}

export interface NewRun {
  /** The session that creates it: the only one that may see it (engine.visible). */
  owner: string;
  agentId: string;
  input: Record<string, unknown>;
  context: Record<string, unknown>;
  plan: RunPlan;
}

export type CancelResult =
  { kind: 'cancelled'; run: Run } | { kind: 'finished'; run: Run } | { kind: 'not_found' };

export class RunEngine {
  private readonly runs = new Map<string, Run>();
  private seq = 0;
  private pacing: Pacing;
  private stopped = false;

  constructor(private readonly options: EngineOptions) {
    this.pacing = options.pacing;
  }

  setPacing(pacing: Pacing): void {
    this.pacing = pacing;
  }

  getPacing(): Pacing {
    return this.pacing;
  }

  create(spec: NewRun): Run {
    this.seq += 1;
    const run = new Run(
      randomUUID(),
      this.seq,
      spec.owner,
      spec.agentId,
      spec.input,
      spec.context,
      this.iso(),
      spec.plan,
    );
    this.runs.set(run.runId, run);
    run.emit('status', { status: 'created', at: run.createdAt });
    this.after(run, this.delay('queued'), () => {
      run.queuedAt = this.iso();
      this.transition(run, 'queued', run.queuedAt);
      this.after(run, this.delay('running'), () => {
        run.startedAt = this.iso();
        this.transition(run, 'running', run.startedAt);
        this.pump(run);
      });
    });
    this.prune();
    return run;
  }

  /** Any run, whoever owns it (the in-process control API). */
  get(runId: string): Run | undefined {
    return this.runs.get(runId);
  }

  /** A run as `owner` may see it: its own, else none (another session's is "not found"). */
  visible(runId: string, owner: string): Run | undefined {
    const run = this.runs.get(runId);
    return run?.owner === owner ? run : undefined;
  }

  /** `owner`'s runs, newest first, optionally only one status. */
  list(filter: { owner: string; status?: RunStatus; limit: number; offset: number }): {
    items: Run[];
    total: number;
  } {
    const all = [...this.runs.values()]
      .reverse()
      .filter((r) => r.owner === filter.owner)
      .filter((r) => filter.status === undefined || r.status === filter.status);
    return { items: all.slice(filter.offset, filter.offset + filter.limit), total: all.length };
  }

  cancel(runId: string, owner: string): CancelResult {
    const run = this.visible(runId, owner);
    if (run === undefined) return { kind: 'not_found' };
    if (run.finished) return { kind: 'finished', run };
    this.finish(run, 'cancelled', null);
    return { kind: 'cancelled', run };
  }

  subscribe(run: Run, listener: RunListener): () => void {
    run.listeners.add(listener);
    return () => run.listeners.delete(listener);
  }

  /** Stops every timer; runs stay as they are. */
  stop(): void {
    this.stopped = true;
    for (const run of this.runs.values()) {
      clearTimeout(run.timer);
      run.timer = undefined;
    }
  }

  private iso(): string {
    return this.options.now().toISOString();
  }

  private delay(step: keyof typeof REALTIME_DELAYS): number {
    return this.pacing === 'realtime' ? REALTIME_DELAYS[step] : 0;
  }

  private after(run: Run, ms: number, step: () => void): void {
    if (this.stopped) return;
    run.timer = setTimeout(() => {
      run.timer = undefined;
      if (!run.finished) step();
    }, ms);
    run.timer.unref();
  }

  private transition(run: Run, status: RunStatus, at: string): void {
    run.status = status;
    run.emit('status', { status, at });
  }

  /** Tokens per second for this run now, or null for instant. */
  private rate(run: Run): number | null {
    const pacing = run.plan?.tokensPerSecond ?? this.pacing;
    if (pacing === 'instant') return null;
    if (pacing === 'realtime') return REALTIME_TOKENS_PER_SECOND;
    return pacing;
  }

  private pump(run: Run): void {
    const plan = run.plan;
    if (run.finished || plan === undefined) return;
    const rate = this.rate(run);
    const now = performance.now();
    let budget = INSTANT_BATCH;
    if (rate === null) {
      run.pace = undefined;
    } else {
      if (run.pace?.rate !== rate) run.pace = { at: now, emitted: run.usage.outputTokens, rate };
      const due = run.pace.emitted + Math.floor(((now - run.pace.at) * rate) / 1000) + 1;
      budget = Math.min(due - run.usage.outputTokens, MAX_CATCH_UP);
    }

    for (let i = 0; i < budget; i += 1) {
      if (plan.failAfterTokens !== null && run.usage.outputTokens >= plan.failAfterTokens) {
        this.finish(run, 'failed', {
          code: 'agent_failed',
          message: `The agent stopped unexpectedly after ${run.usage.outputTokens} tokens (demo failure).`,
        });
        return;
      }
      const next = plan.tokens.next();
      if (next.done === true) {
        this.finish(run, 'succeeded', null);
        return;
      }
      run.append(next.value);
      this.options.onOutputToken();
      run.emit('delta', { text: next.value });
    }

    let wait = 0;
    if (rate !== null && run.pace !== undefined) {
      const sinceAnchor = run.usage.outputTokens - run.pace.emitted;
      wait = Math.max(1, Math.ceil(run.pace.at + (sinceAnchor * 1000) / rate - performance.now()));
    }
    this.after(run, wait, () => this.pump(run));
  }

  private finish(run: Run, status: RunStatus, error: RunError | null): void {
    clearTimeout(run.timer);
    run.timer = undefined;
    run.plan = undefined;
    run.error = error;
    run.finishedAt = this.iso();
    run.status = status;
    run.emit(
      'status',
      error === null ? { status, at: run.finishedAt } : { status, at: run.finishedAt, error },
    );
    run.emit('done', {
      status,
      usage: { ...run.usage },
      ...(error === null ? {} : { error }),
      finishedAt: run.finishedAt,
    });
    run.listeners.clear();
  }

  /** Keeps memory bounded: the oldest finished runs go once there are more than maxRuns. */
  private prune(): void {
    if (this.runs.size <= this.options.maxRuns) return;
    for (const [id, run] of this.runs) {
      if (this.runs.size <= this.options.maxRuns) break;
      if (run.finished) this.runs.delete(id);
    }
  }
}
