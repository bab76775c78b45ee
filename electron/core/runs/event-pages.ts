// A run's stored raw events a page at a time (`runs.events`), without parsing its whole
// transcript for each page: a long run has ~100,000 events (~10 MB of JSONL) and the panel asks
// for pages as the user scrolls and, while the run is live, for the new total twice a second.
//
// Per events.jsonl we keep the byte offset where each stored line starts, found by scanning the
// bytes for newlines (no JSON parse) and extended from the last newline seen as the writer
// appends. A page reads only the bytes of its lines and parses just those with the transcript's
// line schema. Only a few recently read runs keep an index, so memory stays bounded.
//
// Counting follows the file as written (see transcript-store.ts): blank lines are not events; a
// last line without its newline is not counted until it is complete (the writer may be in the
// middle of appending it); a damaged line elsewhere keeps its place and is returned as an `other`
// event saying what is wrong, so neither the page nor the indices after it shift.
import { open, type FileHandle } from 'node:fs/promises';
import { READ_NO_FOLLOW } from '../storage/private-files';
import { isNotFound } from '../storage/not-found';
import type { RunEventsPage } from '../../contract/runs';
import { AssistantError } from '../errors';
import { coreWords } from '../i18n/words';
import type { RunEvent } from '../stream/events';
import { TranscriptLine } from './transcript-store';

export interface EventPagesOptions {
  /** Where a run's events.jsonl is (transcript-store.ts decides the layout). */
  locate: (runId: string) => string;
  /** Runs whose line index is kept; the least recently read one is let go first. Default 4. */
  maxIndexed?: number;
  /** Bytes read per step while scanning for newlines. Default 256 KiB. */
  scanChunkBytes?: number;
}

/** The `name` of the `other` event that stands in for a stored line that cannot be read. */
export const UNREADABLE_LINE_EVENT = 'unreadable_line';

const NEWLINE = 0x0a;
const DEFAULT_MAX_INDEXED = 4;
const DEFAULT_SCAN_CHUNK = 256 * 1024;
/** How much of a damaged line is quoted in the event that replaces it. */
const EXCERPT_CHARS = 120;

interface LineIndex {
  /** Identity of the file indexed: a replaced file is indexed again from its start. */
  dev: number;
  ino: number;
  /** Byte offset of the start of each counted line, in order. */
  starts: number[];
  /** Where the next scan begins: just after the last newline seen. */
  scanned: number;
  /** Reads of one file run one at a time, so two of them never extend the index at once. */
  queue: Promise<unknown>;
}

export class EventPages {
  private readonly locate: (runId: string) => string;
  private readonly maxIndexed: number;
  private readonly scanChunkBytes: number;
  /** Map order is recency: the first entry is the least recently read. */
  private readonly indices = new Map<string, LineIndex>();

  constructor(options: EventPagesOptions) {
    this.locate = options.locate;
    this.maxIndexed = Math.max(1, options.maxIndexed ?? DEFAULT_MAX_INDEXED);
    this.scanChunkBytes = Math.max(1, options.scanChunkBytes ?? DEFAULT_SCAN_CHUNK);
  }

  /** The stored events `[offset, offset + limit)` of a run and how many are stored so far. */
  read(runId: string, offset: number, limit: number): Promise<RunEventsPage> {
    const path = this.locate(runId);
    const index = this.touch(path);
    const result = index.queue.then(() => this.readLocked(path, index, offset, limit));
    index.queue = result.catch(() => undefined);
    return result;
  }

  /** How many runs hold an index now (for tests of the memory bound). */
  get indexedCount(): number {
    return this.indices.size;
  }

  private touch(path: string): LineIndex {
    let index = this.indices.get(path);
    if (index) {
      this.indices.delete(path);
    } else {
      index = { dev: -1, ino: -1, starts: [], scanned: 0, queue: Promise.resolve() };
    }
    this.indices.set(path, index);
    return index;
  }

  /** Lets the least recently read indices go, once a file was found (a missing one costs none). */
  private trim(): void {
    for (const oldest of this.indices.keys()) {
      if (this.indices.size <= this.maxIndexed) break;
      this.indices.delete(oldest);
    }
  }

