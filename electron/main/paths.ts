// Where the shell finds its pieces, in development (`electron .` from the repository) and packaged
// (inside app.asar, with the tray images as extra resources next to it).

import { app } from 'electron';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// out/main/index.js → out/
const outDir = join(dirname(fileURLToPath(import.meta.url)), '..');

export const rendererDir = join(outDir, 'renderer');
export const preloadPath = join(outDir, 'preload', 'index.cjs');

/**
 * resources/ of the repository in development; packaged, electron-builder copies the images the
 * shell loads at run time (tray/, icon.png) to process.resourcesPath via `extraResources`.
 */
export function resourcePath(...parts: string[]): string {
  const base = app.isPackaged ? process.resourcesPath : join(app.getAppPath(), 'resources');
  return join(base, ...parts);
}

export function resourceExists(...parts: string[]): boolean {
  return existsSync(resourcePath(...parts));
}
