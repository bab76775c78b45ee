// The panel's actions about the tab's deal: what the tab shows, the deal found for it (by record
// id or by name, on a host the user knows), the deal's runs and next meeting. Every answer is
// read by the typed call with the contract's schemas; one that fails them shows as an error.
import { MAX_LOOKUP_TITLE_UNITS, type Deal, type FoundDeal } from '../../../electron/contract';
import { meetingsOf, upcomingMeeting } from '../../../electron/domain/briefings/meetings';
import { attendeesOf } from '../../../src/lib/meetingPrep';
import { outcomeOf } from '../bridge/call';
import { sameDeal } from '../background/panel-options';
import { cutText } from '../background/cut-text';
import type { DealAddress } from '../deal-address';
import { IDLE_PREPARE, type FoundFor, type PanelContext } from './panel-state';

export async function findDeal(ctx: PanelContext): Promise<void> {
  const { set, get } = ctx;
  const { address, title } = get();
  if (address === null) {
    set({ lookup: { status: 'no-deal' }, runs: [] });
    return;
  }
  set({
    lookup: { status: 'looking' },
    runs: [],
    meeting: null,
    attendees: [],
    prep: null,
    preparing: IDLE_PREPARE,
    openError: undefined,
  });
  const input = {
    crm: address.crm,
    recordId: address.recordId,
    host: address.host,
    ...(title?.trim() ? { title: cutText(title.trim(), MAX_LOOKUP_TITLE_UNITS) } : {}),
  };
  const found = await outcomeOf(ctx.call('deals.findByCrmRecord', input));
  if (get().address !== address) return;
  if (!found.ok) set({ lookup: { status: 'failed', error: found.error } });
  else if (found.data.deal === null) set({ lookup: { status: 'missing' } });
  else await showFound(ctx, address, found.data, found.data.deal);
}

/**
 * The company's CRM hosts IT set in the app, kept for the recogniser (the worker follows them).
 * An app that does not know the request, or fails it, leaves what was kept as it was.
 */
export async function loadCompanyHosts(ctx: PanelContext): Promise<void> {
  const answer = await outcomeOf(ctx.call('crm.companyHosts', {}));
  if (!answer.ok) return;
  await ctx.preferences.rememberAppCrmHosts(answer.data.hosts).catch(() => undefined);
}

export function findByName(ctx: PanelContext, name: string): void {
  ctx.set({ title: name });
  void findDeal(ctx);
}

/**
 * The service's spec says nothing of a deal's CRM host, and a record id is only unique within
 * one organisation (`attacker-trial.pipedrive.com/deal/41448` names the user's deal 41448 too).
 * So a deal is shown from a host its record names, or one the panel has shown this CRM's deals
 * from; the first host of a CRM is taken as the user's with a notice saying so (trust on first
 * use); another host of that CRM is held back until the user says it is theirs too.
 */
async function showFound(
  ctx: PanelContext,
  address: DealAddress,
  found: FoundDeal,
  deal: Deal,
): Promise<void> {
  const [known, organisation] = await Promise.all([
    ctx.preferences.crmHosts(address.crm).catch((): string[] => []),
    ctx.preferences.organisationHosts(address.crm).catch((): string[] => []),
  ]);
  if (ctx.get().address !== address) return;
  // A host IT set is the company's by policy: never "first from", never held back.
  const setByOrganisation = organisation.includes(address.host);
  const seen = found.host === 'agrees' || setByOrganisation || known.includes(address.host);
  const shown: FoundFor = {
    deal,
    address,
    matchedBy: found.matchedBy === 'title' ? 'title' : 'record-id',
    firstFromHost: !seen,
    ...(setByOrganisation ? { setByOrganisation } : {}),
  };
  if (!seen && known.length > 0) {
    ctx.set({ lookup: { status: 'other-host', knownHosts: known, ...shown } });
    return;
  }
  if (!seen || found.host === 'agrees') rememberHost(ctx, address);
  show(ctx, shown);
}

