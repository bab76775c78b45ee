// How the rooms depend on each other, checked on the import graph itself (lint sees one import at
// a time; a circle or a reach through a third module shows only here). docs/ARCHITECTURE.md states
// these rules.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, importCircles, importGraph, reachableFrom } from '../../support/import-graph';

describe('the import graph', () => {
  const graph = importGraph('electron');
  const electronFiles = [...graph.keys()].filter((file) => file.startsWith('electron/'));

  it('has no import circle in electron/', () => {
    expect(electronFiles.length).toBeGreaterThan(300);
    expect(importCircles(graph, electronFiles)).toEqual([]);
  });

  it('finds a circle where there is one (the check can fail)', () => {
    const circular = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(importCircles(circular, [...circular.keys()])).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('keeps core from importing the companion host, so core and the host form no circle', () => {
    const reached = electronFiles
      .filter((file) => file.startsWith('electron/core/'))
      .flatMap((file) => graph.get(file) ?? [])
      .filter((target) => target.startsWith('electron/companion/'));
    expect(reached).toEqual([]);
  });

  it("keeps the extension from the renderer's features and desktop client, even through others", () => {
    const extension = importGraph('extension/src');
    const own = [...extension.keys()].filter((file) => file.startsWith('extension/src/'));
    const reached = [...reachableFrom(extension, own)];
    // It does share the renderer's rooms meant for sharing (a check that reaches nothing passes).
    expect(reached.some((file) => file.startsWith('src/ui/'))).toBe(true);
    expect(
      reached.filter(
        (file) =>
          file.startsWith('src/features/') ||
          file.startsWith('src/platform/bridge/') ||
          file === 'src/platform/api.ts',
      ),
    ).toEqual([]);
  });
});

/** The one module that declares the part frame, cuts messages into parts and joins them. */
const FRAMES = 'electron/contract/frames.ts';

/**
 * What in a source declares a part frame of its own (a `'part'` type or literal, a part built
 * as an object) or joins parts itself (keeps a part's text): a second wire beside FRAMES. Reading
 * the discriminant (`type !== 'part'`, `case 'part'`) is using the contract's, and passes.
 */
function ownPartWire(source: string): string[] {
  const declaration = /type:\s*['"]part['"]|literal\(\s*['"]part['"]\s*\)/g;
  const joining = /\.push\(\s*part\w*(\.data)?\.text\s*\)/g;
  return [...source.matchAll(declaration), ...source.matchAll(joining)].map((match) => match[0]);
}

describe('one wire for both socket hosts', () => {
  const graph = importGraph('electron', 'src', 'extension/src');
  const ends = {
    "browser mode's host, writing to a page": 'electron/web/page-socket.ts',
    "the companion's host, writing to an extension": 'electron/companion/outbound.ts',
    "browser mode's page, reading the host": 'src/platform/bridge/host-messages.ts',
    'the extension, reading the app': 'extension/src/bridge/bridge.ts',
  };

  it.each(Object.entries(ends))('%s cuts or joins with the contract’s frames', (_end, file) => {
    expect(graph.has(file)).toBe(true);
    expect(reachableFrom(graph, [file]).has(FRAMES)).toBe(true);
  });

  it('has no other module declaring a part frame or joining parts', () => {
    const found = [...graph.keys()]
      .filter((file) => /^(electron|src|extension\/src)\//.test(file) && file !== FRAMES)
      .flatMap((file) =>
        ownPartWire(readFileSync(join(REPO_ROOT, file), 'utf8')).map((hit) => `${file}: ${hit}`),
      );
    expect(found).toEqual([]);
  });

  it('finds a part wire of its own where there is one (the check can fail)', () => {
    // As browser mode's wire, its splitter and its joiner were written before the contract's.
    expect(ownPartWire("export const PartFrame = z.object({ type: z.literal('part') });")).toEqual([
      "literal('part')",
    ]);
    expect(
      ownPartWire("const part: PartFrame = { type: 'part', seq, index, count, text };"),
    ).toEqual(["type: 'part'"]);
    expect(ownPartWire('joining.pieces.push(part.text);')).toEqual(['.push(part.text)']);
    expect(ownPartWire("if (frame?.type !== 'part') return frame;")).toEqual([]);
    // And the graph check: a writer that reaches no frames module.
    const apart = new Map([['electron/web/page-socket.ts', ['electron/contract/wire.ts']]]);
    expect(reachableFrom(apart, ['electron/web/page-socket.ts']).has(FRAMES)).toBe(false);
  });
});
