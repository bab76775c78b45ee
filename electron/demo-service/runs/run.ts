// One run: its record, its event log (kept whole so any stream can replay from any point) and
// the listeners of its live streams.
import type {
  Pacing,
  RunError,
  RunEvent,
  RunPlan,
  RunRecord,
  RunStatus,
  RunSummaryRecord,
  Usage,
} from './types';
import { isFinished } from './types';

export type RunListener = (event: RunEvent) => void;

export class Run {
  status: RunStatus = 'created';
  queuedAt: string | null = null;
  startedAt: string | null = null;
  finishedAt: string | null = null;
  error: RunError | null = null;
  readonly usage: Usage;
  readonly events: RunEvent[] = [];
  readonly listeners = new Set<RunListener>();
  timer: NodeJS.Timeout | undefined;
  /** Where pacing was last (re)anchored: the clock then, tokens emitted then, the rate. */
  pace: { at: number; emitted: number; rate: Exclude<Pacing, 'instant' | 'realtime'> } | undefined;
  private chunks: string[] = [];

  constructor(
    readonly runId: string,
    readonly seq: number,
    /** The session that created it (its id, never its token). */
    readonly owner: string,
    readonly agentId: string,
    readonly input: Record<string, unknown>,
    readonly context: Record<string, unknown>,
    readonly createdAt: string,
    public plan: RunPlan | undefined,
  ) {
    this.usage = { inputTokens: plan?.inputTokens ?? 0, outputTokens: 0 };
  }

  get finished(): boolean {
    return isFinished(this.status);
  }

  get lastEventId(): number {
    return this.events.length;
  }

  append(text: string): void {
    this.chunks.push(text);
    this.usage.outputTokens += 1;
  }

  text(): string {
    // Joined once and kept joined, so reading a long output repeatedly stays cheap.
    if (this.chunks.length > 1) this.chunks = [this.chunks.join('')];
    return this.chunks[0] ?? '';
  }

  emit(event: RunEvent['event'], data: Record<string, unknown>): RunEvent {
    const entry: RunEvent = { id: this.events.length + 1, event, data };
    this.events.push(entry);
    for (const listener of [...this.listeners]) {
      try {
        listener(entry);
      } catch {
        // A broken stream must not stop the run; the stream cleans itself up on close.
      }
    }
    return entry;
  }

  summary(): RunSummaryRecord {
    return {
      runId: this.runId,
      agentId: this.agentId,
      status: this.status,
      createdAt: this.createdAt,
      queuedAt: this.queuedAt,
      startedAt: this.startedAt,
      finishedAt: this.finishedAt,
      input: this.input,
      context: this.context,
      error: this.error,
      usage: { ...this.usage },
      lastEventId: this.lastEventId,
    };
  }

  record(): RunRecord {
    const text = this.text();
    return {
      ...this.summary(),
      output: this.finished ? text : null,
      partialOutput: this.finished ? null : text,
    };
  }
}
