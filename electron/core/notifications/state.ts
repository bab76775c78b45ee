// What was already notified, kept across restarts. Every decision is recorded under its dedupe
// key the moment it is made, whether shown or suppressed, so nothing is ever decided twice and
// nothing piles up behind Do-not-disturb.
import { z } from 'zod';

const Instant = z.iso.datetime();
const LocalDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * A meeting seen with a start time whose notification is not due yet. What the notification needs
 * is kept, because a service may stop showing a meeting in its briefing before it starts (the
 * briefing moves on to the next one), and it is still announced at its time.
 */
export const PendingMeetingSchema = z.object({
  key: z.string().min(1),
  startsAt: Instant,
  title: z.string().optional(),
  summary: z.string().optional(),
  dealId: z.string().optional(),
});
export type PendingMeeting = z.infer<typeof PendingMeetingSchema>;

/** Bound on remembered meetings, soonest kept, so an odd briefing cannot grow the file. */
export const MAX_PENDING_MEETINGS = 50;

export const NotificationStateSchema = z.object({
  version: z.literal(1),
  /** Dedupe key → when the decision was made (ISO instant). */
  delivered: z.record(z.string(), Instant),
  /**
   * Latest local date whose morning briefing was decided. Not pruned: it is what stops a clock
   * moved backwards from replaying an earlier morning (see morning.ts).
   */
  lastMorningDate: LocalDateSchema.nullable(),
  /** Last attempt to fetch the morning briefing, so a failing fetch is retried, not spun on. */
  lastMorningAttemptAt: Instant.nullable(),
  /** Last time the meeting briefing and usage were fetched (or tried). */
  lastPollAt: Instant.nullable(),
  /** Meetings to announce later, so the host can wake for them. */
  pendingMeetings: z.array(PendingMeetingSchema),
});
export type NotificationState = z.infer<typeof NotificationStateSchema>;

export function emptyState(): NotificationState {
  return {
    version: 1,
    delivered: {},
    lastMorningDate: null,
    lastMorningAttemptAt: null,
    lastPollAt: null,
    pendingMeetings: [],
  };
}

/** Delivered keys older than this are forgotten; every rule's keys stop mattering long before. */
export const RETENTION_DAYS = 60;

/**
 * Drops keys recorded more than RETENTION_DAYS before `now`. Keys stamped after `now` (the clock
 * was moved backwards) are kept: they are exactly the ones that prevent a replay.
 */
export function pruneState(state: NotificationState, now: Date): NotificationState {
  const cutoff = now.getTime() - RETENTION_DAYS * 86_400_000;
  const delivered = Object.fromEntries(
    Object.entries(state.delivered).filter(([, at]) => Date.parse(at) >= cutoff),
  );
  return { ...state, delivered };
}

export function isDelivered(state: NotificationState, key: string): boolean {
  return Object.hasOwn(state.delivered, key);
}
