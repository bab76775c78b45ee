// Pages of a run's stored events read from real files: the index of line starts grows with the
// file, an unfinished last line waits until it is complete, a damaged line keeps its place as an
// `other` event, offsets past the end are empty, and only a few runs keep an index.
import { appendFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventPages, UNREADABLE_LINE_EVENT } from '../../../../electron/core/runs/event-pages';
import { TranscriptStore } from '../../../../electron/core/runs/transcript-store';
import type { RunEvent } from '../../../../electron/core/stream/events';

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'assistant-event-pages-'));
}

/** EventPages over `<dir>/<runId>.jsonl`, so tests write the files directly. */
function pagesIn(dir: string, options: { maxIndexed?: number; scanChunkBytes?: number } = {}) {
  return new EventPages({ locate: (runId) => join(dir, `${runId}.jsonl`), ...options });
}

function line(event: RunEvent, pos: string): string {
  return `${JSON.stringify({ pos, event })}\n`;
}

const delta = (i: number): RunEvent => ({ type: 'output', text: `t${i} `, eventId: String(i) });
const deltas = (from: number, to: number): string =>
  Array.from({ length: to - from }, (_, k) => line(delta(from + k), String(from + k))).join('');

/** Every stored event through pages of `size`. */
async function readAll(pages: EventPages, runId: string, size: number): Promise<RunEvent[]> {
  const first = await pages.read(runId, 0, size);
  const events = [...first.events];
  while (events.length < first.total) {
    const page = await pages.read(runId, events.length, size);
    if (page.events.length === 0) break;
    events.push(...page.events);
  }
  return events;
}

