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

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The draft after the saved settings changed elsewhere (IT's policy, another window, the host's
 * answer to a save): what the user left as it was follows the new value, what they changed and
 * have not saved yet stays theirs. Without this a value IT set (or stopped setting) would be
 * hidden behind the draft, and saved back as the user's own when the field is left.
 */
export function rebaseDraft(
  draft: NotificationsDraft,
  before: Settings,
  after: Settings,
): NotificationsDraft {
  const was = notificationsDraft(before);
  const now = notificationsDraft(after);
  const next = { ...draft, enabled: { ...draft.enabled } };
  for (const kind of Object.keys(now.enabled) as (keyof NotificationsDraft['enabled'])[]) {
    if (draft.enabled[kind] === was.enabled[kind]) next.enabled[kind] = now.enabled[kind];
  }
  for (const key of Object.keys(now) as NotificationsKey[]) {
    if (key !== 'enabled' && same(draft[key], was[key])) Object.assign(next, { [key]: now[key] });
  }
  return next;
}
