// What the Assistant Service tells us, as the renderer receives it: the documented shapes
// (spec §2.2, §2.4) checked by type, and the records the spec does not show as DisplayRecords.
import { z } from './zod';
import { CachedReadInput, DisplayRecord, cached } from './common';

/** §2.2. Unknown fields are dropped here: the renderer shows the documented ones. */
export const ServiceMetadata = z.object({
  service: z.string(),
  version: z.string(),
  environment: z.string(),
  org: z.object({ id: z.string(), name: z.string() }),
  principal: z.object({
    type: z.string(),
    authMode: z.string(),
    userId: z.string(),
    scopes: z.array(z.string()),
    /**
     * Not in the spec: the user's name, when the service sends one beside `userId` (core reads
     * it from the usual keys); the screens show it rather than the identifier.
     */
    name: z.string().optional(),
  }),
  /** The six shown capabilities, plus any other boolean the service reports. */
  capabilities: z
    .object({
      streaming: z.boolean(),
      runs: z.boolean(),
      briefings: z.boolean(),
      deals: z.boolean(),
      tokens: z.boolean(),
      usage: z.boolean(),
    })
    .catchall(z.boolean()),
});
export type ServiceMetadata = z.infer<typeof ServiceMetadata>;

const Quota = z.number().int().nullable();

/** §2.4. A null limit is shown as "no limit". */
export const UsageSummary = z.object({
  billingPeriod: z.object({ start: z.string(), end: z.string() }),
  requests: z.object({ count: z.number().int(), limit: Quota }),
  runs: z.object({ count: z.number().int(), limit: Quota }),
  tokens: z.object({ input: z.number().int(), output: z.number().int(), limit: Quota }),
});
export type UsageSummary = z.infer<typeof UsageSummary>;

/** An agent: `title` is its name, `subtitle` its description when it has one. */
export const Agent = DisplayRecord;
export type Agent = z.infer<typeof Agent>;

/** A deal: `title` is its name; `account` and `stage` when core can find them (for search). */
export const Deal = DisplayRecord.extend({
  account: z.string().optional(),
  stage: z.string().optional(),
});
export type Deal = z.infer<typeof Deal>;

/** A briefing: whatever fields it carries, in `data`. */
export const Briefing = DisplayRecord;
export type Briefing = z.infer<typeof Briefing>;

export const CachedMetadata = cached(ServiceMetadata);
export const CachedAgents = cached(z.array(Agent));
export const CachedDeals = cached(z.array(Deal));
/**
 * The deals the picker holds. Core loads at most a bounded number; `truncated` says the service has
 * more (`total` of them, when it says how many), so the picker can say so and search the rest.
 * With a `search`, `searchedBy` tells whether the service filtered or core went through every
 * page itself.
 */
export const DealsList = CachedDeals.extend({
  truncated: z.boolean().optional(),
  total: z.number().int().nonnegative().optional(),
  searchedBy: z.enum(['service', 'local']).optional(),
});
export type DealsList = z.infer<typeof DealsList>;
export const CachedDeal = cached(Deal);
export const CachedBriefing = cached(Briefing);

export const DealsListInput = CachedReadInput.extend({
  /** Matched, case-insensitively, against name, account, stage and the other text fields. */
  search: z.string().max(200).optional(),
});
export const DealsGetInput = CachedReadInput.extend({ dealId: z.string().min(1).max(200) });
