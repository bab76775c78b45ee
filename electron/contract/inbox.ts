// The inbox: what the app told the user (briefings, meetings, quota warnings, finished runs),
// kept until they have seen it. Core keeps it on disk; the renderer shows a bell and a panel.
import { z } from './zod';
import { AppNotification } from './app';

/** A notification as the inbox keeps it: its id is the dedupe key, so one entry per key. */
export const InboxEntry = AppNotification.extend({
  id: z.string().min(1),
  read: z.boolean(),
});
export type InboxEntry = z.infer<typeof InboxEntry>;

/** The whole inbox, newest first (it is bounded, so it always crosses whole). */
export const Inbox = z.object({
  entries: z.array(InboxEntry),
  unread: z.number().int().min(0),
});
export type Inbox = z.infer<typeof Inbox>;

export const InboxMarkReadInput = z.strictObject({
  ids: z.array(z.string().min(1).max(500)).min(1).max(500),
});

/**
 * What no window, page or OS notification has shown yet, oldest first (handing it over marks it
 * shown), and the one toast that says so: the entry itself, or "3 things while you were away".
 */
export const InboxCatchUp = z.object({
  entries: z.array(InboxEntry),
  notification: AppNotification.optional(),
});
export type InboxCatchUp = z.infer<typeof InboxCatchUp>;
