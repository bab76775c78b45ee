// How the real-Electron journeys find and start the binary (test/desktop/driver): where it is on
// each OS, Electron's own ELECTRON_OVERRIDE_DIST_PATH, and Chromium's sandbox as the app ships.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  displayMissing,
  distExecutable,
  findElectronBinary,
} from '../../desktop/driver/electron-binary';
import { electronSandbox } from '../../desktop/driver/electron-sandbox';

describe('the Electron binary', () => {
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'electron-dist-'));
    await mkdir(path.join(dist, 'Electron.app', 'Contents', 'MacOS'), { recursive: true });
    await writeFile(path.join(dist, 'Electron.app', 'Contents', 'MacOS', 'Electron'), '');
    await writeFile(path.join(dist, 'electron.exe'), '');
  });
  afterAll(async () => {
    await rm(dist, { recursive: true, force: true });
  });

  it('is named as Electron’s install.js names it on each OS', () => {
    expect(distExecutable('linux')).toBe('electron');
    expect(distExecutable('win32')).toBe('electron.exe');
    expect(distExecutable('darwin')).toBe('Electron.app/Contents/MacOS/Electron');
  });

  it('is taken from ELECTRON_OVERRIDE_DIST_PATH when set, or said to be missing there', () => {
    // A package never downloaded (no path.txt): the binary goes by the OS's own name.
    const search = { env: { ELECTRON_OVERRIDE_DIST_PATH: dist }, packageDir: dist };
    expect(findElectronBinary({ ...search, platform: 'win32' })).toEqual({
      path: path.join(dist, 'electron.exe'),
    });
    expect(findElectronBinary({ ...search, platform: 'darwin' })).toEqual({
      path: path.join(dist, 'Electron.app/Contents/MacOS/Electron'),
    });
    expect(findElectronBinary({ ...search, platform: 'linux' })).toEqual({
      missing: `ELECTRON_OVERRIDE_DIST_PATH names ${dist}, which holds no ${path.join(dist, 'electron')}.`,
    });
  });

  it('is said to be missing, with how to download it, when it never was', () => {
    expect(findElectronBinary({ env: {}, packageDir: dist })).toEqual({
      missing: expect.stringContaining('`node node_modules/electron/install.js`'),
    });
  });

  it('needs a display server on Linux only', () => {
    expect(displayMissing({}, 'linux')).toMatch(/xvfb-run/);
    expect(displayMissing({ DISPLAY: ':99' }, 'linux')).toBeUndefined();
    expect(displayMissing({ WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toBeUndefined();
    expect(displayMissing({}, 'darwin')).toBeUndefined();
    expect(displayMissing({}, 'win32')).toBeUndefined();
  });
});

describe('Chromium’s sandbox for the real-Electron journeys', () => {
  it('is on for a normal user (and on Windows and macOS, which have no uid)', () => {
    expect(electronSandbox(1001, {})).toBe(true);
    expect(electronSandbox(undefined, {})).toBe(true);
  });

  it('is off as root, where Chromium refuses it, except where the CI job requires the binary', () => {
    expect(electronSandbox(0, {})).toBe(false);
    expect(() => electronSandbox(0, { ASSISTANT_REQUIRE_ELECTRON: '1' })).toThrow(
      /run them as a normal user, sandboxed/,
    );
  });
});
