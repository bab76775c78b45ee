// What the browser companion may ask, declared once for both ends: the app's companion host
// (electron/companion/subset.ts) serves exactly these, and the extension's typed call
// (extension/src/bridge/call.ts) checks its input and the answer with the same schemas. The
// table of every request the companion may make, with its schemas, is `companionRequests`
// (./index): this subset of the contract's `requests`, its narrowings, and the one below. That
// both lists name contract requests is checked in ./index, where the names are (no import circle).
import { AutoPrepPrepareInput, AutoPrepPrepared, AutoPreps } from './auto-prep';
import { Empty } from './common';
import { Crm } from './deal-by-record';
import { LiveRun, RunIdInput, RunsFindInput, Transcript } from './runs';
import { CrmDomain } from './settings';
import { z } from './zod';

/** Contract requests the companion may make, with the contract's own schemas (but for runs.find). */
export const CONTRACT_SUBSET = [
  'deals.get',
  'deals.findByCrmRecord',
  'agents.list',
  'runs.start',
  'runs.cancel',
  'runs.find',
  'briefings.meeting',
  'usage.summary',
  'app.show',
] as const;
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
] as const;

/** Finding runs is for one deal at a time: the panel shows that deal's runs. */
export const CompanionRunsFindInput = RunsFindInput.required({ dealId: true });

/** A run as it stands: live (its text so far and the seq it reached), else its stored transcript. */
export const FollowOutput = z.object({
  run: LiveRun.nullable(),
  transcript: Transcript.nullable(),
});
export type FollowOutput = z.infer<typeof FollowOutput>;

/**
 * The company's CRM hosts IT set in the app (the setting `companion.crmDomains`, policy
 * CompanionCrmDomains), each with its CRM: the extension treats them as the hosts IT sets in its
 * own managed storage. Only these, never the settings they are read from.
 */
export const CompanyCrmHosts = z.object({
  hosts: z.array(z.object({ host: CrmDomain, crm: Crm })).max(100),
});
export type CompanyCrmHosts = z.infer<typeof CompanyCrmHosts>;

/** A deal's meetings with their automatic prep (issue 38): the deal the panel's tab shows. */
export const DealPrepsInput = z.strictObject({ dealId: z.string().min(1).max(200) });

/** The companion's own requests, built by its host on the subset; not in the app's contract. */
export const companionOwnRequests = {
  // Where a run stands now; its updates follow as `run.update` events on this connection.
  'runs.follow': { input: RunIdInput, output: FollowOutput },
  'crm.companyHosts': { input: Empty, output: CompanyCrmHosts },
  // This deal's meetings and their automatic prep (autoPrep.list narrowed to the deal): the
  // panel shows the prep beside the deal in the hour before its meeting.
  'prep.forDeal': { input: DealPrepsInput, output: AutoPreps },
  // Prepare one of this deal's meetings now (autoPrep.prepare): the app chooses the agent, and a
  // meeting occurrence gets one prep, so a second Prepare answers the one running or ready.
  'prep.start': { input: AutoPrepPrepareInput, output: AutoPrepPrepared },
} as const;
export type CompanionOwnName = keyof typeof companionOwnRequests;
export const COMPANION_REQUESTS = [
  'runs.follow',
  'crm.companyHosts',
  'prep.forDeal',
  'prep.start',
] as const satisfies readonly CompanionOwnName[];
