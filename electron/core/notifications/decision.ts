// What the scheduler decides, as plain data: the Electron shell turns it into a native
// notification (and its click and action handlers), browser mode into a Web Notification or an
// in-app toast. Nothing here knows how it will be shown.
import { z } from 'zod';
import { NotificationText } from '../../contract';
import type { Translator } from '../../domain/i18n/translator';
import { formatNotice } from '../../domain/notifications/notification-text';
import { NotificationKindSchema } from './settings';

export const NotificationTargetSchema = z.discriminatedUnion('screen', [
  z.object({ screen: z.literal('today') }),
  z.object({ screen: z.literal('briefing'), which: z.literal('meeting') }),
  z.object({ screen: z.literal('run'), runId: z.string().min(1) }),
  z.object({ screen: z.literal('usage') }),
]);
export type NotificationTarget = z.infer<typeof NotificationTargetSchema>;

/** "Prepare": start `agentId` on `dealId` (the host builds the run input). */
export const PrepareActionSchema = z.object({
  id: z.literal('prepare'),
  label: z.string(),
  agentId: z.string().min(1),
  dealId: z.string().min(1),
});
export type PrepareAction = z.infer<typeof PrepareActionSchema>;

export const NotificationDecisionSchema = z.object({
  kind: NotificationKindSchema,
  /** Dedupe key: a decision with the same key is never made twice (see state.ts). */
  key: z.string().min(1),
  title: z.string(),
  body: z.string(),
  /** Where clicking the notification takes the user. */
  target: NotificationTargetSchema,
  actions: z.array(PrepareActionSchema).optional(),
  /** Repeats of the same news share a group (see AppNotification's `group`). */
  group: z.object({ key: z.string().min(1), of: z.string() }).optional(),
  /**
   * The same words as messages: what is shown (natively, as a toast, in the inbox) is formatted
   * from them in the language in use then; `title` and `body` are the fallback.
   */
  message: NotificationText.optional(),
});
export type NotificationDecision = z.infer<typeof NotificationDecisionSchema>;

export const SuppressionReasonSchema = z.enum(['do-not-disturb', 'window-focused']);
export type SuppressionReason = z.infer<typeof SuppressionReasonSchema>;

/** A decision that counts as delivered but must not be shown. */
export const SuppressedDecisionSchema = NotificationDecisionSchema.extend({
  suppressedBy: SuppressionReasonSchema,
});
export type SuppressedDecision = z.infer<typeof SuppressedDecisionSchema>;

// The cut is shared with the renderer, which formats a notice again in the reader's language.
export { clip, MAX_BODY_CHARS, MAX_TITLE_CHARS } from '../../domain/notifications/clip';

/**
 * A decision's words: the messages, and the same formatted now in `translator`'s language as
 * the fallback kept beside them (core's catalogue has every id, so it never falls back itself).
 */
export function noticeWords(
  translator: Translator,
  message: NotificationText,
): Pick<NotificationDecision, 'title' | 'body' | 'message'> {
  return { ...formatNotice(translator, { title: '', body: '', message }), message };
}
