import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RunUpdate } from '../../../../electron/contract/runs';
import {
  DEFAULT_HOLD_BELOW_CHARS,
  DEFAULT_MAX_HOLD_MS,
  UpdateCoalescer,
} from '../../../../electron/core/runs/coalescer';
import { FakeClock } from '../../../support/fake-clock';

function setup(intervalMs = 16) {
  const clock = new FakeClock();
  const updates: Array<RunUpdate & { at: number }> = [];
  /** The runs of each emitted batch, in order. */
  const flushes: string[][] = [];
  const coalescer = new UpdateCoalescer({
    intervalMs,
    clock,
    emit: (batch) => {
      flushes.push(batch.map((update) => update.runId));
      for (const update of batch) updates.push({ ...update, at: clock.now() });
    },
  });
  return { clock, updates, flushes, coalescer };
}

describe('coalescing run updates per frame interval', () => {
  it('turns a burst of tokens into one batch with the text concatenated', () => {
    const { clock, updates, coalescer } = setup();
    for (const token of ['Hel', 'lo', ', ', 'wor', 'ld']) coalescer.text('r1', token);
    expect(updates).toHaveLength(0);
    clock.advance(0);
    expect(updates).toEqual([
      // Nothing but the text: no empty lists, no `done: false`.
      { runId: 'r1', seq: 1, textAppended: 'Hello, world', at: 0 },
    ]);
  });

  it('sends at most one batch per run per interval, with increasing seq', () => {
    const { clock, updates, coalescer } = setup(16);
    for (let ms = 0; ms < 100; ms += 1) {
      coalescer.text('r1', 'x');
      if (ms % 3 === 0) coalescer.text('r2', 'y');
      clock.advance(1);
    }
    // Two runs of a little text each: the last frame may wait for company, up to the hold.
    clock.advance(DEFAULT_MAX_HOLD_MS);
    for (const runId of ['r1', 'r2']) {
      const batches = updates.filter((u) => u.runId === runId);
      expect(batches.map((u) => u.seq)).toEqual(batches.map((_, i) => i + 1));
      for (let i = 1; i < batches.length; i += 1) {
        expect(
          (batches[i] as { at: number }).at - (batches[i - 1] as { at: number }).at,
        ).toBeGreaterThanOrEqual(16);
      }
    }
    expect(
      updates
        .filter((u) => u.runId === 'r1')
        .map((u) => u.textAppended)
        .join(''),
    ).toBe('x'.repeat(100));
    expect(
      updates
        .filter((u) => u.runId === 'r2')
        .map((u) => u.textAppended)
        .join(''),
    ).toBe('y'.repeat(34));
  });

  it("sends every run's batch of an interval together: one emit per interval for ten runs", () => {
    const { clock, flushes, updates, coalescer } = setup(16);
    const runs = Array.from({ length: 10 }, (_, i) => `r${i}`);
    for (let ms = 0; ms < 160; ms += 1) {
      // Each run's tokens arrive on their own schedule, as ten streams do.
      for (const [i, runId] of runs.entries()) if ((ms + i) % 2 === 0) coalescer.text(runId, 't');
      clock.advance(1);
    }
    clock.advance(DEFAULT_MAX_HOLD_MS);
    expect(flushes.length).toBeLessThanOrEqual(Math.ceil((160 + DEFAULT_MAX_HOLD_MS) / 16) + 1);
    for (const batch of flushes) expect(new Set(batch).size).toBe(batch.length);
    expect(flushes.some((batch) => batch.length === 10)).toBe(true);
    for (const runId of runs) {
      const mine = updates.filter((u) => u.runId === runId);
      expect(mine.map((u) => u.seq)).toEqual(mine.map((_, i) => i + 1));
      expect(mine.map((u) => u.textAppended).join('')).toBe('t'.repeat(80));
    }
  });

  it('keeps statuses and raw events in arrival order and marks the end', () => {
    const { clock, updates, coalescer } = setup();
    coalescer.status('r1', 'running');
    coalescer.text('r1', 'a');
    coalescer.event('r1', { type: 'other', name: 'tool_call', data: '{}' });
    coalescer.stream('r1', 'retrying');
    coalescer.stream('r1', 'open');
    coalescer.event('r1', { type: 'final', status: 'succeeded', usage: { outputTokens: 3 } });
    coalescer.status('r1', 'succeeded');
    coalescer.done('r1', { usage: { outputTokens: 3 } });
    clock.advance(16);
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({
      seq: 1,
      textAppended: 'a',
      statuses: ['running', 'succeeded'],
      events: [
        { type: 'other', name: 'tool_call', data: '{}' },
        { type: 'final', status: 'succeeded', usage: { outputTokens: 3 } },
      ],
      stream: 'open',
      done: true,
      usage: { outputTokens: 3 },
    });
  });

  it('has no timer while idle', () => {
    const { clock, coalescer } = setup();
    coalescer.text('r1', 'a');
    clock.advance(100);
    expect(clock.pending).toBe(0);
  });

  it('delivers exactly the pushed text whatever the timing (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ unit: 'grapheme', maxLength: 5 }), fc.nat({ max: 40 })), {
          maxLength: 200,
        }),
        fc.integer({ min: 1, max: 50 }),
        (pushes, interval) => {
          const { clock, updates, coalescer } = setup(interval);
          for (const [text, wait] of pushes) {
            coalescer.text('r', text);
            clock.advance(wait);
          }
          clock.advance(interval);
          expect(updates.map((u) => u.textAppended).join('')).toBe(pushes.map(([t]) => t).join(''));
          for (let i = 1; i < updates.length; i += 1) {
            expect(
              (updates[i] as { at: number }).at - (updates[i - 1] as { at: number }).at,
            ).toBeGreaterThanOrEqual(interval);
            expect((updates[i] as { seq: number }).seq).toBe(
              (updates[i - 1] as { seq: number }).seq + 1,
            );
          }
        },
      ),
    );
  });

  it('never holds a single run: its reader gets every frame', () => {
    const { clock, updates, coalescer } = setup(16);
    for (let frame = 0; frame < 5; frame += 1) {
      coalescer.text('r1', 'a');
      clock.advance(16);
    }
    expect(updates.map((u) => u.at)).toEqual([0, 16, 32, 48, 64]);
  });

  it('lets a frame of several runs with a little text each wait, together, up to the hold', () => {
    const { clock, flushes, updates, coalescer } = setup(16);
    const runs = ['r1', 'r2', 'r3'];
    // About 160 characters a frame per run, as at 2,000 tokens/s.
    for (let ms = 0; ms < 320; ms += 4) {
      for (const runId of runs) coalescer.text(runId, 'word word ');
      clock.advance(4);
    }
    clock.advance(DEFAULT_MAX_HOLD_MS);
    // Every batch carries all three runs, and none carries less than the hold allows to wait.
    for (const batch of flushes) expect(batch).toEqual(runs);
    expect(flushes.length).toBeLessThan(320 / 16);
    for (const runId of runs) {
      const mine = updates.filter((u) => u.runId === runId);
      expect(mine.map((u) => u.textAppended).join('')).toBe('word word '.repeat(80));
      for (let i = 1; i < mine.length; i += 1) {
        const gap = (mine[i] as { at: number }).at - (mine[i - 1] as { at: number }).at;
        expect(gap).toBeLessThanOrEqual(DEFAULT_MAX_HOLD_MS + 16);
      }
    }
  });

  it('holds no frame that carries more than a little text, a status, an event or the end', () => {
    const { clock, updates, coalescer } = setup(16);
    coalescer.text('r1', 'x'.repeat(DEFAULT_HOLD_BELOW_CHARS));
    coalescer.text('r2', 'y');
    clock.advance(0);
    expect(updates.map((u) => u.runId)).toEqual(['r1', 'r2']);

    for (const change of [
      (c: UpdateCoalescer) => c.status('r2', 'running'),
      (c: UpdateCoalescer) => c.event('r2', { type: 'other', name: 'tool_call', data: '{}' }),
      (c: UpdateCoalescer) => c.stream('r2', 'retrying'),
      (c: UpdateCoalescer) => c.done('r2'),
    ]) {
      updates.length = 0;
      clock.advance(16);
      coalescer.text('r1', 'a');
      change(coalescer);
      clock.advance(16);
      expect(updates.map((u) => u.runId)).toEqual(['r1', 'r2']);
    }
  });

  it('tells how much text, and whether the end, is not yet in a batch', () => {
    const { clock, coalescer } = setup(16);
    coalescer.text('r1', 'abc');
    coalescer.text('r2', 'de');
    expect(coalescer.unsentTextLength('r1')).toBe(3);
    coalescer.done('r2');
    expect(coalescer.endUnsent('r2')).toBe(true);
    expect(coalescer.endUnsent('r1')).toBe(false);
    clock.advance(16);
    expect(coalescer.unsentTextLength('r1')).toBe(0);
    expect(coalescer.endUnsent('r2')).toBe(false);
  });
});
