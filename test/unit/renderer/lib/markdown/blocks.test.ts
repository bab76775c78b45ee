import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BlockSplitter, splitBlocks } from '../../../../../src/lib/markdown/blocks';

function feed(text: string, sizes: number[]): BlockSplitter {
  const s = new BlockSplitter();
  let at = 0;
  let i = 0;
  while (at < text.length) {
    const n = Math.max(1, sizes[i % sizes.length] ?? 1);
    s.append(text.slice(at, at + n));
    s.snapshot();
    at += n;
    i += 1;
  }
  return s;
}

function types(blocks: readonly { type: string; raw: string }[]): string[] {
  return blocks.map((b) => `${b.type}:${b.raw.trimEnd()}`);
}

describe('BlockSplitter', () => {
  it('commits a block once the next one starts and keeps the tail open', () => {
    const s = new BlockSplitter();
    s.append('# Title\n\nFirst para');
    let snap = s.snapshot();
    expect(types(snap.finished.slice(0, snap.finishedCount))).toEqual(['heading:# Title']);
    expect(types(snap.tail)).toEqual(['paragraph:First para']);

    s.append('graph goes on\n\n- one');
    snap = s.snapshot();
    expect(types(snap.finished.slice(0, snap.finishedCount))).toEqual([
      'heading:# Title',
      'paragraph:First paragraph goes on',
    ]);
    expect(types(snap.tail)).toEqual(['list:- one']);
  });

  it('never changes a finished block: token objects keep their identity', () => {
    const s = new BlockSplitter();
    s.append('Para one.\n\nPara two.\n\n');
    const first = s.snapshot();
    const kept = first.finished.slice(0, first.finishedCount);
    s.append('```js\nconst x = 1;\n');
    s.snapshot();
    s.append('```\n\nDone.');
    const later = s.snapshot();
    kept.forEach((block, i) => expect(later.finished[i]).toBe(block));
    expect(later.finishedCount).toBeGreaterThan(first.finishedCount);
  });

  it('keeps a list open across a blank line, so a later item joins the same list', () => {
    const s = new BlockSplitter();
    s.append('- a\n\n');
    expect(s.snapshot().finishedCount).toBe(0);
    s.append('- b\n\nAfter.');
    const snap = s.snapshot();
    const lists = snap.finished.slice(0, snap.finishedCount).filter((b) => b.type === 'list');
    expect(lists).toHaveLength(1);
    expect(lists[0]?.raw).toContain('- b');
  });

  it('an unclosed code fence stays one open block until it is closed', () => {
    const s = new BlockSplitter();
    s.append('```\nline 1\n\nline 2\n');
    let snap = s.snapshot();
    expect(snap.finishedCount).toBe(0);
    expect(snap.tail.map((b) => b.type)).toEqual(['code']);
    s.append('```\nafter');
    snap = s.snapshot();
    expect(snap.finished.slice(0, snap.finishedCount).map((b) => b.type)).toEqual(['code']);
  });

  it('joins a CRLF split across two chunks', () => {
    const s = new BlockSplitter();
    s.append('a\r');
    s.append('\n\r\nb');
    expect(s.length).toBe('a\n\nb'.length);
    const snap = s.snapshot();
    expect(types([...snap.finished.slice(0, snap.finishedCount), ...snap.tail])).toEqual([
      'paragraph:a',
      'paragraph:b',
    ]);
  });

  it('gives the same blocks whatever the chunking (property)', () => {
    const doc = [
      '# Plan for Acme',
      '',
      'Intro with **bold**, `code` and a [link](https://example.com).',
      '',
      '1. first',
      '2. second',
      '',
      '> quoted',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      '```ts',
      'const a = 1;',
      '```',
      '',
      'Closing words.',
      '',
    ].join('\n');
    const whole = types(splitBlocks(doc));
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 20 }),
        (sizes) => {
          const snap = feed(doc, sizes).snapshot();
          const got = types([...snap.finished.slice(0, snap.finishedCount), ...snap.tail]);
          expect(got).toEqual(whole);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('lexes only the tail: the tail stays small however long the answer grows', () => {
    const s = new BlockSplitter();
    for (let i = 0; i < 2000; i += 1) {
      s.append(`Paragraph ${i} with some words in it.\n\n`);
      if (i % 50 === 0) s.snapshot();
    }
    const snap = s.snapshot();
    expect(snap.finishedCount).toBe(1999);
    expect(snap.tail).toHaveLength(1);
  });
});
