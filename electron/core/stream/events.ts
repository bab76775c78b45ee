// The normalised run events: what every consumer (run manager, transcript, CLI, renderer) sees,
// whatever the service's own event names and payloads are. The schemas are the contract's, so
// what core produces is exactly what crosses to the renderer and what transcripts store.
import {
  RunEvent as RunEventSchema,
  RunUsage as UsageSchema,
  StreamState as ConnectionStateSchema,
  type RunEvent,
  type RunUsage,
  type StreamState as ConnectionState,
} from '../../contract/runs';

export { ConnectionStateSchema, RunEventSchema, UsageSchema };
export type { ConnectionState, RunEvent, RunUsage };

export type RunErrorInfo = NonNullable<Extract<RunEvent, { type: 'final' }>['error']>;

/** One normalised event as the follower delivers it. */
export interface FollowEventItem {
  type: 'event';
  event: RunEvent;
  /**
   * Where the event sits in the stream, for deduplication on resume: the server's event id, or
   * the last id before it plus a count for events without one. Stored in transcripts so a
   * follow after a restart recognises replayed events.
   */
  position: string;
}

/** The follower's own state, interleaved with run events so one loop sees everything in order. */
export interface ConnectionItem {
  type: 'connection';
  state: ConnectionState;
  /** Consecutive failed attempts so far (0 on the first connect). */
  attempt: number;
  /** For `retrying`: how long until the next attempt. */
  delayMs?: number;
  /** A short reason a person can read (no secrets). */
  reason?: string;
}

export type FollowItem = FollowEventItem | ConnectionItem;
