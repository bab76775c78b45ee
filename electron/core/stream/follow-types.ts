// What a follow takes and gives: the public face of follow.ts, apart from its machinery.
import type { ReconnectPolicy } from './reconnect';
import type { Clock } from '../clock';
import type { StreamConfig } from './connection';
import type { ConnectionState, FollowItem } from './events';
import { NOT_AN_ID } from './positions';

/** What the follower needs to resume where an earlier follow (maybe before a restart) stopped. */
export interface ResumePoint {
  lastEventId?: string;
  /** Positions already delivered (see positions.ts), e.g. from the transcript. */
  positions?: Iterable<string>;
  /** Output text already delivered, so a run record's output can fill only what is missing. */
  text?: string;
}

export interface FollowOptions {
  config: StreamConfig;
  runId: string;
  signal?: AbortSignal;
  resume?: ResumePoint;
  /** No bytes at all (keep-alive comments count) for this long → reconnect. Default 45 s. */
  stallTimeoutMs?: number;
  reconnect?: Partial<ReconnectPolicy>;
  clock?: Clock;
  /** Jitter source in [0, 1). */
  random?: () => number;
  /**
   * After a terminal status (e.g. `succeeded`) without a final event, how long to wait for one
   * (it usually carries usage) before ending the run from the status. Default 2 s.
   */
  finalGraceMs?: number;
  /** GET /runs/{id}'s record, consulted when the stream closes without a final event. */
  getRunRecord?: (runId: string, signal: AbortSignal) => Promise<unknown>;
}

export const DEFAULT_STALL_TIMEOUT_MS = 45_000;
export const DEFAULT_FINAL_GRACE_MS = 2_000;
/** Prefix of positions of events the follower made up (not from the stream): never replayed. */
export const SYNTHETIC_POSITION = `${NOT_AN_ID}synthetic:`;

export interface RunFollow extends AsyncIterable<FollowItem> {
  /** The same items, grouped as they arrived (one array per network chunk, never empty). */
  batches(): AsyncIterable<FollowItem[]>;
  readonly runId: string;
  readonly state: ConnectionState;
  /** The last event id seen, to persist and resume from. */
  readonly lastEventId: string | undefined;
  /** Drops the current connection and reconnects at once with Last-Event-ID (after sleep or a
   *  network change). Cuts a pending retry wait short. No effect while parked or closed. */
  reattach(): void;
  /** The session was renewed: a follow parked as `session_expired` re-attaches to the run. */
  resumeAfterSignIn(): void;
  /** Stops following; the iteration ends quietly. */
  close(): void;
}
