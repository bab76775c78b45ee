// window-state.json in the data directory: atomic writes, validated reads. A corrupt file only
// costs the window its last position, so it is set aside and the default placement used.

import { join } from 'node:path';
import { readJsonFile, writeJsonFileAtomic } from '../storage/json-file';
import { WindowState } from './window-state';

export const WINDOW_STATE_FILE = 'window-state.json';

export function windowStatePath(dataDir: string): string {
  return join(dataDir, WINDOW_STATE_FILE);
}

export interface LoadedWindowState {
  state: WindowState | undefined;
  /** Set when the file was unreadable and was set aside (for the log, not for the user). */
  problem?: string;
}

export async function loadWindowState(dataDir: string): Promise<LoadedWindowState> {
  try {
    const result = await readJsonFile(windowStatePath(dataDir), WindowState);
    if (result.status === 'ok') return { state: result.value };
    if (result.status === 'missing') return { state: undefined };
    return {
      state: undefined,
      problem: `window state ${result.reason}; set aside as ${result.setAsidePath}`,
    };
  } catch (error) {
    return {
      state: undefined,
      problem: `window state unreadable: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

export async function saveWindowState(dataDir: string, state: WindowState): Promise<void> {
  await writeJsonFileAtomic(windowStatePath(dataDir), WindowState.parse(state));
}
