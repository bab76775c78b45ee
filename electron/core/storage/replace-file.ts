// Moving a finished file over the one it replaces: the last step of an atomic write. Windows refuses
// the move while another handle holds the old file open without sharing its deletion (an antivirus
// scan, the search indexer, a backup; under Wine, any reader: 1,723 of 2,000 renames failed beside
// a loop reading the file), and rename fails with EPERM, EACCES or EBUSY for as long as that lasts,
// moments as a rule. There the move is tried again, soon and then every 50 ms, for up to 2 s before
// the error stands: graceful-fs waits up to a minute, more than a write the app waits on can. The
// app's own readers take turns with the move (file-turns.ts), so it waits only on other processes.
import { rename } from 'node:fs/promises';
import { inTurn } from './file-turns';

/** The codes Windows gives for a file in use. */
const IN_USE_CODES = new Set(['EPERM', 'EACCES', 'EBUSY']);
const GIVE_UP_AFTER_MS = 2_000;
const LONGEST_WAIT_MS = 50;

export interface ReplaceFileDeps {
  rename(from: string, to: string): Promise<void>;
  platform: NodeJS.Platform;
  wait(ms: number): Promise<void>;
  now(): number;
}

const system: ReplaceFileDeps = {
  rename: (from, to) => inTurn(to, () => rename(from, to)),
  platform: process.platform,
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
};

function inUse(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code !== undefined && IN_USE_CODES.has(code);
}

/** Renames `from` to `to`, replacing it; on Windows, waits out a moment when `to` is in use. */
export async function replaceFile(
  from: string,
  to: string,
  deps: ReplaceFileDeps = system,
): Promise<void> {
  const started = deps.now();
  for (let attempt = 0; ; attempt += 1) {
    try {
      await deps.rename(from, to);
      return;
    } catch (error) {
      const retry =
        deps.platform === 'win32' && inUse(error) && deps.now() - started < GIVE_UP_AFTER_MS;
      if (!retry) throw error;
      await deps.wait(Math.min(5 * 2 ** attempt, LONGEST_WAIT_MS));
    }
  }
}
