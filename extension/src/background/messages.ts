// What the service worker tells an open panel: its tab now shows another deal, or none. The panel
// checks the shape (a message could come from any of the extension's pages).
import { z } from '../../../electron/contract/zod';
import { CRM_NAMES } from '../deal-address';

export const TabDealChanged = z.object({
  type: z.literal('tab-deal-changed'),
  tabId: z.number().int().nonnegative(),
  deal: z
    .object({ crm: z.enum(CRM_NAMES), recordId: z.string().max(64), host: z.string().max(253) })
    .nullable(),
  title: z.string().max(500).optional(),
});
export type TabDealChanged = z.infer<typeof TabDealChanged>;
