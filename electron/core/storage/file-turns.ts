// This process's reads of a data file and the moves that replace it take turns, one at a time per
// file. Windows refuses to move a file over one that any handle holds open, so without turns the
// app's own readers (the retention pass reading a run's meta.json, a run's page, the prep records)
// would make its own writes wait, or fail after replaceFile's two seconds: under Wine a loop of
// reads refused 1,723 of 2,000 moves. Other processes' handles (an antivirus scan, the relay) are
// not ours to order, and replaceFile waits those out.
import { resolve } from 'node:path';

/** The last turn queued for each file; removed when it ends with none behind it. */
const lastTurn = new Map<string, Promise<void>>();

/** The same file under any spelling of its path (Windows paths ignore case). */
function keyOf(path: string): string {
  const full = resolve(path);
  return process.platform === 'win32' ? full.toLowerCase() : full;
}

/** Runs `work` once every earlier turn on `path` in this process has ended, then ends its own. */
export async function inTurn<T>(path: string, work: () => Promise<T>): Promise<T> {
  const key = keyOf(path);
  const before = lastTurn.get(key);
  let end!: () => void;
  const mine = new Promise<void>((settle) => {
    end = settle;
  });
  const turn = before === undefined ? mine : before.then(() => mine);
  lastTurn.set(key, turn);
  try {
    if (before !== undefined) await before;
    return await work();
  } finally {
    end();
    if (lastTurn.get(key) === turn) lastTurn.delete(key);
  }
}
