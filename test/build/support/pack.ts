// Runs electron-builder's real packaging for Linux (`dir` target: the unpacked app, no installer)
// with the stand-in Electron distribution, into a temporary directory.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Arch, build, Platform, type Configuration } from 'electron-builder';
import { repoRoot } from './repo';
import { writeStandInElectron } from './stand-in-electron';

export interface PackedApp {
  /** release/linux-unpacked equivalent. */
  appDir: string;
  resourcesDir: string;
  executable: string;
}

export async function packLinuxDir(overrides: Configuration = {}): Promise<PackedApp> {
  const work = mkdtempSync(path.join(tmpdir(), 'assistant-pack-'));
  const electronDist = writeStandInElectron(path.join(work, 'electron-dist'));
  const output = path.join(work, 'release');
  await build({
    projectDir: repoRoot,
    targets: Platform.LINUX.createTarget('dir', Arch.x64),
    publish: 'never',
    config: { ...overrides, electronDist, directories: { output } },
  });
  const appDir = path.join(output, 'linux-unpacked');
  return {
    appDir,
    resourcesDir: path.join(appDir, 'resources'),
    executable: path.join(appDir, 'assistant-desktop'),
  };
}
