// What the proxy saw of one run's stream: when it was first requested, how many events went
// through, and when each marker heading (`## Detail <n>`) arrived from the service. Waiters let
// the bench act at a given point of the stream (e.g. take a metrics sample at token 500).
import { createParser, type EventSourceParser } from 'eventsource-parser';
import { MARKER_AT_END_OF_STREAM } from '../page/text';

export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

interface Waiter {
  deltas: number;
  resolve: (at: number) => void;
}

export class StreamLog {
  /** Epoch ms when the first request for this stream reached the proxy. */
  readonly openedAt = epochNow();
  connections = 0;
  events = 0;
  deltas = 0;
  /** Marker number → when its delta came from the service (epoch ms) and which delta it was. */
  readonly markers = new Map<number, { at: number; delta: number }>();
  doneAt: number | undefined;
  private tail = '';
  private waiters: Waiter[] = [];
  private doneWaiters: Array<() => void> = [];

  constructor(readonly runId: string) {}

  /** A parser for one connection; feed it each chunk with the time it arrived. */
  connection(): { feed(chunk: string, at: number): void } {
    this.connections += 1;
    let at = 0;
    const parser: EventSourceParser = createParser({
      onEvent: (event) => this.onEvent(event.event ?? 'message', event.data, at),
    });
    return {
      feed(chunk, when) {
        at = when;
        parser.feed(chunk);
      },
    };
  }

  /** Resolves with the time the n-th delta arrived (at once if it already has). */
  waitForDeltas(n: number, timeoutMs: number): Promise<number> {
    if (this.deltas >= n) return Promise.resolve(epochNow());
    return withTimeout(
      new Promise<number>((resolve) => this.waiters.push({ deltas: n, resolve })),
      timeoutMs,
      `delta ${n} of run ${this.runId} did not arrive`,
    );
  }

  waitForDone(timeoutMs: number): Promise<void> {
    if (this.doneAt !== undefined) return Promise.resolve();
    return withTimeout(
      new Promise<void>((resolve) => this.doneWaiters.push(resolve)),
      timeoutMs,
      `run ${this.runId} did not send done`,
    );
  }

  private onEvent(name: string, data: string, at: number): void {
    this.events += 1;
    if (name === 'delta') {
      this.deltas += 1;
      const text = (JSON.parse(data) as { text?: unknown }).text;
      if (typeof text === 'string') {
        this.tail = (this.tail + text).slice(-48);
        const marker = MARKER_AT_END_OF_STREAM.exec(this.tail);
        if (marker) this.markers.set(Number(marker[1]), { at, delta: this.deltas });
      }
      if (this.waiters.length > 0) {
        const due = this.waiters.filter((w) => w.deltas <= this.deltas);
        this.waiters = this.waiters.filter((w) => w.deltas > this.deltas);
        for (const waiter of due) waiter.resolve(at);
      }
    } else if (name === 'done') {
      this.doneAt ??= at;
      for (const resolve of this.doneWaiters.splice(0)) resolve();
    }
  }
}

/** Rejects with `message` after `ms`; the timer never outlives the promise. */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${message} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
