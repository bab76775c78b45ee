// Runs as the renderer sees them: starting and following live runs, their coalesced updates,
// history and stored transcripts.
import { z } from './zod';
import { DisplayRecord, ErrorData, Timestamp } from './common';

// The demo service keeps its own list (demo-service/runs/types.ts): it shares no code with the
// client, so a misreading of the API document is not baked into both sides.
/** Statuses with a known meaning; any other string is shown as it comes. */
export const KNOWN_RUN_STATUSES = [
  'created',
  'queued',
  'running',
  'succeeded',
  'failed',
  'cancelled',
] as const;
export const RunStatus = z.string().min(1);

export const RunUsage = z.object({
  inputTokens: z.number().int().nonnegative().optional(),
  outputTokens: z.number().int().nonnegative().optional(),
});
export type RunUsage = z.infer<typeof RunUsage>;

// The variants below are alike in shape only: each declares its own fields.
/** One run event after core normalised it; `other` keeps unknown event kinds whole. */
export const RunEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('status'),
    status: z.string(),
    name: z.string().optional(),
    eventId: z.string().optional(),
  }),
  z.object({
    type: z.literal('output'),
    text: z.string(),
    name: z.string().optional(),
    eventId: z.string().optional(),
  }),
  z.object({
    type: z.literal('final'),
    status: z.string(),
    usage: RunUsage.optional(),
    error: z.object({ code: z.string(), message: z.string() }).optional(),
    source: z.enum(['stream', 'record']).optional(),
    name: z.string().optional(),
    eventId: z.string().optional(),
  }),
  z.object({
    type: z.literal('error'),
    code: z.string(),
    message: z.string(),
    name: z.string().optional(),
    eventId: z.string().optional(),
  }),
  z.object({
    type: z.literal('other'),
    name: z.string(),
    data: z.string(),
    eventId: z.string().optional(),
  }),
]);
export type RunEvent = z.infer<typeof RunEvent>;

/** How core's follower of a run's stream is doing. */
export const StreamState = z.enum(['connecting', 'open', 'retrying', 'session_expired', 'closed']);
export type StreamState = z.infer<typeof StreamState>;

/** A live run without its text: what lists, the tray and `runs.changed` carry. */
export const LiveRunSummary = z.object({
  runId: z.string(),
  agentId: z.string(),
  dealId: z.string().optional(),
  status: RunStatus,
  stream: StreamState,
  /** True once the run reached a final state (or the follow ended for good). */
  done: z.boolean(),
  startedAt: Timestamp,
  finishedAt: Timestamp.optional(),
  usage: RunUsage.optional(),
  error: ErrorData.optional(),
  /** The sequence number of the last `run.update` sent for this run. */
  seq: z.number().int().nonnegative(),
});
export type LiveRunSummary = z.infer<typeof LiveRunSummary>;

/**
 * The one full snapshot allowed: what the renderer needs after a reload to pick a live run up
 * again. Apply later `run.update`s whose `seq` is greater than `seq` here.
 */
export const LiveRun = LiveRunSummary.extend({
  /** The message the run was started with (for Retry and to show the question). */
  message: z.string().optional(),
  /** The text so far. Raw events are not repeated here: `runs.events` pages them from the transcript. */
  text: z.string(),
});
export type LiveRun = z.infer<typeof LiveRun>;

/**
 * A coalesced batch for one run, at most one per frame interval, sent inside `RunUpdates`: the text appended since the
 * previous batch, the status changes and raw events in arrival order. Never a whole snapshot,
 * never one message per token. `seq` grows by one per batch of a run.
 */
export const RunUpdate = z.object({
  runId: z.string(),
  seq: z.number().int().positive(),
  textAppended: z.string(),
  // Left out when empty, and `done` until the end: ten live runs send a batch each per frame,
  // and each should cost little more than its text.
  statuses: z.array(RunStatus).optional(),
  events: z.array(RunEvent).optional(),
  stream: StreamState.optional(),
  done: z.boolean().optional(),
  usage: RunUsage.optional(),
  error: ErrorData.optional(),
});
export type RunUpdate = z.infer<typeof RunUpdate>;

/**
 * The `run.update` event: every run's batch of one frame interval, together, so ten live runs
 * still cost one message per frame per window (and one store update in the renderer). Each run
 * appears at most once; its batches keep their own `seq`.
 */
export const RunUpdates = z.object({ updates: z.array(RunUpdate).min(1) });
export type RunUpdates = z.infer<typeof RunUpdates>;

