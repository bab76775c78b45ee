// What the browser companion may ask, declared once for both ends: the app's companion host
// (electron/core/companion/subset.ts) serves exactly these, and the extension's typed call
// (extension/src/bridge/call.ts) checks its input and the answer with the same schemas. The
// table of every request the companion may make, with its schemas, is `companionRequests`
// (./index): this subset of the contract's `requests`, its narrowings, and the two below.
import { Deal } from './service';
import { LiveRun, RunIdInput, RunsFindInput, Transcript } from './runs';
import type { RequestName } from './index';
import { z } from './zod';

/** Contract requests the companion may make, with the contract's own schemas (but for runs.find). */
export const CONTRACT_SUBSET = [
  'deals.get',
  'agents.list',
  'runs.start',
  'runs.cancel',
  'runs.find',
  'briefings.meeting',
  'usage.summary',
] as const satisfies readonly RequestName[];
export type ContractSubsetName = (typeof CONTRACT_SUBSET)[number];

/**
 * Never served to a companion, even if a later edit put one in the subset: the user's decisions
 * about browsers (a browser must never allow itself), settings, the session, the service's
 * address, diagnostics and the inbox.
 */
export const REFUSED_TO_COMPANION = [
  'companion.browsers',
  'companion.decide',
  'companion.revoke',
  'settings.get',
  'settings.update',
  'session.status',
  'session.signIn',
  'session.setToken',
  'session.signOut',
  'service.metadata',
  'app.info',
  'diagnostics.copy',
  'inbox.list',
  'inbox.markRead',
  'inbox.markAllRead',
  'inbox.catchUp',
] as const satisfies readonly RequestName[];

/** Finding runs is for one deal at a time: the panel shows that deal's runs. */
export const CompanionRunsFindInput = RunsFindInput.required({ dealId: true });

/** The CRMs whose deal pages the extension reads (extension/src/deal-address). */
export const CompanionCrm = z.enum(['salesforce', 'hubspot', 'pipedrive', 'dynamics', 'zoho']);

/** The longest title the lookup takes (the panel cuts a longer one: never refused). */
export const MAX_LOOKUP_TITLE_UNITS = 200;

export const FindByCrmRecordInput = z.strictObject({
  crm: CompanionCrm,
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

/** A run as it stands: live (its text so far and the seq it reached), else its stored transcript. */
export const FollowOutput = z.object({
  run: LiveRun.nullable(),
  transcript: Transcript.nullable(),
});
export type FollowOutput = z.infer<typeof FollowOutput>;

/** The companion's own requests, built by its host on the subset; not in the app's contract. */
export const companionOwnRequests = {
  // The tab's deal, by its CRM record id (else by the tab's title), on the tab's CRM host.
  'deals.findByCrmRecord': { input: FindByCrmRecordInput, output: FoundDeal },
  // Where a run stands now; its updates follow as `run.update` events on this connection.
  'runs.follow': { input: RunIdInput, output: FollowOutput },
} as const;
export type CompanionOwnName = keyof typeof companionOwnRequests;
export const COMPANION_REQUESTS = [
  'deals.findByCrmRecord',
  'runs.follow',
] as const satisfies readonly CompanionOwnName[];
