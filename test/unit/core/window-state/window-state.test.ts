import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  loadWindowState,
  saveWindowState,
  windowStatePath,
} from '../../../../electron/core/window-state/store';
import {
  restoreWindowBounds,
  toWindowState,
  type DisplayArea,
  type WindowState,
} from '../../../../electron/core/window-state/window-state';

const limits = { defaultWidth: 1200, defaultHeight: 800, minWidth: 720, minHeight: 480 };
const laptop: DisplayArea = { workArea: { x: 0, y: 25, width: 1440, height: 875 } };
const monitorRight: DisplayArea = { workArea: { x: 1440, y: 0, width: 2560, height: 1400 } };

function state(
  x: number,
  y: number,
  width: number,
  height: number,
  isMaximized = false,
): WindowState {
  return { bounds: { x, y, width, height }, isMaximized, isFullScreen: false };
}

describe('where the main window opens', () => {
  it('opens at the default size, centred, the first time', () => {
    expect(restoreWindowBounds(undefined, [laptop], limits)).toEqual({
      width: 1200,
      height: 800,
      isMaximized: false,
      isFullScreen: false,
    });
  });

  it('reopens exactly where it was when that place is still visible', () => {
    expect(restoreWindowBounds(state(100, 60, 1000, 700), [laptop], limits)).toEqual({
      x: 100,
      y: 60,
      width: 1000,
      height: 700,
      isMaximized: false,
      isFullScreen: false,
    });
  });

  it('stays on the external monitor it was left on', () => {
    expect(
      restoreWindowBounds(state(2000, 100, 1600, 1000), [laptop, monitorRight], limits),
    ).toMatchObject({
      x: 2000,
      y: 100,
      width: 1600,
      height: 1000,
    });
  });

  it('comes back to the laptop when the external monitor is gone', () => {
    const restored = restoreWindowBounds(state(2000, 100, 1600, 1000), [laptop], limits);
    expect(restored).toEqual({ width: 1200, height: 800, isMaximized: false, isFullScreen: false });
  });

  it('is pulled fully inside the display that shows most of it', () => {
    // Mostly on the laptop, hanging off its right and bottom edges.
    expect(restoreWindowBounds(state(900, 500, 1000, 700), [laptop], limits)).toEqual({
      x: 440,
      y: 200,
      width: 1000,
      height: 700,
      isMaximized: false,
      isFullScreen: false,
    });
    // Title bar above the top of the screen.
    expect(restoreWindowBounds(state(100, -300, 800, 600), [laptop], limits)).toMatchObject({
      x: 100,
      y: 25,
    });
  });

  it('shrinks to a smaller display but not below the minimum size', () => {
    expect(restoreWindowBounds(state(0, 25, 3000, 2000), [laptop], limits)).toMatchObject({
      x: 0,
      y: 25,
      width: 1440,
      height: 875,
    });
    expect(restoreWindowBounds(state(10, 30, 200, 100), [laptop], limits)).toMatchObject({
      width: 720,
      height: 480,
    });
    const tiny: DisplayArea = { workArea: { x: 0, y: 0, width: 640, height: 400 } };
    expect(restoreWindowBounds(state(0, 0, 1000, 800), [tiny], limits)).toMatchObject({
      width: 640,
      height: 400,
    });
  });

  it('remembers being maximised', () => {
    expect(restoreWindowBounds(state(100, 60, 1000, 700, true), [laptop], limits).isMaximized).toBe(
      true,
    );
  });

  it('keeps whole pixels from fractional bounds on scaled displays', () => {
    expect(
      toWindowState(
        { x: 10.6, y: 20.2, width: 999.5, height: 0.2 },
        { isMaximized: false, isFullScreen: true },
      ),
    ).toEqual({
      bounds: { x: 11, y: 20, width: 1000, height: 1 },
      isMaximized: false,
      isFullScreen: true,
    });
  });
});

describe('window-state.json', () => {
  it('round-trips through the data directory', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'assistant-window-'));
    await saveWindowState(dir, state(1, 2, 800, 600, true));
    expect(await loadWindowState(dir)).toEqual({ state: state(1, 2, 800, 600, true) });
  });

  it('is missing on first launch', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'assistant-window-'));
    expect(await loadWindowState(dir)).toEqual({ state: undefined });
  });

  it('sets a corrupt file aside and falls back to the default placement', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'assistant-window-'));
    await writeFile(windowStatePath(dir), '{"bounds": {"x": "left"}}');
    const loaded = await loadWindowState(dir);
    expect(loaded.state).toBeUndefined();
    expect(loaded.problem).toMatch(/set aside/);
    expect((await readdir(dir)).some((name) => name.startsWith('window-state.json.corrupt-'))).toBe(
      true,
    );
  });
});
