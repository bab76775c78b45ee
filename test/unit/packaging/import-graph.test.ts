// How the rooms depend on each other, checked on the import graph itself (lint sees one import at
// a time; a circle or a reach through a third module shows only here). docs/ARCHITECTURE.md states
// these rules.
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph, reachableFrom } from '../../support/import-graph';

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