/** spec §2.3: the agent is a dotted `<namespace>.<agent_name>`; the deal id a UUID. */
export const RunsStartInput = z.strictObject({
  agentId: z
    .string()
    .regex(/^[^.\s]+(\.[^.\s]+)+$/, 'Choose an agent (a name like namespace.agent).'),
  message: z
    .string()
    .max(100_000, 'The message is too long.')
    .refine((text) => text.trim().length > 0, 'Type a message for the agent.'),
  dealId: z.guid('The deal id must be a UUID.'),
});
export type RunsStartInput = z.infer<typeof RunsStartInput>;
export const RunIdInput = z.strictObject({ runId: z.string().min(1).max(200) });

export const RunsListInput = z.strictObject({
  limit: z.number().int().min(1).max(100),
  offset: z.number().int().min(0),
  status: z.string().min(1).max(64).optional(),
});

/**
 * Runs found by what a salesperson remembers: the deal, the agent, the status, words of the
 * question. The service's list has only paging, so the host reads it newest first, up to `scan`
 * runs, and keeps the first `limit` that match.
 */
export const RunsFindInput = z.strictObject({
  dealId: z.string().min(1).max(200).optional(),
  agentId: z.string().min(1).max(200).optional(),
  status: z.string().min(1).max(64).optional(),
  query: z.string().trim().min(1).max(200).optional(),
  limit: z.number().int().min(1).max(200),
  scan: z.number().int().min(1).max(2000).optional(),
});
export type RunsFindInput = z.infer<typeof RunsFindInput>;

/** A run record from the service: documented fields when present, the rest kept in `data`. */
export const RunRecord = DisplayRecord.extend({
  runId: z.string(),
  status: RunStatus.optional(),
  agentId: z.string().optional(),
  createdAt: z.string().optional(),
});
export type RunRecord = z.infer<typeof RunRecord>;

export const RunsPage = z.object({
  items: z.array(RunRecord),
  limit: z.number().int(),
  offset: z.number().int(),
  /** Present when the service says how many there are. */
  total: z.number().int().nonnegative().optional(),
  /** Whether another page probably follows. */
  hasMore: z.boolean(),
});
export type RunsPage = z.infer<typeof RunsPage>;

export const RunsFound = z.object({
  items: z.array(RunRecord),
  /** How many runs were read to find these. */
  scanned: z.number().int().nonnegative(),
  /** Every run the service has was read (false: older ones were not searched). */
  complete: z.boolean(),
});
export type RunsFound = z.infer<typeof RunsFound>;

/** What this app stored about a run it followed: the question, the output and every event. */
export const Transcript = z.object({
  runId: z.string(),
  agentId: z.string().optional(),
  dealId: z.string().optional(),
  message: z.string().optional(),
  status: RunStatus.optional(),
  text: z.string(),
  events: z.array(RunEvent),
  startedAt: Timestamp.optional(),
  finishedAt: Timestamp.optional(),
  usage: RunUsage.optional(),
  error: ErrorData.optional(),
});
export type Transcript = z.infer<typeof Transcript>;

// A field list alike in shape only with the app contract's (contract/app.ts).
export const RunDetail = z.object({
  /** Null when the service could not be asked (offline) and only the transcript is known. */
  record: RunRecord.nullable(),
  transcript: Transcript.nullable(),
  recordError: ErrorData.optional(),
});
export type RunDetail = z.infer<typeof RunDetail>;

/** Upper bound of `limit` for `runs.events`: a page stays small enough to send in one message. */
export const RUN_EVENTS_MAX_LIMIT = 500;

/** A page of a run's stored raw events: `[offset, offset + limit)` in arrival order. */
export const RunEventsInput = z.strictObject({
  runId: z.string().min(1).max(200),
  offset: z.number().int().min(0),
  limit: z.number().int().min(1).max(RUN_EVENTS_MAX_LIMIT),
});
export type RunEventsInput = z.infer<typeof RunEventsInput>;

/**
 * Every event core stored for a run (output deltas included, unlike `run.update` batches, which
 * carry the text once), read from the transcript on this computer a page at a time.
 */
export const RunEventsPage = z.object({
  /** False when this computer holds no transcript of the run (then `total` is 0). */
  recorded: z.boolean(),
  /** Events stored so far; grows while the run is live. */
  total: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  /** A stored line that cannot be read comes as an `other` event saying so, never a gap. */
  events: z.array(RunEvent),
});
export type RunEventsPage = z.infer<typeof RunEventsPage>;

export const LiveRuns = z.object({ runs: z.array(LiveRun) });
export const RunsChanged = z.object({ runs: z.array(LiveRunSummary) });
