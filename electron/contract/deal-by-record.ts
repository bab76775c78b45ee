// Finding the deal a CRM page shows, by the page's record id (and, failing that, its title): the
// browser companion asks it for the tab it sits beside (docs/companion.md, "Which deal a tab is").
import { Deal } from './service';
import { z } from './zod';

/** The CRMs whose deal pages the companion reads (extension/src/deal-address). */
export const CRMS = ['salesforce', 'hubspot', 'pipedrive', 'dynamics', 'zoho'] as const;
export const Crm = z.enum(CRMS);
export type Crm = z.infer<typeof Crm>;

/** The longest title the lookup takes (the panel cuts a longer one: never refused). */
export const MAX_LOOKUP_TITLE_UNITS = 200;

export const FindByCrmRecordInput = z.strictObject({
  crm: Crm,
  recordId: z.string().trim().min(1).max(64),
  /**
   * The tab's host name (the CRM organisation's own host): a record whose own address names
   * another host is another organisation's, and is not matched.
   */
  host: z
    .string()
    .trim()
    .toLowerCase()
    .min(1)
    .max(253)
    .regex(/^[a-z0-9.-]+$/),
  /** The tab's title, for finding the deal by name when no record carries the id. */
  title: z.string().trim().min(1).max(MAX_LOOKUP_TITLE_UNITS).optional(),
});
export type FindByCrmRecordInput = z.infer<typeof FindByCrmRecordInput>;

export const FoundDeal = z.object({
  deal: Deal.nullable(),
  matchedBy: z.enum(['record-id', 'title']).nullable(),
  /**
   * Whether the deal's record names the tab's host (`agrees`) or says nothing of its CRM host
   * (`unstated`, what the service's spec leaves open): the panel shows an `unstated` match from a
   * host the user has not seen before only with a notice, or not at all (docs/companion.md).
   */
  host: z.enum(['agrees', 'unstated']).nullable(),
});
export type FoundDeal = z.infer<typeof FoundDeal>;
