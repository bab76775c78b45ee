import { describe, expect, it } from 'vitest';
import type { RunUpdate } from '../../../../electron/contract';
import { RunOutput } from '../../../../src/lib/runOutput';
import { blocksOf } from '../../../../src/lib/runOutputBlocks';

function manualFrames() {
  const queue: (() => void)[] = [];
  return {
    schedule: (cb: () => void) => queue.push(cb),
    flush: () => queue.splice(0).forEach((cb) => cb()),
    pending: () => queue.length,
  };
}

function update(seq: number, text: string, extra: Partial<RunUpdate> = {}): RunUpdate {
  return { runId: 'r1', seq, textAppended: text, statuses: [], events: [], done: false, ...extra };
}

describe('RunOutput', () => {
  it('tells subscribers once per frame however many batches arrive', () => {
    const frames = manualFrames();
    const output = new RunOutput('r1', frames.schedule);
    let calls = 0;
    output.subscribe(() => (calls += 1));
    for (let i = 1; i <= 50; i += 1) output.apply(update(i, `t${i} `));
    expect(frames.pending()).toBe(1);
    expect(calls).toBe(0);
    frames.flush();
    expect(calls).toBe(1);
    expect(output.getSnapshot().chunkCount).toBe(50);
    expect(output.text()).toMatch(/^t1 t2 .* t50 $/);
  });

  it('ignores batches already seen and reports a gap without dropping text', () => {
    const frames = manualFrames();
    const output = new RunOutput('r1', frames.schedule);
    expect(output.apply(update(1, 'a'))).toBe('applied');
    expect(output.apply(update(1, 'a'))).toBe('duplicate');
    expect(output.apply(update(3, 'c'))).toBe('gap');
    expect(output.text()).toBe('ac');
    expect(output.seq).toBe(3);
  });

  it('tells subscribers of a batch without text too (a status, an unknown event)', () => {
    const frames = manualFrames();
    const output = new RunOutput('r1', frames.schedule);
    let told = 0;
    output.subscribe(() => (told += 1));
    output.apply(
      update(1, '', { events: [{ type: 'other', name: 'thinking', data: '{"step":1}' }] }),
    );
    frames.flush();
    expect(told).toBe(1);
    expect(output.getSnapshot().version).toBe(1);
  });

  it('a reset from a snapshot replaces the text and later batches continue from its seq', () => {
    const frames = manualFrames();
    const output = new RunOutput('r1', frames.schedule);
    output.apply(update(1, 'old'));
    output.reset('Hello ', 5);
    expect(output.apply(update(5, 'dup'))).toBe('duplicate');
    expect(output.apply(update(6, 'world'))).toBe('applied');
    expect(output.text()).toBe('Hello world');
  });
});

describe('blocksOf', () => {
  it('splits the streamed text into blocks, incrementally and across resets', () => {
    const frames = manualFrames();
    const output = new RunOutput('r1', frames.schedule);
    const source = blocksOf(output);
    output.apply(update(1, '# Title\n\nFirst'));
    frames.flush();
    let snap = source.getSnapshot();
    expect(snap.finished.slice(0, snap.finishedCount).map((b) => b.type)).toEqual(['heading']);
    expect(snap.tail.map((b) => b.raw)).toEqual(['First']);
    const heading = snap.finished[0];

    output.apply(update(2, ' paragraph\n\n- item'));
    frames.flush();
    snap = source.getSnapshot();
    expect(snap.finished[0]).toBe(heading);
    expect(snap.finishedCount).toBe(2);
    expect(source.getSnapshot()).toBe(snap);

    output.reset('Only this', 10);
    frames.flush();
    snap = source.getSnapshot();
    expect(snap.finishedCount).toBe(0);
    expect(snap.tail.map((b) => b.raw)).toEqual(['Only this']);
  });

  // A batch can land between a frame's publish and the render that reads it (a busy renderer:
  // the desktop tray journey showed "Deal coach: coach: Contoso…"). Its text is in the blocks of
  // that render and must not be taken again at the next frame.
  it('takes a batch that arrived after the frame was published once, not twice', () => {
    const frames = manualFrames();
    const output = new RunOutput('r1', frames.schedule);
    const source = blocksOf(output);
    const raw = () => {
      const snap = source.getSnapshot();
      return [...snap.finished.slice(0, snap.finishedCount), ...snap.tail]
        .map((b) => b.raw)
        .join('');
    };
    output.apply(update(1, '# Deal'));
    frames.flush();
    output.apply(update(2, ' coach:'));
    expect(raw()).toBe('# Deal coach:');
    output.apply(update(3, ' Contoso'));
    frames.flush();
    expect(raw()).toBe('# Deal coach: Contoso');

    // The same after a reset: the snapshot's text, then what follows it, once each.
    output.reset('# Deal coach: Contoso', 3);
    output.apply(update(4, ' Pharma'));
    frames.flush();
    output.apply(update(5, 'ceuticals'));
    expect(raw()).toBe('# Deal coach: Contoso Pharmaceuticals');
    frames.flush();
    expect(raw()).toBe('# Deal coach: Contoso Pharmaceuticals');
    expect(output.text()).toBe('# Deal coach: Contoso Pharmaceuticals');
  });
});
