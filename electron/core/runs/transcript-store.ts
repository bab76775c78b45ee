// Run transcripts on disk, one folder per run under `<dataDir>/runs/`:
//
//   events.jsonl  every normalised event as it arrived, one JSON line each, append-only. Written
//                 in small batches (never a write per token); a crash can cut the last line,
//                 which reading skips, so a transcript always stays readable.
//   meta.json     what the run is (agent, deal, message), its status, whether it is done and the
//                 last event id; rewritten atomically after the events it describes are written.
//
// After a restart, a run whose meta is not done is followed again from the position its events
// reached (see RunManager.resumeInterrupted).
//
// A run's events file never grows past `maxRunBytes` (core/limits.ts): the event that would take
// it past is refused (`append` says so) and the run manager stops following the run. Every write
// is reported (`onWritten`), so the retention budget is checked as transcripts grow.
import { createHash } from 'node:crypto';
import { readdir, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { ErrorData, JsonObject, Timestamp } from '../../contract/common';
import { RunEventSchema, UsageSchema, type RunEvent } from '../stream/events';
import { readJsonFile, writeJsonFileAtomic } from '../storage/json-file';
import {
  APPEND_NO_FOLLOW,
  READ_NO_FOLLOW,
  makePrivateDir,
  openNoFollow,
  readFileNoFollow,
} from '../storage/private-files';
import { systemClock, type Clock, type TimerHandle } from '../clock';
import { anchorOf, NOT_AN_ID } from '../stream/positions';
import { DEFAULT_ANSWER_LIMITS, runEventLine } from '../limits';

export const TranscriptMeta = z.object({
  version: z.literal(1),
  runId: z.string().min(1),
  /** The origin of the service the run belongs to (absent in transcripts from before). */
  service: z.string().optional(),
  agentId: z.string().optional(),
  dealId: z.string().optional(),
  message: z.string().optional(),
  /** The rest of the run's `input` and `context` as sent (other keys are "not shown"). */
  input: JsonObject.optional(),
  context: JsonObject.optional(),
  status: z.string().optional(),
  /** The run reached a final state; it will not be followed again. */
  done: z.boolean(),
  /** Following stopped for good (e.g. the run no longer exists); not resumed on restart. */
  abandoned: z.boolean().optional(),
  lastEventId: z.string().optional(),
  startedAt: Timestamp,
  updatedAt: Timestamp,
  finishedAt: Timestamp.optional(),
  usage: UsageSchema.optional(),
  error: ErrorData.optional(),
  eventCount: z.number().int().nonnegative(),
  textLength: z.number().int().nonnegative(),
});
export type TranscriptMeta = z.infer<typeof TranscriptMeta>;

export const TranscriptLine = z.object({
  /** The follower's position of the event: its id, or a `\0`-prefixed place (stream/positions.ts). */
  pos: z.string(),
  event: RunEventSchema,
});
export type TranscriptLine = z.infer<typeof TranscriptLine>;

export interface StoredTranscript {
  meta: TranscriptMeta;
  /** All events in arrival order. */
  events: RunEvent[];
  /** Their positions, parallel to `events`. */
  positions: string[];
  /** The output text: every output event's text, concatenated. */
  text: string;
  /** The last event id the stored events reached (what a resume asks the service for). */
  lastEventId: string | undefined;
  /** Lines that could not be read (a line cut by a crash, or damaged); they are skipped. */
  damagedLines: number;
}

export interface TranscriptStoreOptions {
  /** The user's data directory; transcripts go to `<dataDir>/runs/`. */
  dataDir: string;
  clock?: Clock;
  now?: () => Date;
  /** How long appended events may wait in memory before they are written. Default 100 ms. */
  flushIntervalMs?: number;
  /** Largest events file of one run, in bytes (default 20 MB, core/limits.ts). */
  maxRunBytes?: number;
  /** Told the bytes of each write of events, as it is made. */
  onWritten?: (bytes: number) => void;
}

export const DEFAULT_TRANSCRIPT_FLUSH_MS = 100;
/** Buffered bytes that trigger a write before the interval is up. */
const FLUSH_BYTES = 64 * 1024;

const SAFE_ID = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** A folder name for a run id: the id itself when harmless, else a hash (the meta keeps the id). */
export function runFolderName(runId: string): string {
  if (SAFE_ID.test(runId) && runId !== '.' && runId !== '..') return runId;
  return `h-${createHash('sha256').update(runId).digest('hex').slice(0, 40)}`;
}

/** The last event id a list of positions reached (see stream/positions.ts). */
export function lastIdOf(positions: readonly string[]): string | undefined {
  for (let i = positions.length - 1; i >= 0; i -= 1) {
    const anchor = anchorOf(positions[i] as string);
    if (anchor !== undefined) return anchor;
  }
  return undefined;
}

export type MetaInit = Omit<
  TranscriptMeta,
  'version' | 'done' | 'startedAt' | 'updatedAt' | 'eventCount' | 'textLength'
> &
  Partial<Pick<TranscriptMeta, 'startedAt'>>;

const EVENTS_FILE = 'events.jsonl';

export class TranscriptStore {
  readonly root: string;
  private readonly clock: Clock;
  private readonly now: () => Date;
  private readonly flushIntervalMs: number;
  private readonly maxRunBytes: number;
  private readonly onWritten: ((bytes: number) => void) | undefined;

  constructor(options: TranscriptStoreOptions) {
    this.root = join(options.dataDir, 'runs');
    this.clock = options.clock ?? systemClock;
    this.now = options.now ?? (() => new Date());
    this.flushIntervalMs = options.flushIntervalMs ?? DEFAULT_TRANSCRIPT_FLUSH_MS;
    this.maxRunBytes = options.maxRunBytes ?? DEFAULT_ANSWER_LIMITS.maxRunBytes;
    this.onWritten = options.onWritten;
  }

  private folder(runId: string): string {
    return join(this.root, runFolderName(runId));
  }

  /** The run's append-only events file (read a page at a time by ./event-pages). */
  eventsPath(runId: string): string {
    return join(this.folder(runId), EVENTS_FILE);
  }

  /**
   * Opens a run's transcript for appending: creates it, or continues an existing one (a run
   * followed again), keeping what it holds and the first start time. `existing` is what the
   * transcript held before.
   */
  async open(
    init: MetaInit,
  ): Promise<{ writer: TranscriptWriter; existing: StoredTranscript | undefined }> {
    const folder = this.folder(init.runId);
    await makePrivateDir(folder);
    const existing = await this.read(init.runId);
    const stamp = this.now().toISOString();
    const meta: TranscriptMeta = existing
      ? { ...existing.meta, ...definedOnly(init), updatedAt: stamp }
      : {
          ...definedOnly(init),
          version: 1,
          runId: init.runId,
          done: false,
          startedAt: init.startedAt ?? stamp,
          updatedAt: stamp,
          eventCount: 0,
          textLength: 0,
        };
    const eventsPath = this.eventsPath(init.runId);
    // Never through a link planted in the folder: ELOOP, and the run is not followed.
    const handle = await openNoFollow(eventsPath, APPEND_NO_FOLLOW);
    // A line cut by a crash must not swallow the next one: start on a fresh line.
    let size = (await stat(eventsPath)).size;
    if (size > 0) {
      const last = Buffer.alloc(1);
      const reader = await openNoFollow(eventsPath, READ_NO_FOLLOW);
      try {
        await reader.read(last, 0, 1, size - 1);
      } finally {
        await reader.close();
      }
      if (last[0] !== 0x0a) size += (await handle.write('\n')).bytesWritten;
    }
    const writer = new TranscriptWriter({
      handle,
      metaPath: join(folder, 'meta.json'),
      meta,
      clock: this.clock,
      now: this.now,
      flushIntervalMs: this.flushIntervalMs,
      bytes: { written: size, max: this.maxRunBytes, onWritten: this.onWritten },
    });
    await writer.flush(true);
    return { writer, existing };
  }

  /** Reads a run's transcript; undefined when there is none (or its meta is unreadable). */
  async read(runId: string): Promise<StoredTranscript | undefined> {
    const folder = this.folder(runId);
    const metaResult = await readJsonFile(join(folder, 'meta.json'), TranscriptMeta);
    if (metaResult.status !== 'ok' || metaResult.value.runId !== runId) return undefined;
    let raw = '';
    try {
      raw = await readFileNoFollow(this.eventsPath(runId));
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
    }
    const events: RunEvent[] = [];
    const positions: string[] = [];
    const text: string[] = [];
    let damagedLines = 0;
    for (const line of raw.split('\n')) {
      if (line.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        damagedLines += 1;
        continue;
      }
      const parsed = TranscriptLine.safeParse(value);
      if (!parsed.success) {
        damagedLines += 1;
        continue;
      }
      events.push(parsed.data.event);
      positions.push(parsed.data.pos);
      if (parsed.data.event.type === 'output') text.push(parsed.data.event.text);
    }
    return {
      meta: metaResult.value,
      events,
      positions,
      text: text.join(''),
      lastEventId: lastIdOf(positions) ?? metaResult.value.lastEventId,
      damagedLines,
    };
  }

  /** Every stored transcript's meta, newest first. Unreadable ones are skipped. */
  async list(): Promise<TranscriptMeta[]> {
    let names: string[];
    try {
      names = await readdir(this.root);
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return [];
      throw error;
    }
    const metas: TranscriptMeta[] = [];
    for (const name of names) {
      const result = await readJsonFile(join(this.root, name, 'meta.json'), TranscriptMeta);
      if (result.status === 'ok') metas.push(result.value);
    }
    return metas.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  }
}

function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

interface WriterInit {
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

  private schedule(): void {
    if (this.timer !== undefined) return;
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch(() => undefined);
    }, this.flushIntervalMs);
  }
}
