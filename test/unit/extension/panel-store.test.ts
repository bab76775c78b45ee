// The panel's store (createPanelStore) over the typed call of a stand-in bridge that answers as the
// companion host does (the call checks each answer with the contract's schemas): the tab's
// deal found (with its runs newest first and its meeting), not found, searched by name; an answer
// asked, followed from its snapshot, its updates applied once each in order, a gap and a
// reconnect resynchronised from runs.follow; Cancel and Retry; the agent asked last remembered.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../extension/src/bridge/bridge';
import type { CallResult } from '../../../extension/src/bridge/messages';
import type { ConnectionState } from '../../../extension/src/bridge/states';
import { companionCall, UNEXPECTED_ANSWER } from '../../../extension/src/bridge/call';
import {
  createPanelStore,
  type PanelStoreHook,
} from '../../../extension/src/panel/createPanelStore';
import type { PanelActions } from '../../../extension/src/panel/panel-state';
import type { Preferences } from '../../../extension/src/panel/preferences';
import { englishT } from '../../support/translators';
import { meetingsOf } from '../../../electron/domain/briefings/meetings';

const DEAL = { id: '7d3c5a0e-1111-4222-8333-944455556666', title: 'Acme renewal', data: {} };
const ADDRESS = {
  crm: 'salesforce' as const,
  recordId: '006000000000001',
  host: 'acme.lightning.force.com',
};
const STARTED_AT = '2026-11-27T09:00:00.000Z';

type Answerer = (input: Record<string, unknown>) => unknown;

class StandInBridge implements Bridge {
  state: ConnectionState = { kind: 'ready', app: '0.1.0' };
  calls: [string, Record<string, unknown>][] = [];
  answers = new Map<string, Answerer>();
  onState = () => () => undefined;
  onEvent = () => () => undefined;
  retry = () => undefined;
  close = () => undefined;

  async call(name: string, input: unknown): Promise<CallResult> {
    this.calls.push([name, input as Record<string, unknown>]);
    const answer = this.answers.get(name);
    if (answer === undefined) {
      return { ok: false, error: { code: 'not_here', message: 'No answer.', retryable: false } };
    }
    return { ok: true, data: answer(input as Record<string, unknown>) };
  }

  named(name: string): Record<string, unknown>[] {
    return this.calls.filter(([n]) => n === name).map(([, input]) => input);
  }
}

function liveRun(runId: string, text: string, seq: number, done = false) {
  return {
    runId,
    agentId: 'sales.deal_coach',
    dealId: DEAL.id,
    status: done ? 'succeeded' : 'running',
    stream: done ? 'closed' : 'open',
    done,
    startedAt: STARTED_AT,
    seq,
    text,
  };
}

