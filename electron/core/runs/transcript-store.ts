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
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { RunEventSchema, type RunEvent } from '../stream/events';
import { readJsonFile } from '../storage/json-file';
import { isNotFound } from '../storage/not-found';
import {
  APPEND_NO_FOLLOW,
  READ_NO_FOLLOW,
  makePrivateDir,
  openNoFollow,
  readFileNoFollow,
} from '../storage/private-files';
import { systemClock, type Clock } from '../clock';
import { anchorOf } from '../stream/positions';
import { DEFAULT_ANSWER_LIMITS } from '../limits';
import { TranscriptMeta } from './transcript-meta';
import { definedOnly, TranscriptWriter } from './transcript-writer';

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
    try {
      await writer.flush(true);
    } catch (error) {
      // Not started: no retry of its meta later, and the file is not left open.
      await writer.discard().catch(() => undefined);
      throw error;
    }
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
      if (!isNotFound(error)) throw error;
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
      if (isNotFound(error)) return [];
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
