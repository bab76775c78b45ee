// What the settings forms hold while the user edits them, and the patch each one asks the host
// to save. The patch is built as typed and left for the contract's schema to judge (see
// ./SettingsForm's useValidatedSave), so its messages show beside the field at fault: a lead time
// that is not a whole number goes as NaN, never as a guess.
import { WEEKDAYS } from '../../../electron/contract';
import type { NotificationSettings, Settings } from '../../../electron/contract';

/** An address field: empty means "the default" (null), anything else is sent trimmed. */
const addressOrNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/**
 * The connection form's patch. A service pinned by ASSISTANT_BASE_URL cannot be changed here, so
 * its address is left out rather than sent back.
 */
export function connectionPatch(
  form: { serviceUrl: string; signInUrl: string },
  pinned: boolean,
): { serviceBaseUrl?: string | null; signInUrl: string | null } {
  const signInUrl = addressOrNull(form.signInUrl);
  return pinned ? { signInUrl } : { serviceBaseUrl: addressOrNull(form.serviceUrl), signInUrl };
}

export interface NotificationsDraft {
  doNotDisturb: boolean;
  enabled: NotificationSettings['enabled'];
  morningTime: string;
  /** null until chosen: the working days of the user's region (see ./useWeek). */
  morningDays: (typeof WEEKDAYS)[number][] | null;
  /** As typed. */
  meetingLeadMinutes: string;
  /** '' for no agent. */
  prepAgentId: string;
}

export function notificationsDraft(settings: Settings): NotificationsDraft {
  const initial = settings.notifications;
  return {
    doNotDisturb: initial.doNotDisturb,
    enabled: { ...initial.enabled },
    morningTime: initial.morningTime,
    morningDays: initial.morningDays === null ? null : [...initial.morningDays],
    meetingLeadMinutes: String(initial.meetingLeadMinutes),
    prepAgentId: initial.prepAgentId ?? '',
  };
}

/** The notifications form's patch: days in week order, the lead time as a number (or NaN). */
export function notificationsPatch(form: NotificationsDraft) {
  const lead = form.meetingLeadMinutes.trim();
  return {
    notifications: {
      doNotDisturb: form.doNotDisturb,
      enabled: form.enabled,
      morningTime: form.morningTime,
      morningDays:
        form.morningDays === null ? null : WEEKDAYS.filter((d) => form.morningDays?.includes(d)),
      meetingLeadMinutes: /^\d+$/.test(lead) ? Number(lead) : Number.NaN,
      prepAgentId: form.prepAgentId === '' ? null : form.prepAgentId,
    },
  };
}

export type NotificationsKey = keyof NotificationsDraft;

/**
 * The patch for only the named settings: a switch saves itself at once without sending along a
 * time or lead that is still being typed (and may not be valid yet).
 */
export function notificationsPatchOf(form: NotificationsDraft, keys: readonly NotificationsKey[]) {
  const all = notificationsPatch(form).notifications;
  const picked: Partial<typeof all> = {};
  for (const key of keys) Object.assign(picked, { [key]: all[key] });
  return { notifications: picked };
}
