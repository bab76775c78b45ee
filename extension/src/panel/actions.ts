// What the panel does, through the bridge: finds the tab's deal, loads the agents and quota, asks,
// follows the answer (resuming after a reconnect from runs.follow's snapshot), cancels, retries,
// and opens an earlier run. Every answer is checked with the contract's schemas.
import type { ErrorData } from '../../../electron/contract';
import {
  CachedAgents,
  CachedBriefing,
  LiveRun,
  LiveRunSummary,
  Transcript,
  RunsFound,
  RunUpdates,
  UsageSummary,
  Deal,
} from '../../../electron/contract';
import { z } from '../../../electron/contract/zod';
import { meetingsOf, upcomingMeeting } from '../../../electron/domain/briefings/meetings';
import { askQuotaWarnings } from '../../../src/lib/usage';
import { RunOutput } from '../../../src/lib/runOutput';
import type { Translator } from '../../../electron/domain/i18n/translator';
import type { Bridge } from '../bridge/bridge';
import type { DealAddress } from '../deal-address';
import { sameDeal } from '../background/panel-options';
import { cutText } from '../background/cut-text';
import { usePanel, type Asked, type FoundFor } from './store';
import type { Preferences } from './preferences';

// The companion's own two answers (electron/core/companion/subset.ts), in the contract's schemas.
const FoundDeal = z.object({
  deal: Deal.nullable(),
  matchedBy: z.enum(['record-id', 'title']).nullable(),
  host: z.enum(['agrees', 'unstated']).nullable(),
});
type FoundDeal = z.infer<typeof FoundDeal>;

/** The lookup's bound on the title (electron/core/companion/subset.ts). */
const MAX_LOOKUP_TITLE_UNITS = 200;
const Followed = z.object({ run: LiveRun.nullable(), transcript: Transcript.nullable() });

type Answer<T> = { ok: true; data: T } | { ok: false; error: ErrorData };

async function request<T>(
  bridge: Bridge,
  name: string,
  input: unknown,
  schema: z.ZodType<T>,
): Promise<Answer<T>> {
  const result = await bridge.call(name, input);
  if (!result.ok) return result;
  const parsed = schema.safeParse(result.data);
  if (parsed.success) return { ok: true, data: parsed.data };
  return {
    ok: false,
    error: {
      code: 'unexpected_answer',
      message: 'Assistant answered in a shape the panel does not know.',
      retryable: false,
    },
  };
}

const set = usePanel.setState;
const get = usePanel.getState;

export class PanelActions {
  constructor(
    private readonly bridge: Bridge,
    private readonly preferences: Preferences,
    /** The words in the language in use now (quota warnings are sentences). */
    private readonly words: () => Translator['t'],
  ) {}

  /** Looks the deal up again by the name the user typed ("This deal isn't in Assistant"). */
  findByName(name: string): void {
    set({ title: name });
    void this.findDeal();
  }

  async findDeal(): Promise<void> {
    const { address, title } = get();
    if (address === null) {
      set({ lookup: { status: 'no-deal' }, runs: [] });
      return;
    }
    set({ lookup: { status: 'looking' }, runs: [], meeting: null });
    const input = {
      crm: address.crm,
      recordId: address.recordId,
      host: address.host,
      ...(title?.trim() ? { title: cutText(title.trim(), MAX_LOOKUP_TITLE_UNITS) } : {}),
    };
    const found = await request(this.bridge, 'deals.findByCrmRecord', input, FoundDeal);
    if (get().address !== address) return;
    if (!found.ok) set({ lookup: { status: 'failed', error: found.error } });
    else if (found.data.deal === null) set({ lookup: { status: 'missing' } });
    else await this.showFound(address, found.data, found.data.deal);
  }