function updates(...batches: { seq: number; text: string; done?: boolean }[]) {
  return {
    updates: batches.map((b) => ({
      runId: 'run_1',
      seq: b.seq,
      textAppended: b.text,
      ...(b.done ? { done: true, statuses: ['succeeded'] } : {}),
    })),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let bridge: StandInBridge;
let remembered: string | undefined;
let hostsSeen: Map<string, string[]>;
let organisationHosts: Map<string, string[]>;
let appHosts: unknown[] | undefined;
let usePanel: PanelStoreHook;
let actions: PanelActions;
let snapshot: ReturnType<typeof liveRun> & { message?: string };
let appLinks: string[];

const preferences: Preferences = {
  lastAgent: async () => remembered,
  rememberAgent: async (agentId) => {
    remembered = agentId;
  },
  crmHosts: async (crm) => [...(hostsSeen.get(crm) ?? []), ...(organisationHosts.get(crm) ?? [])],
  organisationHosts: async (crm) => organisationHosts.get(crm) ?? [],
  rememberAppCrmHosts: async (hosts) => {
    appHosts = [...hosts];
  },
  rememberCrmHost: async (crm, host) => {
    hostsSeen.set(crm, [...(hostsSeen.get(crm) ?? []).filter((h) => h !== host), host]);
  },
};

beforeEach(() => {
  bridge = new StandInBridge();
  usePanel = createPanelStore({
    call: companionCall(bridge),
    preferences,
    words: () => englishT,
    openAppLink: (url) => appLinks.push(url),
  });
  actions = usePanel.getState();
  usePanel.setState({
    connection: { kind: 'ready', app: '0.1.0' },
    address: ADDRESS,
    title: 'Acme renewal | Salesforce',
    lookup: { status: 'no-deal' },
    asked: null,
    runs: [],
    meeting: null,
  });
  remembered = undefined;
  appLinks = [];
  hostsSeen = new Map([['salesforce', [ADDRESS.host]]]);
  organisationHosts = new Map();
  appHosts = undefined;
  snapshot = liveRun('run_1', '', 0);
  bridge.answers.set('deals.findByCrmRecord', () => ({
    deal: DEAL,
    matchedBy: 'record-id',
    host: 'unstated',
  }));
  bridge.answers.set('runs.find', () => ({
    items: [
      { runId: 'old', id: 'old', title: 'Old', data: {}, createdAt: '2026-11-01T09:00:00Z' },
      { runId: 'new', id: 'new', title: 'New', data: {}, createdAt: '2026-11-20T09:00:00Z' },
    ],
    scanned: 2,
    complete: true,
  }));
  bridge.answers.set('briefings.meeting', () => ({
    value: {
      id: 'brf_1',
      title: 'Meeting',
      data: { title: 'Renewal call', startsAt: '2099-01-01T10:00:00Z', dealId: DEAL.id },
    },
    fetchedAt: STARTED_AT,
    stale: false,
  }));
  bridge.answers.set('runs.start', () => liveRun('run_1', '', 0));
  bridge.answers.set('runs.follow', () => ({ run: snapshot, transcript: null }));
  bridge.answers.set('runs.cancel', () => liveRun('run_1', '', 0));
});

describe('the tab’s deal', () => {
  it('is found by its CRM record and the tab’s title, with its runs newest first and its meeting', async () => {
    await actions.findDeal();
    await settle();
    expect(bridge.named('deals.findByCrmRecord')).toEqual([
      {
        crm: 'salesforce',
        recordId: '006000000000001',
        host: 'acme.lightning.force.com',
        title: 'Acme renewal | Salesforce',
      },
    ]);
    const state = usePanel.getState();
    expect(state.lookup).toEqual({
      status: 'found',
      deal: DEAL,
      address: ADDRESS,
      matchedBy: 'record-id',
      firstFromHost: false,
    });
    expect(state.runs.map((r) => r.runId)).toEqual(['new', 'old']);
    expect(bridge.named('runs.find')).toEqual([{ dealId: DEAL.id, limit: 20 }]);
    expect(state.meeting).toMatchObject({ title: 'Renewal call', dealId: DEAL.id });
  });

  it('shows its meeting’s automatic prep, and the meeting alone where the app has none', async () => {
    const [meeting] = meetingsOf({
      title: 'Renewal call',
      startsAt: '2099-01-01T10:00:00Z',
      dealId: DEAL.id,
    });
    const ready = {
      status: 'ready',
      runId: 'prep_1',
      finishedAt: STARTED_AT,
      firstLines: 'Key facts: renewal at risk.',
      read: false,
    };
    bridge.answers.set('prep.forDeal', () => ({
      meetings: [
        // Another of this deal's meetings: not the one shown.
        { meetingKey: 'other', startsAt: '2099-01-02T10:00:00Z', dealId: DEAL.id, prep: ready },
        {
          meetingKey: meeting?.key,
          startsAt: '2099-01-01T10:00:00Z',
          dealId: DEAL.id,
          prep: { ...ready, runId: 'prep_2' },
        },
      ],
    }));
    await actions.findDeal();
    await settle();
    expect(bridge.named('prep.forDeal')).toEqual([{ dealId: DEAL.id }]);
    expect(usePanel.getState().prep?.prep).toMatchObject({ status: 'ready', runId: 'prep_2' });

    // An app without automatic prep refuses the request: the meeting shows without one.
    bridge.answers.delete('prep.forDeal');
    await actions.refreshMeeting();
    expect(usePanel.getState().meeting).toMatchObject({ title: 'Renewal call' });
    expect(usePanel.getState().prep).toBeNull();
  });

  it('prepares its meeting through the app, follows the prep as an answer, and shows one already there', async () => {
    const [meeting] = meetingsOf({
      title: 'Renewal call',
      startsAt: '2099-01-01T10:00:00Z',
      dealId: DEAL.id,
    });
    const at = { meetingKey: meeting?.key, startsAt: '2099-01-01T10:00:00Z', dealId: DEAL.id };
    bridge.answers.set('prep.forDeal', () => ({
      meetings: [{ ...at, prep: { status: 'scheduled', at: '2099-01-01T09:00:00Z' } }],
    }));
    let started = true;
    bridge.answers.set('prep.start', () => ({
      started,
      meeting: { ...at, prep: { status: 'running', runId: 'prep_9', startedAt: STARTED_AT } },
    }));
    snapshot = { ...liveRun('prep_9', 'Key facts', 3), message: 'Prepare me for this meeting' };
    await actions.findDeal();
    await settle();
    await actions.prepare();
    // The app chooses the agent: the panel names only the meeting and the deal it shows.
    expect(bridge.named('prep.start')).toEqual([{ meetingKey: meeting?.key, dealId: DEAL.id }]);
    const state = usePanel.getState();
    expect(state.prep?.prep).toMatchObject({ status: 'running', runId: 'prep_9' });
    expect(state.preparing).toEqual({ busy: false });
    expect(state.asked).toMatchObject({
      runId: 'prep_9',
      startedHere: true,
      message: 'Prepare me for this meeting',
    });
    expect(state.asked?.output.text()).toBe('Key facts');

    // The prep there already (asked on Today, or by the timer): followed, not the panel's to stop.
    started = false;
    await actions.prepare();
    expect(usePanel.getState().asked).toMatchObject({ runId: 'prep_9', startedHere: false });
  });

  it('says why Prepare gave no prep: the app’s error, or a prep that could not start', async () => {
    const [meeting] = meetingsOf({
      title: 'Renewal call',
      startsAt: '2099-01-01T10:00:00Z',
      dealId: DEAL.id,
    });
    await actions.findDeal();
    await settle();
    await actions.prepare();
    expect(usePanel.getState().preparing).toMatchObject({
      busy: false,
      error: { code: 'not_here' },
    });
    bridge.answers.set('prep.start', () => ({
      started: false,
      meeting: {
        meetingKey: meeting?.key,
        startsAt: '2099-01-01T10:00:00Z',
        prep: { status: 'skipped', reason: 'quota' },
      },
    }));
    await actions.prepare();
    expect(usePanel.getState().preparing).toEqual({ busy: false, notStarted: true });
    expect(usePanel.getState().asked).toBeNull();
    // Another deal on the tab: nothing of that Prepare stays.
    actions.setTab({ ...ADDRESS, recordId: '006000000000002' }, undefined);
    expect(usePanel.getState().preparing).toEqual({ busy: false });
  });

  it('opens in Assistant through the app, its own link only for an app that does not know how', async () => {
    bridge.answers.set('app.show', () => ({ shown: 'browser' }));
    await actions.showInApp({ screen: 'deal', id: DEAL.id });
    expect(bridge.named('app.show')).toEqual([{ screen: 'deal', id: DEAL.id }]);
    expect(appLinks).toEqual([]);
    expect(usePanel.getState().openError).toBeUndefined();
    // An app from before app.show refuses the name: the installed app's link is the way left.
    bridge.answers.delete('app.show');
    const refuse = (code: string) => async (): Promise<CallResult> => ({
      ok: false,
      error: { code, message: 'No.', retryable: false },
    });
    bridge.call = refuse('not_available_to_companion');
    await actions.showInApp({ screen: 'run', id: 'run_1' });
    expect(appLinks).toEqual(['assistant://run/run_1']);
    // Any other refusal is said, and nothing is opened.
    bridge.call = refuse('internal_error');
    await actions.showInApp({ screen: 'deal', id: DEAL.id });
    expect(appLinks).toHaveLength(1);
    expect(usePanel.getState().openError).toMatchObject({ code: 'internal_error' });
  });

  it('is not in Assistant, then searched by the name the user types', async () => {
    bridge.answers.set('deals.findByCrmRecord', () => ({
      deal: null,
      matchedBy: null,
      host: null,
    }));
    await actions.findDeal();
    expect(usePanel.getState().lookup).toEqual({ status: 'missing' });
    bridge.answers.set('deals.findByCrmRecord', () => ({
      deal: DEAL,
      matchedBy: 'title',
      host: 'unstated',
    }));
    actions.findByName('Acme renewal');
    await settle();
    expect(bridge.named('deals.findByCrmRecord').at(-1)).toMatchObject({ title: 'Acme renewal' });
    // Found by name, which the panel says beside it.
    expect(usePanel.getState().lookup).toMatchObject({ status: 'found', matchedBy: 'title' });
  });

  it('sends a title of any length cut at a code point with an ellipsis, never refused', async () => {
    usePanel.setState({ title: `${'😀'.repeat(150)} tail` });
    await actions.findDeal();
    const sent = String(bridge.named('deals.findByCrmRecord')[0]?.title);
    expect(sent.length).toBeLessThanOrEqual(200);
    expect(sent.endsWith('😀…')).toBe(true);
    // No half of a surrogate pair left (encodeURIComponent throws on one).
    expect(() => encodeURIComponent(sent)).not.toThrow();
  });

  it('shows the first host of a CRM with a notice and remembers it; holds another host back until the user says it is theirs', async () => {
    hostsSeen = new Map();
    await actions.findDeal();
    expect(usePanel.getState().lookup).toMatchObject({ status: 'found', firstFromHost: true });
    expect(hostsSeen.get('salesforce')).toEqual([ADDRESS.host]);

    const foreign = { ...ADDRESS, host: 'attacker-trial.lightning.force.com' };
    actions.setTab(foreign, 'Acme renewal');
    await settle();
    expect(bridge.named('deals.findByCrmRecord').at(-1)).toMatchObject({ host: foreign.host });
    expect(usePanel.getState().lookup).toMatchObject({
      status: 'other-host',
      knownHosts: [ADDRESS.host],
    });
    // Nothing can be asked under a deal held back.
    usePanel.setState({ agentId: 'sales.deal_coach' });
    await actions.ask('Our floor price?');
    expect(bridge.named('runs.start')).toEqual([]);

    actions.confirmHost();
    expect(usePanel.getState().lookup).toMatchObject({ status: 'found', firstFromHost: false });
    expect(hostsSeen.get('salesforce')).toEqual([ADDRESS.host, foreign.host]);
  });

  it('shows a deal from a host IT set as the company’s, saying so, while other hosts are known', async () => {
    hostsSeen = new Map([['salesforce', ['other.lightning.force.com']]]);
    organisationHosts = new Map([['salesforce', [ADDRESS.host]]]);
    await actions.findDeal();
    expect(usePanel.getState().lookup).toMatchObject({
      status: 'found',
      firstFromHost: false,
      setByOrganisation: true,
    });
  });

  it('keeps the company’s CRM hosts the app passes on from its policy, and nothing when it cannot', async () => {
    const hosts = [{ host: 'sales.globex.com', crm: 'salesforce' }];
    bridge.answers.set('crm.companyHosts', () => ({ hosts }));
    actions.onReady();
    await settle();
    expect(bridge.named('crm.companyHosts')).toEqual([{}]);
    expect(appHosts).toEqual(hosts);

    appHosts = undefined;
    bridge.answers.delete('crm.companyHosts');
    actions.onReady();
    await settle();
    expect(appHosts).toBeUndefined();
  });

  it('trusts a host the deal’s record names as its own', async () => {
    hostsSeen = new Map([['salesforce', ['other.lightning.force.com']]]);
    bridge.answers.set('deals.findByCrmRecord', () => ({
      deal: DEAL,
      matchedBy: 'record-id',
      host: 'agrees',
    }));
    await actions.findDeal();
    expect(usePanel.getState().lookup).toMatchObject({ status: 'found', firstFromHost: false });
    expect(hostsSeen.get('salesforce')).toContain(ADDRESS.host);
  });

  it('drops the previous deal at once when the tab cannot be read, and files nothing under it', async () => {
    await actions.findDeal();
    usePanel.setState({ agentId: 'sales.deal_coach' });
    actions.pageUnreadable();
    expect(usePanel.getState()).toMatchObject({ address: null, lookup: { status: 'unreadable' } });
    await actions.ask('Our floor price is $410k, can we go lower?');
    expect(bridge.named('runs.start')).toEqual([]);
    // The tab read again: its deal is looked up afresh.
    actions.setTab(ADDRESS, 'Acme renewal');
    await settle();
    expect(usePanel.getState().lookup).toMatchObject({ status: 'found' });
  });

  it('never files a question under a deal the tab no longer shows, even before the new lookup answers', async () => {
    await actions.findDeal();
    usePanel.setState({ agentId: 'sales.deal_coach' });
    // The app is out of reach when the tab moves on: no lookup runs, and the old deal still goes.
    usePanel.setState({ connection: { kind: 'connecting' } });
    actions.setTab({ ...ADDRESS, recordId: '006000000000002' }, 'Other');
    expect(usePanel.getState().lookup).toEqual({ status: 'looking' });
    await actions.ask('What next?');
    expect(bridge.named('runs.start')).toEqual([]);
  });

  it('turns to an error, never the previous deal, when the next tab’s lookup answers outside its schema', async () => {
    await actions.findDeal();
    expect(usePanel.getState().lookup).toMatchObject({ status: 'found', deal: DEAL });
    // A deal without its id: the call reads it with FoundDeal's schema and refuses it.
    bridge.answers.set('deals.findByCrmRecord', () => ({
      deal: { title: 'Forged deal', data: {} },
      matchedBy: 'record-id',
      host: 'agrees',
    }));
    actions.setTab({ ...ADDRESS, recordId: '006000000000002' }, 'Other');
    await settle();
    expect(usePanel.getState().lookup).toMatchObject({
      status: 'failed',
      error: { code: UNEXPECTED_ANSWER },
    });
    usePanel.setState({ agentId: 'sales.deal_coach' });
    await actions.ask('Our floor price is $410k, can we go lower?');
    expect(bridge.named('runs.start')).toEqual([]);
  });

  it('says why it could not be looked up', async () => {
    bridge.answers.delete('deals.findByCrmRecord');
    await actions.findDeal();
    expect(usePanel.getState().lookup).toMatchObject({
      status: 'failed',
      error: { code: 'not_here' },
    });
  });
});

describe('an answer', () => {
  async function asked() {
    await actions.findDeal();
    usePanel.setState({ agentId: 'sales.deal_coach' });
    await actions.ask('What next?');
    const current = usePanel.getState().asked;
    if (current === null) throw new Error('Nothing asked.');
    return current;
  }

  it('is started for the deal, followed from its snapshot, and takes each update once, in order', async () => {
    snapshot = liveRun('run_1', 'Hello', 1);
    const run = await asked();
    expect(bridge.named('runs.start')).toEqual([
      { agentId: 'sales.deal_coach', message: 'What next?', dealId: DEAL.id },
    ]);
    expect(run.output.text()).toBe('Hello');
    // Seq 1 is in the snapshot already: not applied twice.
    actions.onRunUpdates(updates({ seq: 1, text: 'Hello' }, { seq: 2, text: ', world' }));
    actions.onRunUpdates(updates({ seq: 3, text: '.', done: true }));
    await settle();
    const done = usePanel.getState().asked;
    expect(done?.output.text()).toBe('Hello, world.');
    expect(done).toMatchObject({ done: true, status: 'succeeded' });
    // Read when the deal was found, when the answer started, and when it ended.
    expect(bridge.named('runs.find')).toHaveLength(3);
  });

  it('is in the list of what was asked about the deal while it still streams', async () => {
    bridge.answers.set('runs.find', () => ({
      items:
        usePanel.getState().asked === null
          ? []
          : [
              {
                runId: 'run_1',
                id: 'run_1',
                title: 'What next?',
                data: {},
                status: 'running',
                createdAt: STARTED_AT,
              },
            ],
      scanned: 1,
      complete: true,
    }));
    await asked();
    await settle();
    expect(usePanel.getState().asked?.done).toBe(false);
    expect(usePanel.getState().runs.map((run) => run.runId)).toEqual(['run_1']);
  });

  it('after a missing update, or a reconnect, is read again from the snapshot: nothing lost or doubled', async () => {
    const run = await asked();
    actions.onRunUpdates(updates({ seq: 1, text: 'A' }));
    snapshot = liveRun('run_1', 'ABC', 3);
    actions.onRunUpdates(updates({ seq: 3, text: 'C' }));
    await settle();
    expect(run.output.text()).toBe('ABC');
    expect(bridge.named('runs.follow')).toHaveLength(2);

    snapshot = liveRun('run_1', 'ABCDE', 5);
    actions.onReady();
    await settle();
    actions.onRunUpdates(updates({ seq: 5, text: 'E' }, { seq: 6, text: 'F' }));
    expect(run.output.text()).toBe('ABCDEF');
  });

  it('ended while the app was out of reach: the snapshot after the reconnect says Done, not Working', async () => {
    await asked();
    expect(usePanel.getState().asked).toMatchObject({ status: 'running', done: false });
    snapshot = liveRun('run_1', 'All of it', 9, true);
    actions.onReady();
    await settle();
    expect(usePanel.getState().asked).toMatchObject({ status: 'succeeded', done: true });
  });

  it('stays when the tab is said to show the same deal again, and goes when it shows another', async () => {
    const run = await asked();
    actions.setTab({ ...ADDRESS }, 'Acme renewal | Salesforce');
    expect(usePanel.getState().asked?.runId).toBe(run.runId);
    actions.setTab({ ...ADDRESS, recordId: '006000000000002' }, 'Other');
    expect(usePanel.getState().asked).toBeNull();
  });

  it('opened from the list (maybe the user’s own run in the app) offers no Cancel', async () => {
    await actions.findDeal();
    await actions.openRun('run_1', 'sales.deal_coach');
    expect(usePanel.getState().asked).toMatchObject({ startedHere: false, done: false });
    await actions.cancel();
    expect(bridge.named('runs.cancel')).toEqual([]);
  });

  it('is cancelled while it runs, and asked again by Retry with the same agent and message', async () => {
    await asked();
    await actions.cancel();
    expect(bridge.named('runs.cancel')).toEqual([{ runId: 'run_1' }]);
    usePanel.setState({ agentId: 'other.agent' });
    await actions.retry();
    expect(bridge.named('runs.start').at(-1)).toEqual({
      agentId: 'sales.deal_coach',
      message: 'What next?',
      dealId: DEAL.id,
    });
  });
});

describe('the quota', () => {
  it('warns before asking as the desktop app does, in the language in use', async () => {
    bridge.answers.set('usage.summary', () => ({
      billingPeriod: { start: '2026-11-01', end: '2026-11-30' },
      requests: { count: 10, limit: null },
      runs: { count: 100, limit: 100 },
      tokens: { input: 1, output: 1, limit: null },
    }));
    actions.onReady();
    await settle();
    expect(usePanel.getState().warnings).toEqual([
      { level: 'exhausted', message: 'All 100 runs of this billing period are used.' },
    ]);
  });
});

describe('the agents', () => {
  it('choose the one asked last, else the first, and remember a choice', async () => {
    const agents = [
      { id: 'sales.deal_coach', title: 'Deal coach', data: {} },
      { id: 'sales.researcher', title: 'Researcher', data: {} },
    ];
    bridge.answers.set('agents.list', () => ({
      value: agents,
      fetchedAt: STARTED_AT,
      stale: false,
    }));
    actions.onReady();
    await settle();
    expect(usePanel.getState().agentId).toBe('sales.deal_coach');
    actions.chooseAgent('sales.researcher');
    await settle();
    expect(remembered).toBe('sales.researcher');
    actions.onReady();
    await settle();
    expect(usePanel.getState().agentId).toBe('sales.researcher');
  });
});