function rememberHost(ctx: PanelContext, address: DealAddress): void {
  void ctx.preferences.rememberCrmHost(address.crm, address.host).catch(() => undefined);
}

function show(ctx: PanelContext, found: FoundFor): void {
  ctx.set({ lookup: { status: 'found', ...found } });
  void loadRuns(ctx, found.deal.id);
  void loadMeeting(ctx, found.deal.id);
}

export function confirmHost(ctx: PanelContext): void {
  const lookup = ctx.get().lookup;
  if (lookup.status !== 'other-host' || !sameDeal(lookup.address, ctx.get().address)) return;
  rememberHost(ctx, lookup.address);
  const { deal, address, matchedBy } = lookup;
  show(ctx, { deal, address, matchedBy, firstFromHost: false });
}

export function pageUnreadable(ctx: PanelContext): void {
  ctx.set({
    address: null,
    title: undefined,
    lookup: { status: 'unreadable' },
    asked: null,
    askError: undefined,
    runs: [],
    meeting: null,
    attendees: [],
    prep: null,
    preparing: IDLE_PREPARE,
    openError: undefined,
  });
}

export function setTab(
  ctx: PanelContext,
  address: DealAddress | null,
  title: string | undefined,
): void {
  const { set, get } = ctx;
  // The same deal again (a woken service worker tells it anew, a query or hash moved): the
  // answer being read stays.
  if (sameDeal(get().address, address) && get().lookup.status !== 'unreadable') return;
  // The previous deal goes at once, connected or not: nothing is shown or asked under it.
  set({
    address,
    title,
    asked: null,
    askError: undefined,
    runs: [],
    meeting: null,
    attendees: [],
    prep: null,
    preparing: IDLE_PREPARE,
    openError: undefined,
    lookup: address === null ? { status: 'no-deal' } : { status: 'looking' },
  });
  if (get().connection.kind === 'ready') void findDeal(ctx);
}

export async function loadRuns(ctx: PanelContext, dealId: string): Promise<void> {
  const found = await outcomeOf(ctx.call('runs.find', { dealId, limit: 20 }));
  const lookup = ctx.get().lookup;
  if (!found.ok || lookup.status !== 'found' || lookup.deal.id !== dealId) return;
  const newest = [...found.data.items].sort((a, b) =>
    (b.createdAt ?? '').localeCompare(a.createdAt ?? ''),
  );
  ctx.set({ runs: newest });
}

/**
 * The service's meeting briefing is about the user's next meeting: shown when it is this deal's,
 * with its automatic prep where the app has one (an app without automatic prep answers an error,
 * and the meeting shows without).
 */
export async function loadMeeting(ctx: PanelContext, dealId: string): Promise<void> {
  const [briefing, preps] = await Promise.all([
    outcomeOf(ctx.call('briefings.meeting', {})),
    outcomeOf(ctx.call('prep.forDeal', { dealId })),
  ]);
  const lookup = ctx.get().lookup;
  if (!briefing.ok || lookup.status !== 'found' || lookup.deal.id !== dealId) return;
  const data = briefing.data.value.data;
  const meetings = meetingsOf(data);
  const about = meetings.filter((m) => m.dealId === dealId);
  const meeting = upcomingMeeting(about, new Date()) ?? null;
  // The briefing's attendees are its own meeting's (its first): shown only when that is the
  // deal's next one.
  const attendees = meeting !== null && meetings[0]?.key === meeting.key ? attendeesOf(data) : [];
  const prep =
    meeting === null || !preps.ok
      ? undefined
      : preps.data.meetings.find((m) => m.meetingKey === meeting.key);
  ctx.set({ meeting, attendees, prep: prep ?? null });
}

export async function refreshMeeting(ctx: PanelContext): Promise<void> {
  const lookup = ctx.get().lookup;
  if (lookup.status === 'found') await loadMeeting(ctx, lookup.deal.id);
}
