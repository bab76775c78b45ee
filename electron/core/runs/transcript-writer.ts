// One run's transcript being written: events appended in batches (never a write per token), the
// meta rewritten atomically after the events it describes. See ./transcript-store.ts for the
// files and how they are read back.
import type { FileHandle } from 'node:fs/promises';
import type { Clock, TimerHandle } from '../clock';
import { runEventLine } from '../limits';
import { writeJsonFileAtomic } from '../storage/json-file';
import type { RunEvent } from '../stream/events';
import { NOT_AN_ID } from '../stream/positions';
import type { TranscriptMeta } from './transcript-meta';

/** Buffered bytes that trigger a write before the interval is up. */
const FLUSH_BYTES = 64 * 1024;

/** `value` without its undefined keys: what a patch does not name stays as it was. */
export function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export interface WriterInit {
  handle: FileHandle;
  metaPath: string;
  meta: TranscriptMeta;
  clock: Clock;
  now: () => Date;
  flushIntervalMs: number;
  /** The events file's size so far, its bound and who hears of writes. */
  bytes: { written: number; max: number; onWritten: ((bytes: number) => void) | undefined };
}

/** Appends one run's events; writes are serialised and batched. */
export class TranscriptWriter {
  private readonly handle: FileHandle;
  private readonly metaPath: string;
  private readonly clock: Clock;
  private readonly now: () => Date;
  private readonly flushIntervalMs: number;
  private meta: TranscriptMeta;
  private buffer: string[] = [];
  private bufferBytes = 0;
  /** The events file's size once what is buffered is written. */
  private totalBytes: number;
  private readonly onWritten: ((bytes: number) => void) | undefined;
  /** The events file's bound: an event that would pass it is refused. */
  readonly maxBytes: number;
  private metaDirty = false;
  private timer: TimerHandle | undefined;
  private chain: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(init: WriterInit) {
    this.handle = init.handle;
    this.metaPath = init.metaPath;
    this.meta = init.meta;
    this.clock = init.clock;
    this.now = init.now;
    this.flushIntervalMs = init.flushIntervalMs;
    this.totalBytes = init.bytes.written;
    this.maxBytes = init.bytes.max;
    this.onWritten = init.bytes.onWritten;
  }

  get current(): Readonly<TranscriptMeta> {
    return this.meta;
  }

  /**
   * Buffers one event for the next write. False (nothing kept) when it would take the events file
   * past its bound; once closed, events are dropped quietly.
   */
  append(event: RunEvent, position: string): boolean {
    if (this.closed) return true;
    const line = runEventLine(event, position);
    const bytes = Buffer.byteLength(line);
    if (this.totalBytes + bytes > this.maxBytes) return false;
    this.totalBytes += bytes;
    this.buffer.push(line);
    this.bufferBytes += line.length;
    this.meta.eventCount += 1;
    if (event.type === 'output') this.meta.textLength += event.text.length;
    if (!position.startsWith(NOT_AN_ID)) this.meta.lastEventId = position;
    this.metaDirty = true;
    if (this.bufferBytes >= FLUSH_BYTES) void this.flush().catch(() => undefined);
    else this.schedule();
    return true;
  }

  /** Changes the meta; written with the next flush (after the events before it). */
  update(patch: Partial<Omit<TranscriptMeta, 'version' | 'runId'>>): void {
    if (this.closed) return;
    this.meta = { ...this.meta, ...definedOnly(patch) };
    this.metaDirty = true;
    this.schedule();
  }

  /**
   * Writes buffered events, then the meta if it changed. Rejects when this flush's writes failed.
   * A meta that could not be written (a file held by another program, on Windows) is written
   * again at the next flush, so the run's last state still reaches the disk.
   */
  flush(forceMeta = false): Promise<void> {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    const lines = this.buffer.join('');
    this.buffer = [];
    this.bufferBytes = 0;
    const writeMeta = this.metaDirty || forceMeta;
    this.metaDirty = false;
    const meta = writeMeta ? { ...this.meta, updatedAt: this.now().toISOString() } : undefined;
    const written = this.chain.then(async () => {
      try {
        if (lines !== '') {
          const { bytesWritten } = await this.handle.write(lines);
          this.onWritten?.(bytesWritten);
        }
        if (meta !== undefined) await writeJsonFileAtomic(this.metaPath, meta);
      } catch (error) {
        if (meta !== undefined) this.retryMeta();
        throw error;
      }
    });
    this.chain = written.catch(() => undefined);
    return written;
  }

  /** The meta is written again with the next flush, which comes by itself while the run is open. */
  private retryMeta(): void {
    if (this.closed) return;
    this.metaDirty = true;
    this.schedule();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.flush();
    } finally {
      this.closed = true;
      await this.handle.close();
    }
  }

  /** Gives up a writer whose transcript could not be started: nothing more is written. */
  async discard(): Promise<void> {
    this.closed = true;
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    await this.handle.close();
  }

  private schedule(): void {
    if (this.timer !== undefined) return;
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch(() => undefined);
    }, this.flushIntervalMs);
  }
}
