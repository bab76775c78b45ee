// What all of a host's connections may keep waiting in their sockets, together. Each may keep a
// little of its own (enough for a panel's steady traffic); a message past that (a run's snapshot
// may be up to the app's 20 MB run limit, core/limits.ts) draws on one pool shared by all, and so
// does what follows it while the reader takes it (outbound.ts: at most SLACK_BYTES while the reader
// takes nothing). So one long answer still goes through, while 32 clients that stop reading cost
// at most 32 × (PER_CONNECTION + SLACK) + SHARED, however many of them ask for long answers.

const MIB = 1024 * 1024;

/** Bytes each connection may keep waiting on its own. */
export const PER_CONNECTION_QUEUE_BYTES = 2 * MIB;
/** Bytes a connection past its own share may add while its reader takes nothing. */
export const SLACK_BYTES = MIB;
/** Bytes past their own that all connections together may keep waiting. */
export const SHARED_QUEUE_BYTES = 64 * MIB;

export interface QueuePool {
  readonly perConnection: number;
  /** Counts a connection's waiting bytes in the pool until the returned function is called. */
  join(waiting: () => number): () => void;
  /** Whether a connection with `waiting` bytes may add `size` more. */
  admits(waiting: number, size: number): boolean;
}

export function createQueuePool(
  perConnection = PER_CONNECTION_QUEUE_BYTES,
  shared = SHARED_QUEUE_BYTES,
): QueuePool {
  const members = new Set<() => number>();
  const over = (bytes: number) => Math.max(0, bytes - perConnection);
  return {
    perConnection,
    join(waiting) {
      members.add(waiting);
      return () => members.delete(waiting);
    },
    admits(waiting, size) {
      if (waiting + size <= perConnection) return true;
      let used = 0;
      for (const member of members) used += over(member());
      // This connection's own share is in `used` already; only what the message adds is new.
      return used + over(waiting + size) - over(waiting) <= shared;
    },
  };
}