  private async readLocked(
    path: string,
    index: LineIndex,
    offset: number,
    limit: number,
  ): Promise<RunEventsPage> {
    let handle: FileHandle;
    try {
      handle = await open(path, READ_NO_FOLLOW);
    } catch (error) {
      if (isNotFound(error)) {
        if (this.indices.get(path) === index) this.indices.delete(path);
        return { recorded: false, total: 0, offset, events: [] };
      }
      throw unreadable(error);
    }
    this.trim();
    try {
      const info = await handle.stat();
      if (info.dev !== index.dev || info.ino !== index.ino || info.size < index.scanned) {
        index.dev = info.dev;
        index.ino = info.ino;
        index.starts = [];
        index.scanned = 0;
      }
      if (info.size > index.scanned) await this.extend(handle, index, info.size);
      const total = index.starts.length;
      const end = Math.min(total, offset + limit);
      const events = offset < end ? await readLines(handle, index, offset, end) : [];
      return { recorded: true, total, offset, events };
    } catch (error) {
      // A scan cut short may have counted part of the new lines: index from scratch next time.
      index.dev = -1;
      throw unreadable(error);
    } finally {
      await handle.close().catch(() => undefined);
    }
  }

  /** Scans `[index.scanned, size)` for newlines, recording where each non-blank line starts. */
  private async extend(handle: FileHandle, index: LineIndex, size: number): Promise<void> {
    const buffer = Buffer.allocUnsafe(Math.min(this.scanChunkBytes, size - index.scanned));
    let position = index.scanned;
    let lineStart = index.scanned;
    // Whether the line being scanned has shown a non-blank byte yet (a line may span chunks).
    let hasContent = false;
    while (position < size) {
      const want = Math.min(buffer.length, size - position);
      const { bytesRead } = await handle.read(buffer, 0, want, position);
      if (bytesRead === 0) break;
      const chunk = buffer.subarray(0, bytesRead);
      let from = 0;
      for (;;) {
        const newline = chunk.indexOf(NEWLINE, from);
        if (newline === -1) break;
        if (hasContent || !isBlank(chunk, from, newline)) index.starts.push(lineStart);
        lineStart = position + newline + 1;
        hasContent = false;
        from = newline + 1;
      }
      if (!hasContent && from < bytesRead) hasContent = !isBlank(chunk, from, bytesRead);
      position += bytesRead;
    }
    // The bytes after the last newline are an unfinished line: scanned again next time.
    index.scanned = lineStart;
  }
}

/** Reads and parses the counted lines `[first, end)` (both within the index). */
async function readLines(
  handle: FileHandle,
  index: LineIndex,
  first: number,
  end: number,
): Promise<RunEvent[]> {
  const from = index.starts[first] as number;
  const to = end < index.starts.length ? (index.starts[end] as number) : index.scanned;
  const bytes = Buffer.allocUnsafe(to - from);
  let filled = 0;
  while (filled < bytes.length) {
    const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, from + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  const events: RunEvent[] = [];
  let start = 0;
  const count = end - first;
  while (events.length < count && start < filled) {
    let newline = bytes.indexOf(NEWLINE, start);
    if (newline === -1 || newline >= filled) newline = filled;
    if (!isBlank(bytes, start, newline)) {
      events.push(parseLine(bytes.toString('utf8', start, newline), first + events.length));
    }
    start = newline + 1;
  }
  // Only a file cut shorter under us (not something the append-only writer does) gets here.
  while (events.length < count) {
    events.push(unreadableEvent(first + events.length, 'the line is missing', ''));
  }
  return events;
}

function parseLine(text: string, index: number): RunEvent {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return unreadableEvent(index, 'not valid JSON', text);
  }
  const parsed = TranscriptLine.safeParse(value);
  if (parsed.success) return parsed.data.event;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return unreadableEvent(index, `${where}${issue?.message ?? 'unexpected shape'}`, text);
}

function unreadableEvent(index: number, reason: string, text: string): RunEvent {
  const excerpt = text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
  return {
    type: 'other',
    name: UNREADABLE_LINE_EVENT,
    data: `Stored event ${index + 1} could not be read (${reason})${excerpt ? `: ${excerpt}` : '.'}`,
  };
}

/** True when `bytes[from, to)` holds only JSON whitespace other than newlines. */
function isBlank(bytes: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i += 1) {
    const byte = bytes[i];
    if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0d) return false;
  }
  return true;
}

function unreadable(error: unknown): AssistantError {
  if (error instanceof AssistantError) return error;
  return new AssistantError({
    kind: 'internal',
    code: 'transcript_unreadable',
    message: coreWords().t('errors.run.eventsUnreadable'),
    retryable: true,
    cause: error,
  });
}
