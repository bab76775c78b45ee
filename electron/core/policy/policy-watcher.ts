// Reads the policy sources at start and again when they may have changed, so a policy IT changes
// while the app runs applies without a restart: files are watched through their folder (the file
// may not exist yet, and editors replace it rather than write it), and every source is read again
// on a slow timer as well (the registry and managed preferences tell no one, and a watch can be
// missed). A read is skipped while another is under way; the newest answer wins.
import { watch, type FSWatcher } from 'node:fs';
import type { Logger } from '../logs/logger';
import type { PolicyRead } from './raw-policies';

export interface PolicySources {
  /** Every source, most binding first; never throws (an unreadable source says why). */
  read(): Promise<PolicyRead[]>;
  /** Folders whose changes mean a source may have changed. */
  watchDirs: readonly string[];
  /** How often every source is read again anyway. */
  pollMs: number;
}

/** A burst of file events (write, rename, chmod) is read once, after it settles. */
const SETTLE_MS = 150;

export interface PolicyWatcher {
  stop(): void;
  /** Reads now (tests, and the host on wake). */
  refresh(): Promise<void>;
}

export function watchPolicies(
  sources: PolicySources,
  onRead: (reads: PolicyRead[]) => void,
  log: Logger,
): PolicyWatcher {
  let stopped = false;
  let reading: Promise<void> | undefined;
  let again = false;
  let settle: ReturnType<typeof setTimeout> | undefined;

  const refresh = (): Promise<void> => {
    if (reading) {
      again = true;
      return reading;
    }
    reading = (async () => {
      do {
        again = false;
        const reads = await sources.read();
        if (!stopped) onRead(reads);
      } while (again && !stopped);
    })()
      .catch((error: unknown) => log.error('Policies could not be read again', { error }))
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };

  const watchers: FSWatcher[] = [];
  for (const dir of sources.watchDirs) {
    try {
      const watcher = watch(dir, { persistent: false }, () => {
        clearTimeout(settle);
        settle = setTimeout(() => void refresh(), SETTLE_MS);
      });
      watcher.on('error', () => watcher.close());
      watchers.push(watcher);
    } catch {
      // No such folder (no policy on this computer): the timer still notices one created later.
    }
  }
  const timer = setInterval(() => void refresh(), sources.pollMs);
  timer.unref();

  return {
    refresh,
    stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(settle);
      for (const watcher of watchers) watcher.close();
    },
  };
}
