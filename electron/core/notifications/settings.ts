// The user's notification preferences. The settings module includes this fragment as its
// `notifications` field (`NotificationSettingsSchema.prefault({})`), so an older settings file
// without it, or with only some fields, still parses to complete settings.
import { z } from 'zod';

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export const WeekdaySchema = z.enum(WEEKDAYS);
export type Weekday = z.infer<typeof WeekdaySchema>;

export const NOTIFICATION_KINDS = [
  'morning-briefing',
  'meeting-briefing',
  'quota',
  'run-finished',
] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

/** 24-hour local wall time, "HH:MM". */
export const LocalTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time written HH:MM, e.g. 08:00');

export const KindSwitchesSchema = z.object({
  'morning-briefing': z.boolean().default(true),
  'meeting-briefing': z.boolean().default(true),
  quota: z.boolean().default(true),
  'run-finished': z.boolean().default(true),
});

export const NotificationSettingsSchema = z.object({
  /** Global switch: while on, nothing is shown, and what falls due meanwhile is dropped, not queued. */
  doNotDisturb: z.boolean().default(false),
  /** Per-kind switches: a kind switched off is not checked at all (no fetch, nothing recorded). */
  enabled: KindSwitchesSchema.prefault({}),
  morningTime: LocalTimeSchema.default('08:00'),
  morningDays: z
    .array(WeekdaySchema)
    .max(7)
    .refine((days) => new Set(days).size === days.length, 'must not repeat a day')
    .default(['mon', 'tue', 'wed', 'thu', 'fri']),
  /**
   * How long after the morning time a machine that was asleep or offline still gets the briefing.
   * Capped below a day so two mornings' windows never overlap.
   */
  morningCatchUpMinutes: z.number().int().min(5).max(720).default(180),
  meetingLeadMinutes: z.number().int().min(0).max(240).default(15),
  /** How often the meeting briefing and the usage summary are fetched. */
  meetingPollMinutes: z.number().int().min(1).max(60).default(5),
  /** Agent started by the meeting notification's "Prepare" action; none chosen, no action. */
  prepAgentId: z.string().trim().min(1).max(200).nullable().default(null),
});

export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = NotificationSettingsSchema.parse(
  {},
);
