// What the service worker tells an open panel: its tab now shows another deal, or none. The panel
// checks the shape (a message could come from any of the extension's pages); one that fails it
// turns the panel to "this page could not be read" before the panel reads its tab itself, so a
// message it cannot read never leaves the previous deal on show.
import { z } from '../../../electron/contract/zod';
import { CRM_NAMES } from '../deal-address';

/** A title longer than this is cut (`cutText`) before it is sent, never dropped. */
export const MAX_TITLE_UNITS = 500;

export const TabDealChanged = z.object({
  type: z.literal('tab-deal-changed'),
  tabId: z.number().int().nonnegative(),
  deal: z
    .object({ crm: z.enum(CRM_NAMES), recordId: z.string().max(64), host: z.string().max(253) })
    .nullable(),
  title: z.string().max(MAX_TITLE_UNITS).optional(),
});
export type TabDealChanged = z.infer<typeof TabDealChanged>;

/** A message that says it is one of these, whether or not it fits the schema. */
export function claimsTabDealChanged(message: unknown): message is { type: string } {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { type?: unknown }).type === 'tab-deal-changed'
  );
}