  /**
   * The service's spec says nothing of a deal's CRM host, and a record id is only unique within
   * one organisation (`attacker-trial.pipedrive.com/deal/41448` names the user's deal 41448 too).
   * So a deal is shown from a host its record names, or one the panel has shown this CRM's deals
   * from; the first host of a CRM is taken as the user's with a notice saying so (trust on first
   * use); another host of that CRM is held back until the user says it is theirs too.
   */
  private async showFound(address: DealAddress, found: FoundDeal, deal: Deal): Promise<void> {
    const known = await this.preferences.crmHosts(address.crm).catch((): string[] => []);
    if (get().address !== address) return;
    const seen = found.host === 'agrees' || known.includes(address.host);
    const shown: FoundFor = {
      deal,
      address,
      matchedBy: found.matchedBy === 'title' ? 'title' : 'record-id',
      firstFromHost: !seen,
    };
    if (!seen && known.length > 0) {
      set({ lookup: { status: 'other-host', knownHosts: known, ...shown } });
      return;
    }
    if (!seen || found.host === 'agrees') this.rememberHost(address);
    this.show(shown);
  }

  private rememberHost(address: DealAddress): void {
    void this.preferences.rememberCrmHost(address.crm, address.host).catch(() => undefined);
  }

  private show(found: FoundFor): void {
    set({ lookup: { status: 'found', ...found } });
    void this.loadRuns(found.deal.id);
    void this.loadMeeting(found.deal.id);
  }

  /** The user says the held-back host is their company's CRM too: its deals are shown from now on. */
  confirmHost(): void {
    const lookup = get().lookup;
    if (lookup.status !== 'other-host' || !sameDeal(lookup.address, get().address)) return;
    this.rememberHost(lookup.address);
    const { deal, address, matchedBy } = lookup;
    this.show({ deal, address, matchedBy, firstFromHost: false });
  }

  /**
   * What the tab shows could not be read: nothing of the previous deal stays on show, and nothing
   * asked now can be filed under it.
   */
  pageUnreadable(): void {
    set({
      address: null,
      title: undefined,
      lookup: { status: 'unreadable' },
      asked: null,
      askError: undefined,
      runs: [],
      meeting: null,
    });
  }

  async loadRuns(dealId: string): Promise<void> {
    const found = await request(this.bridge, 'runs.find', { dealId, limit: 20 }, RunsFound);
    const lookup = get().lookup;
    if (!found.ok || lookup.status !== 'found' || lookup.deal.id !== dealId) return;
    const newest = [...found.data.items].sort((a, b) =>
      (b.createdAt ?? '').localeCompare(a.createdAt ?? ''),
    );
    set({ runs: newest });
  }

  /** The service's meeting briefing is about the user's next meeting: shown when it is this deal's. */
  async loadMeeting(dealId: string): Promise<void> {
    const briefing = await request(this.bridge, 'briefings.meeting', {}, CachedBriefing);
    const lookup = get().lookup;
    if (!briefing.ok || lookup.status !== 'found' || lookup.deal.id !== dealId) return;
    const about = meetingsOf(briefing.data.value.data).filter((m) => m.dealId === dealId);
    set({ meeting: upcomingMeeting(about, new Date()) ?? null });
  }

  async loadAgentsAndUsage(): Promise<void> {
    const [agents, usage, remembered] = await Promise.all([
      request(this.bridge, 'agents.list', {}, CachedAgents),
      request(this.bridge, 'usage.summary', {}, UsageSummary),
      this.preferences.lastAgent(),
    ]);
    if (agents.ok) {
      const list = agents.data.value;
      const agentId = list.find((a) => a.id === remembered)?.id ?? list[0]?.id;
      set({ agents: list, agentId });
    }
    if (usage.ok) set({ warnings: askQuotaWarnings(usage.data, this.words()) });
  }

  chooseAgent(agentId: string): void {
    set({ agentId });
    void this.preferences.rememberAgent(agentId);
  }

