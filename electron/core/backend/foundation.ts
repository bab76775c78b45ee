// What every part of core stands on, built before any of them: the private data directory, the
// logs, the event hub the hosts listen to, connectivity (every request the client makes counts),
// the notice board, the journal of failed calls, and what close() must undo.
import { join } from 'node:path';
import type { FetchLike } from '../api/config';
import { createErrorJournal, type ErrorJournal } from '../diagnostics';
import {
  createConnectivityTracker,
  createEventHub,
  type ConnectivityTracker,
  type EventHub,
} from '../host';
import { createNoticeBoard, type NoticeBoard } from '../host/notices';
import { createLogger, type RootLogger } from '../logs/logger';
import type { SecretRegistry } from '../logs/redact';
import { makePrivateDir } from '../storage/private-files';
import type { BackendOptions } from './types';

/** What close() undoes: the subscriptions the parts made, and whether it has run. */
export interface Lifecycle {
  closed: boolean;
  readonly cleanups: Array<() => void>;
}

export interface Foundation {
  now: () => Date;
  /** The host's log, or core's own file log (then close() closes it). */
  rootLog: RootLogger;
  /** Core logs through a view closed with the backend: work finishing after close() stays quiet. */
  log: RootLogger;
  secrets: SecretRegistry;
  journal: ErrorJournal;
  hub: EventHub;
  connectivity: ConnectivityTracker;
  /** The host's fetch, tracked by `connectivity`. */
  fetch: FetchLike;
  notices: NoticeBoard;
  lifecycle: Lifecycle;
}

export async function createFoundation(options: BackendOptions): Promise<Foundation> {
  const now = options.now ?? (() => new Date());
  // Private before anything is written into it (the log, settings, transcripts).
  await makePrivateDir(options.dataDir);
  const rootLog =
    options.log ?? createLogger({ filePath: join(options.dataDir, 'logs', 'main.log') });
  const log = rootLog.view();
  const secrets = log.secrets;
  const journal = createErrorJournal();
  const hub = createEventHub({ log: log.child('events'), secrets });
  const connectivity = createConnectivityTracker(now);
  const fetch = connectivity.track(options.fetch ?? globalThis.fetch.bind(globalThis));
  const notices = createNoticeBoard({ now, emit: (notice) => hub.emit('notice', notice) });
  const lifecycle: Lifecycle = { closed: false, cleanups: [] };
  return { now, rootLog, log, secrets, journal, hub, connectivity, fetch, notices, lifecycle };
}
