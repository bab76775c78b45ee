// The user's notification preferences. Their schema lives in the contract (the renderer edits
// them, core stores and obeys them), so there is one definition; this module names it for the
// scheduler and adds what only the scheduler needs.
import { z } from 'zod';
import {
  NotificationSettings as ContractNotificationSettings,
  WEEKDAYS,
  Weekday,
} from '../../contract/settings';
import { FALLBACK_WEEK } from '../../domain/week/week-info';

export { WEEKDAYS };
export const WeekdaySchema = Weekday;
export type Weekday = z.infer<typeof WeekdaySchema>;

// A list of names alike in shape only with others (the API's KNOWN_SCOPES).
export const NOTIFICATION_KINDS = [
  'morning-briefing',
  'meeting-briefing',
  'quota',
  'run-finished',
] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

export const NotificationSettingsSchema = ContractNotificationSettings;
/** As stored: the morning's days null until the user chooses some. */
export type StoredNotificationSettings = z.infer<typeof NotificationSettingsSchema>;
/** As the scheduler obeys them: the morning's days always known. */
export type NotificationSettings = Omit<StoredNotificationSettings, 'morningDays'> & {
  morningDays: Weekday[];
};

/** The settings with days chosen, or else the working days of the user's region. */
export function resolveNotificationSettings(
  stored: StoredNotificationSettings,
  workingDays: readonly Weekday[],
): NotificationSettings {
  return { ...stored, morningDays: stored.morningDays ?? [...workingDays] };
}

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = resolveNotificationSettings(
  NotificationSettingsSchema.parse({}),
  FALLBACK_WEEK.workingDays,
);