  async ask(message: string): Promise<void> {
    const { agentId, lookup, address } = get();
    if (agentId === undefined || lookup.status !== 'found') return;
    // Never filed under a deal the tab no longer shows.
    if (!sameDeal(lookup.address, address)) return;
    set({ askError: undefined });
    const started = await request(
      this.bridge,
      'runs.start',
      { agentId, message, dealId: lookup.deal.id },
      LiveRunSummary,
    );
    if (!started.ok) {
      set({ askError: started.error });
      return;
    }
    const run = started.data;
    const output = new RunOutput(run.runId);
    set({
      asked: {
        runId: run.runId,
        startedHere: true,
        agentId,
        message,
        output,
        status: run.status,
        done: run.done,
        error: run.error,
      },
    });
    // Its first updates may have come before this answer: the snapshot says where it stands.
    await this.follow(run.runId);
  }

  async follow(runId: string): Promise<void> {
    const followed = await request(this.bridge, 'runs.follow', { runId }, Followed);
    const asked = get().asked;
    if (!followed.ok || asked === null || asked.runId !== runId) return;
    const { run, transcript } = followed.data;
    if (run !== null) {
      asked.output.reset(run.text, run.seq);
      // The snapshot says where the run stands now: after a reconnect it may have ended meanwhile.
      this.update(asked, {
        done: run.done,
        status: run.status,
        error: run.error,
        ...(asked.message === '' && run.message !== undefined ? { message: run.message } : {}),
        ...(asked.agentId === '' ? { agentId: run.agentId } : {}),
      });
    } else if (transcript !== null) {
      asked.output.reset(transcript.text, Number.MAX_SAFE_INTEGER);
      this.update(asked, {
        done: true,
        ...(transcript.status ? { status: transcript.status } : {}),
      });
    }
  }

  update(asked: Asked, change: Partial<Asked>): void {
    if (get().asked?.runId === asked.runId) set({ asked: { ...asked, ...change } });
  }

  onRunUpdates(payload: unknown): void {
    const parsed = RunUpdates.safeParse(payload);
    const asked = get().asked;
    if (!parsed.success || asked === null) return;
    for (const batch of parsed.data.updates) {
      if (batch.runId !== asked.runId) continue;
      if (asked.output.apply(batch) === 'gap') void this.follow(asked.runId);
      const status = batch.statuses?.at(-1) ?? asked.status;
      const current = get().asked ?? asked;
      this.update(current, {
        status,
        done: batch.done === true || current.done,
        error: batch.error ?? current.error,
      });
      if (batch.done === true) {
        const lookup = get().lookup;
        if (lookup.status === 'found') void this.loadRuns(lookup.deal.id);
      }
    }
  }

  async cancel(): Promise<void> {
    const asked = get().asked;
    // The app stops only runs this browser started (subset.ts): no button for the others.
    if (asked === null || asked.done || !asked.startedHere) return;
    const result = await request(
      this.bridge,
      'runs.cancel',
      { runId: asked.runId },
      LiveRunSummary,
    );
    if (!result.ok) set({ askError: result.error });
  }

  async retry(): Promise<void> {
    const asked = get().asked;
    if (asked === null) return;
    set({ agentId: asked.agentId });
    await this.ask(asked.message);
  }

  async openRun(runId: string, agentId: string | undefined): Promise<void> {
    const output = new RunOutput(runId);
    set({
      asked: {
        runId,
        startedHere: false,
        agentId: agentId ?? '',
        message: '',
        output,
        status: '',
        done: false,
        error: undefined,
      },
    });
    await this.follow(runId);
  }

  setTab(address: DealAddress | null, title: string | undefined): void {
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
      lookup: address === null ? { status: 'no-deal' } : { status: 'looking' },
    });
    if (get().connection.kind === 'ready') void this.findDeal();
  }

  /** Once connected (again): load what the panel shows, and re-follow a run that was live. */
  onReady(): void {
    void this.findDeal();
    void this.loadAgentsAndUsage();
    const asked = get().asked;
    if (asked !== null && !asked.done) void this.follow(asked.runId);
  }
}
