import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  TranscriptStore,
  lastIdOf,
  runFolderName,
} from '../../../../electron/core/runs/transcript-store';
import type { RunEvent } from '../../../../electron/core/stream/events';

async function store(flushIntervalMs = 5): Promise<TranscriptStore> {
  const dataDir = await mkdtemp(join(tmpdir(), 'assistant-transcripts-'));
  return new TranscriptStore({ dataDir, flushIntervalMs });
}

const events: Array<[RunEvent, string]> = [
  [{ type: 'status', status: 'running', eventId: '1' }, '1'],
  [{ type: 'output', text: 'Bonjour ', eventId: '2' }, '2'],
  [{ type: 'output', text: 'le monde 🙂\n' }, '\u00002#1'],
  [{ type: 'other', name: 'tool_call', data: '{"tool":"crm"}', eventId: '3' }, '3'],
  [
    {
      type: 'final',
      status: 'succeeded',
      usage: { inputTokens: 3, outputTokens: 5 },
      eventId: '4',
    },
    '4',
  ],
];

describe('run transcripts on disk', () => {
  it('round-trips events, text, positions and meta', async () => {
    const transcripts = await store();
    const { writer, existing } = await transcripts.open({
      runId: 'run_1',
      agentId: 'sales.deal_summary',
      dealId: '6f1c2d3e-0000-4000-8000-000000000001',
      message: 'Summarise',
      context: { region: 'EU' },
    });
    expect(existing).toBeUndefined();
    for (const [event, position] of events) writer.append(event, position);
    writer.update({ status: 'succeeded', done: true, usage: { inputTokens: 3, outputTokens: 5 } });
    await writer.close();

    const read = await transcripts.read('run_1');
    expect(read?.events).toEqual(events.map(([event]) => event));
    expect(read?.positions).toEqual(events.map(([, position]) => position));
    expect(read?.text).toBe('Bonjour le monde 🙂\n');
    expect(read?.lastEventId).toBe('4');
    expect(read?.damagedLines).toBe(0);
    expect(read?.meta).toMatchObject({
      runId: 'run_1',
      agentId: 'sales.deal_summary',
      message: 'Summarise',
      context: { region: 'EU' },
      status: 'succeeded',
      done: true,
      eventCount: 5,
      textLength: 'Bonjour le monde 🙂\n'.length,
    });
    expect((await transcripts.list()).map((meta) => meta.runId)).toEqual(['run_1']);
  });

  it('writes events in batches, not one write per token', async () => {
    const transcripts = await store(60_000);
    const { writer } = await transcripts.open({ runId: 'run_batch' });
    for (let i = 0; i < 1000; i += 1) writer.append({ type: 'output', text: 't' }, String(i));
    // Nothing has been written yet: the lines wait for the flush interval.
    const path = join(transcripts.root, 'run_batch', 'events.jsonl');
    expect(await readFile(path, 'utf8')).toBe('');
    await writer.flush();
    expect((await readFile(path, 'utf8')).split('\n').filter(Boolean)).toHaveLength(1000);
    await writer.close();
  });

  it('stays readable after a crash cut the last line, and continues on a fresh line', async () => {
    const transcripts = await store();
    const { writer } = await transcripts.open({ runId: 'run_crash' });
    writer.append({ type: 'output', text: 'kept', eventId: '1' }, '1');
    await writer.close();
    const path = join(transcripts.root, 'run_crash', 'events.jsonl');
    // The process died in the middle of writing the next line.
    await appendFile(path, '{"pos":"2","event":{"type":"output","te');

    const afterCrash = await transcripts.read('run_crash');
    expect(afterCrash?.text).toBe('kept');
    expect(afterCrash?.damagedLines).toBe(1);
    expect(afterCrash?.lastEventId).toBe('1');

    const { writer: again, existing } = await transcripts.open({ runId: 'run_crash' });
    expect(existing?.text).toBe('kept');
    again.append({ type: 'output', text: ' and more', eventId: '2' }, '2');
    await again.close();
    const resumed = await transcripts.read('run_crash');
    expect(resumed?.text).toBe('kept and more');
    expect(resumed?.damagedLines).toBe(1);
  });

  it('writes the meta again at the next flush when a write of it failed', async () => {
    const transcripts = await store();
    const { writer } = await transcripts.open({ runId: 'run_held' });
    const metaPath = join(transcripts.root, 'run_held', 'meta.json');
    // Something else holds the meta's place (as another program can on Windows): the move of
    // the new meta over it fails.
    await rm(metaPath);
    await mkdir(join(metaPath, 'held'), { recursive: true });
    writer.append({ type: 'output', text: 'done', eventId: '1' }, '1');
    writer.update({ status: 'succeeded', done: true });
    await expect(writer.flush()).rejects.toThrow();
    await rm(metaPath, { recursive: true });

    await vi.waitFor(async () => {
      const read = await transcripts.read('run_held');
      expect(read?.meta).toMatchObject({ status: 'succeeded', done: true, eventCount: 1 });
    });
    await writer.close();
    expect((await transcripts.read('run_held'))?.text).toBe('done');
  });

  it('sets a damaged meta file aside instead of failing', async () => {
    const transcripts = await store();
    const { writer } = await transcripts.open({ runId: 'run_meta' });
    await writer.close();
    await writeFile(join(transcripts.root, 'run_meta', 'meta.json'), '{"version":1,');
    expect(await transcripts.read('run_meta')).toBeUndefined();
    const files = await readdir(join(transcripts.root, 'run_meta'));
    expect(files.some((name) => name.startsWith('meta.json.corrupt-'))).toBe(true);
  });

  it('keeps odd run ids out of the file system paths', () => {
    expect(runFolderName('run_abc-1.2')).toBe('run_abc-1.2');
    expect(runFolderName('../../etc')).toMatch(/^h-[0-9a-f]{40}$/);
    expect(runFolderName('..')).toMatch(/^h-/);
    expect(runFolderName('a/b')).toMatch(/^h-/);
  });

  it('finds the last event id from positions', () => {
    expect(lastIdOf(['1', '\u00001#1', '\u00001#2'])).toBe('1');
    expect(lastIdOf(['\u0000#1'])).toBeUndefined();
    expect(lastIdOf(['a#b', '\u0000a#b#3'])).toBe('a#b');
    expect(lastIdOf(['7', '\u0000synthetic:record-final'])).toBe('7');
  });
});
