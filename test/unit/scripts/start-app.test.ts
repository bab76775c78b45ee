// `npm start` on a machine without Electron's binary (this one: Electron 45 has no install
// script and no download gets through here) must say how to run browser mode, not fail inside
// Electron's package. The Electron packages below are stand-ins in a temporary folder whose
// install.js does what the real downloader does on success or failure.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  fetchElectronBinary,
  findElectronBinary,
} from '../../../scripts/start-app/electron-binary';
import {
  NO_ELECTRON_EXIT_CODE,
  startApp,
  type StartSteps,
} from '../../../scripts/start-app/start-app';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** An electron package as `npm ci` leaves it (no dist/), with the given downloader. */
function electronPackage(installScript: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'electron-package-'));
  folders.push(dir);
  writeFileSync(join(dir, 'package.json'), '{"name":"electron","version":"45.4.1"}');
  writeFileSync(join(dir, 'install.js'), installScript);
  return dir;
}

const failingDownload = `
console.error('TypeError: fetch failed');
console.error('    at node:internal/deps/undici/undici:14976:13');
process.exit(1);
`;
const workingDownload = `
const { mkdirSync, writeFileSync } = require('node:fs');
mkdirSync(__dirname + '/dist');
writeFileSync(__dirname + '/dist/electron', '');
writeFileSync(__dirname + '/path.txt', 'electron');
`;

interface Recorded {
  told: string[];
  built: number;
  launched: string[];
}

function stepsFor(electronDir: string, buildExit = 0): { steps: StartSteps; seen: Recorded } {
  const seen: Recorded = { told: [], built: 0, launched: [] };
  const steps: StartSteps = {
    findBinary: () => findElectronBinary(electronDir, {}),
    fetchBinary: () => fetchElectronBinary(electronDir),
    build: () => {
      seen.built += 1;
      return buildExit;
    },
    launch: (binary) => {
      seen.launched.push(binary);
      return Promise.resolve(0);
    },
    tell: (message) => seen.told.push(message),
  };
  return { steps, seen };
}

describe('npm start', () => {
  it('without a binary it cannot download, advises browser mode and exits non-zero', async () => {
    const { steps, seen } = stepsFor(electronPackage(failingDownload));

    const code = await startApp(steps);

    expect(code).toBe(NO_ELECTRON_EXIT_CODE);
    expect(code).not.toBe(0);
    const advice = seen.told.at(-1) ?? '';
    expect(advice).toContain('could not be downloaded (TypeError: fetch failed)');
    expect(advice).toMatch(/^ {4}npm run web$/m);
    expect(seen.built).toBe(0);
    expect(seen.launched).toEqual([]);
  });

  it('downloads a missing binary, then builds and launches it', async () => {
    const dir = electronPackage(workingDownload);
    const { steps, seen } = stepsFor(dir);

    const code = await startApp(steps);

    expect(code).toBe(0);
    expect(seen.built).toBe(1);
    expect(seen.launched).toEqual([join(dir, 'dist', 'electron')]);
  });

  it('does not launch Electron when the build fails', async () => {
    const { steps, seen } = stepsFor(electronPackage(workingDownload), 2);

    expect(await startApp(steps)).toBe(2);
    expect(seen.launched).toEqual([]);
    expect(seen.told.at(-1)).toContain('the build failed');
  });
});

describe('findElectronBinary', () => {
  it('finds nothing where path.txt names a binary that is not there', () => {
    const dir = electronPackage('');
    writeFileSync(join(dir, 'path.txt'), 'electron');
    expect(findElectronBinary(dir, {})).toBeUndefined();
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH, as the package does', () => {
    const dir = electronPackage('');
    const dist = join(dir, 'elsewhere');
    mkdirSync(dist);
    writeFileSync(join(dist, 'electron'), '');
    expect(findElectronBinary(dir, { ELECTRON_OVERRIDE_DIST_PATH: dist })).toBe(
      join(dist, 'electron'),
    );
  });
});