describe('pages of stored run events', () => {
  it('counts and pages events as the file grows', async () => {
    const dir = await tempDir();
    const pages = pagesIn(dir, { scanChunkBytes: 64 });
    const path = join(dir, 'run_1.jsonl');
    await writeFile(path, deltas(0, 10));

    const first = await pages.read('run_1', 0, 4);
    expect(first).toEqual({
      recorded: true,
      total: 10,
      offset: 0,
      events: [delta(0), delta(1), delta(2), delta(3)],
    });

    await appendFile(path, deltas(10, 25));
    const grown = await pages.read('run_1', 8, 5);
    expect(grown.total).toBe(25);
    expect(grown.events).toEqual([8, 9, 10, 11, 12].map(delta));

    await appendFile(path, deltas(25, 26));
    const last = await pages.read('run_1', 20, 500);
    expect(last).toMatchObject({ total: 26, offset: 20 });
    expect(last.events).toEqual([20, 21, 22, 23, 24, 25].map(delta));
    await rm(dir, { recursive: true, force: true });
  });

  it('does not count a last line until its newline is written', async () => {
    const dir = await tempDir();
    const pages = pagesIn(dir);
    const path = join(dir, 'run_partial.jsonl');
    const whole = line({ type: 'output', text: 'é🙂 cut in the middle', eventId: '3' }, '3');
    await writeFile(path, deltas(0, 3) + whole.slice(0, 25));

    expect(await pages.read('run_partial', 0, 10)).toMatchObject({ total: 3 });
    expect((await pages.read('run_partial', 3, 10)).events).toEqual([]);

    // Still no newline: still not counted, however much of it is there.
    await appendFile(path, whole.slice(25, -1));
    expect((await pages.read('run_partial', 0, 10)).total).toBe(3);

    await appendFile(path, '\n');
    const done = await pages.read('run_partial', 2, 10);
    expect(done.total).toBe(4);
    expect(done.events).toEqual([
      delta(2),
      { type: 'output', text: 'é🙂 cut in the middle', eventId: '3' },
    ]);
    await rm(dir, { recursive: true, force: true });
  });

  it('returns a damaged line in the middle as an `other` event in its place', async () => {
    const dir = await tempDir();
    const pages = pagesIn(dir);
    const path = join(dir, 'run_damaged.jsonl');
    await writeFile(
      path,
      deltas(0, 2) +
        '{"pos":"2","event":{"type":"output","te\n' +
        '{"pos":"3","event":{"type":"output"}}\n' +
        deltas(4, 6),
    );

    const page = await pages.read('run_damaged', 0, 10);
    expect(page.total).toBe(6);
    expect(page.events[0]).toEqual(delta(0));
    expect(page.events[1]).toEqual(delta(1));
    expect(page.events[2]).toMatchObject({ type: 'other', name: UNREADABLE_LINE_EVENT });
    expect(page.events[2]).toHaveProperty('data', expect.stringMatching(/^Stored event 3 .*JSON/));
    expect(page.events[3]).toMatchObject({ type: 'other', name: UNREADABLE_LINE_EVENT });
    expect(page.events[3]).toHaveProperty('data', expect.stringContaining('event.text'));
    // The lines after it keep their indices.
    expect(page.events.slice(4)).toEqual([delta(4), delta(5)]);
    expect((await pages.read('run_damaged', 5, 1)).events).toEqual([delta(5)]);
    await rm(dir, { recursive: true, force: true });
  });

  it('skips blank lines, as the writer leaves one after a line cut by a crash', async () => {
    const dir = await tempDir();
    const store = new TranscriptStore({ dataDir: dir, flushIntervalMs: 5 });
    const pages = new EventPages({ locate: (runId) => join(store.root, runId, 'events.jsonl') });
    const { writer } = await store.open({ runId: 'run_crash' });
    writer.append(delta(0), '0');
    await writer.close();
    await appendFile(join(store.root, 'run_crash', 'events.jsonl'), '{"pos":"1","ev');
    const { writer: again } = await store.open({ runId: 'run_crash' });
    again.append(delta(1), '1');
    await again.close();
    await appendFile(join(store.root, 'run_crash', 'events.jsonl'), '\n  \r\n');

    const page = await pages.read('run_crash', 0, 10);
    expect(page.total).toBe(3);
    expect(page.events[0]).toEqual(delta(0));
    expect(page.events[1]).toMatchObject({ type: 'other', name: UNREADABLE_LINE_EVENT });
    expect(page.events[2]).toEqual(delta(1));
    await rm(dir, { recursive: true, force: true });
  });

  it('answers an offset at or past the end with no events and the total', async () => {
    const dir = await tempDir();
    const pages = pagesIn(dir);
    await writeFile(join(dir, 'run_end.jsonl'), deltas(0, 5));
    expect(await pages.read('run_end', 5, 10)).toEqual({
      recorded: true,
      total: 5,
      offset: 5,
      events: [],
    });
    expect(await pages.read('run_end', 1_000, 500)).toEqual({
      recorded: true,
      total: 5,
      offset: 1_000,
      events: [],
    });
    await writeFile(join(dir, 'run_empty.jsonl'), '');
    expect(await pages.read('run_empty', 0, 10)).toEqual({
      recorded: true,
      total: 0,
      offset: 0,
      events: [],
    });
    await rm(dir, { recursive: true, force: true });
  });

  it('says when nothing was recorded for a run', async () => {
    const dir = await tempDir();
    const pages = pagesIn(dir);
    expect(await pages.read('run_elsewhere', 0, 10)).toEqual({
      recorded: false,
      total: 0,
      offset: 0,
      events: [],
    });
    expect(pages.indexedCount).toBe(0);
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps an index for a few recently read runs only, and re-indexes the others on demand', async () => {
    const dir = await tempDir();
    const pages = pagesIn(dir, { maxIndexed: 2 });
    for (const runId of ['a', 'b', 'c']) await writeFile(join(dir, `${runId}.jsonl`), deltas(0, 3));
    await pages.read('a', 0, 1);
    await pages.read('b', 0, 1);
    expect(pages.indexedCount).toBe(2);
    // Asking about a run with nothing stored lets no index go.
    expect((await pages.read('nothing', 0, 1)).recorded).toBe(false);
    expect(pages.indexedCount).toBe(2);
    await pages.read('c', 0, 1);
    expect(pages.indexedCount).toBe(2);
    // `a` was let go; it is read again from scratch, with what was appended since.
    await appendFile(join(dir, 'a.jsonl'), deltas(3, 4));
    expect(await pages.read('a', 2, 10)).toMatchObject({ total: 4, events: [delta(2), delta(3)] });
    expect(pages.indexedCount).toBe(2);
    await rm(dir, { recursive: true, force: true });
  });

  it('indexes a replaced or shortened file again instead of reading stale offsets', async () => {
    const dir = await tempDir();
    const pages = pagesIn(dir);
    const path = join(dir, 'run_r.jsonl');
    await writeFile(path, deltas(0, 6));
    expect((await pages.read('run_r', 0, 1)).total).toBe(6);
    await rm(path);
    await writeFile(path, deltas(100, 102));
    expect(await pages.read('run_r', 0, 10)).toMatchObject({
      total: 2,
      events: [delta(100), delta(101)],
    });
    await rm(path);
    expect((await pages.read('run_r', 0, 10)).recorded).toBe(false);
    await rm(dir, { recursive: true, force: true });
  });

  it('serves the same events as reading the whole transcript, however the file grows', async () => {
    const dir = await tempDir();
    await mkdir(dir, { recursive: true });
    const item = fc.oneof(
      fc.record({ type: fc.constant('output' as const), text: fc.string({ maxLength: 12 }) }),
      fc.record({ type: fc.constant('status' as const), status: fc.constantFrom('running', 'x') }),
      fc.record({
        type: fc.constant('other' as const),
        name: fc.string({ minLength: 1, maxLength: 5 }),
        data: fc.string({ maxLength: 30 }),
      }),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(item, { maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.integer({ min: 1, max: 97 }),
        fc.integer({ min: 1, max: 13 }),
        async (events, cuts, chunk, size) => {
          run += 1;
          const runId = `run_${run}`;
          const path = join(dir, `${runId}.jsonl`);
          const text = events.map((event, i) => line(event as RunEvent, String(i))).join('');
          const pages = pagesIn(dir, { scanChunkBytes: chunk });
          // Append the file in pieces cut anywhere (mid-line, mid-character), reading between.
          const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort(
            (a, b) => a - b,
          );
          const bytes = Buffer.from(text);
          let written = 0;
          await writeFile(path, '');
          for (const point of [...points.map((p) => Math.min(p, bytes.length)), bytes.length]) {
            if (point <= written) continue;
            await appendFile(path, bytes.subarray(written, point));
            written = point;
            const complete = bytes.subarray(0, written).toString('utf8').split('\n').length - 1;
            expect((await pages.read(runId, 0, 1)).total).toBe(complete);
          }
          expect(await readAll(pages, runId, size)).toEqual(events);
        },
      ),
      { numRuns: 60 },
    );
    await rm(dir, { recursive: true, force: true });
  });
});
