// Prep that starts itself (issue 38): for each upcoming meeting, where its automatic prep stands.
// Core (electron/core/prep/) schedules and records it; the renderer shows it on Today's
// next-meeting card ("Read the prep") and marks it read when opened.
import { Timestamp } from './common';
import { z } from './zod';

/**
 * Why a meeting's prep did not run (and will not, unless the user asks):
 * - `off`: automatic prep is off, or this meeting has no deal and only deal meetings get one;
 * - `no-agent`: no prep agent is chosen (Settings → Notifications);
 * - `quota`: the runs or tokens left were below the reserve kept for the user's own questions;
 * - `rate-limited`: the service answered 429; not retried;
 * - `failed`: the run failed, or could not be started;
 * - `stopped-for-today`: two preps failed today; none more until tomorrow;
 * - `cancelled`: the prep run was cancelled;
 * - `too-late`: the app was not running at its prep time and the meeting is under 10 minutes away
 *   (or has started).
 */
export const AutoPrepSkipReason = z.enum([
  'off',
  'no-agent',
  'quota',
  'rate-limited',
  'failed',
  'stopped-for-today',
  'cancelled',
  'too-late',
]);
export type AutoPrepSkipReason = z.infer<typeof AutoPrepSkipReason>;

/** Where one meeting's automatic prep stands. */
export const AutoPrepStatus = z.discriminatedUnion('status', [
  /** Starts by itself at `at`. */
  z.object({ status: z.literal('scheduled'), at: Timestamp }),
  z.object({ status: z.literal('running'), runId: z.string().min(1), startedAt: Timestamp }),
  z.object({
    status: z.literal('ready'),
    runId: z.string().min(1),
    finishedAt: Timestamp,
    /** The answer's first lines as plain text, for Today's card (may be empty). */
    firstLines: z.string().max(1000),
    /** Opened by the user ("Read the prep", the notification, the inbox). */
    read: z.boolean(),
  }),
  z.object({ status: z.literal('skipped'), reason: AutoPrepSkipReason }),
]);
export type AutoPrepStatus = z.infer<typeof AutoPrepStatus>;

/** One upcoming (or just started) meeting and its prep. */
export const AutoPrepMeeting = z.object({
  /** The meeting's key (electron/domain/briefings/meetings.ts): stable across fetches. */
  meetingKey: z.string().min(1).max(1000),
  startsAt: Timestamp,
  title: z.string().optional(),
  dealId: z.string().optional(),
  prep: AutoPrepStatus,
});
export type AutoPrepMeeting = z.infer<typeof AutoPrepMeeting>;

/** Today's meetings with a prep state, soonest first (meetings already over are left out). */
export const AutoPreps = z.object({ meetings: z.array(AutoPrepMeeting).max(200) });
export type AutoPreps = z.infer<typeof AutoPreps>;

/**
 * Prepare this meeting now (the browser companion's Prepare): the meeting by its key, about the
 * deal the asker shows.
 */
export const AutoPrepPrepareInput = z.strictObject({
  meetingKey: z.string().min(1).max(1000),
  dealId: z.string().min(1).max(200),
});

/** The meeting's prep after Prepare: `started` when this request started it, else the one there. */
export const AutoPrepPrepared = z.object({ started: z.boolean(), meeting: AutoPrepMeeting });
export type AutoPrepPrepared = z.infer<typeof AutoPrepPrepared>;

/** The user opened this meeting's prep. */
export const AutoPrepMarkReadInput = z.strictObject({ meetingKey: z.string().min(1).max(1000) });
