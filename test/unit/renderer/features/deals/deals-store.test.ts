// The deals and agents stores driven through their actions against a fake bridge, as the deal
// picker and the Ask form use them; a run starts through a real runs store on the same bridge.
import { describe, expect, it } from 'vitest';
import type { Deal } from '../../../../../electron/contract';
import { createAgentsStore } from '../../../../../src/features/agents/createAgentsStore';
import { createDealsStore, draftFor } from '../../../../../src/features/deals/createDealsStore';
import { createRunsStore } from '../../../../../src/features/runs/createRunsStore';
import { fail, fakeBridge, ok } from '../../support/fake-bridge';

const at = '2026-01-05T09:00:00.000Z';
const deal = (id: string): Deal => ({ id, title: `Deal ${id}`, data: {} });

function stores() {
  const bridge = fakeBridge();
  const runs = createRunsStore(bridge.call);
  const deals = createDealsStore({
    call: bridge.call,
    startRun: (input) => runs.getState().start(input),
  });
  return { bridge, runs, deals };
}

describe('the deals store', () => {
  it('says what is missing and asks nothing of the host when the draft is incomplete', async () => {
    const { bridge, deals } = stores();
    expect(await deals.getState().startRun('d1')).toBeUndefined();
    expect(deals.getState().starts.d1?.invalid).toEqual({
      agent: 'deals.ask.chooseAgent',
      message: 'deals.ask.messageRequired',
    });
    expect(bridge.calls).toEqual([]);

    // Editing a field clears its own message only; a blank message clears nothing.
    deals.getState().editDraft('d1', { message: '   ' });
    expect(deals.getState().starts.d1?.invalid?.message).toBeDefined();
    deals.getState().editDraft('d1', { agentId: 'coach' });
    expect(deals.getState().starts.d1?.invalid).toEqual({
      message: 'deals.ask.messageRequired',
    });
  });

  it('starts a run with the trimmed question, then empties the question and keeps the agent', async () => {
    const { bridge, runs, deals } = stores();
    bridge.answer('runs.start', (input) =>
      ok({
        runId: 'run_deals_1',
        agentId: input.agentId,
        dealId: input.dealId,
        status: 'queued',
        stream: 'open',
        done: false,
        startedAt: at,
        seq: 0,
      }),
    );
    deals.getState().editDraft('d1', { agentId: 'coach', message: '  Next step?  ' });
    expect(await deals.getState().startRun('d1')).toBe('run_deals_1');
    expect(bridge.inputs('runs.start')).toEqual([
      { agentId: 'coach', message: 'Next step?', dealId: 'd1' },
    ]);
    expect(draftFor(deals.getState(), 'd1')).toEqual({ agentId: 'coach', message: '' });
    expect(runs.getState().live.run_deals_1?.message).toBe('Next step?');
    // The agent chosen last is offered first on another deal.
    expect(draftFor(deals.getState(), 'd2').agentId).toBe('coach');
  });

  it('keeps the draft and the host’s error when the start fails', async () => {
    const { bridge, deals } = stores();
    bridge.answer('runs.start', () => fail('unauthorized', 'Sign in again.'));
    deals.getState().editDraft('d1', { agentId: 'coach', message: 'Why stalled?' });
    expect(await deals.getState().startRun('d1')).toBeUndefined();
    expect(deals.getState().starts.d1).toEqual({
      pending: false,
      error: { code: 'unauthorized', message: 'Sign in again.', retryable: false },
    });
    expect(draftFor(deals.getState(), 'd1').message).toBe('Why stalled?');
  });

  it('drops a list that answers after a change of service', async () => {
    const { bridge, deals } = stores();
    const answers = bridge.hold('deals.list');
    const loading = deals.getState().loadList();
    deals.getState().reset();
    answers[0]?.(ok({ value: [deal('old')], fetchedAt: at, stale: false }));
    await loading;
    expect(deals.getState().list.value).toBeUndefined();

    bridge.answer('deals.list', () =>
      ok({ value: [deal('new')], fetchedAt: at, stale: false, truncated: true, total: 900 }),
    );
    await deals.getState().loadList();
    expect(deals.getState().list.value?.map((d) => d.id)).toEqual(['new']);
    expect(deals.getState().book).toEqual({ truncated: true, total: 900 });
  });

  it('searches past the picker’s deals only when it holds part of them', async () => {
    const { bridge, deals } = stores();
    bridge.answer('deals.list', (input) =>
      ok({
        value: input.search === undefined ? [deal('a')] : [deal('far')],
        fetchedAt: at,
        stale: false,
        truncated: input.search === undefined,
      }),
    );
    await deals.getState().searchRest('far');
    expect(deals.getState().rest).toBeUndefined();
    await deals.getState().loadList();
    await deals.getState().searchRest('  far ');
    expect(bridge.inputs('deals.list').at(-1)).toEqual({ search: 'far' });
    expect(deals.getState().rest?.items?.map((d) => d.id)).toEqual(['far']);
  });
});

describe('the agents store', () => {
  it('shows cached agents with the refresh’s error, and drops a load outdated by a reset', async () => {
    const bridge = fakeBridge();
    const agents = createAgentsStore(bridge.call);
    const error = { code: 'network_error', message: 'offline', retryable: true };
    bridge.answer('agents.list', () =>
      ok({ value: [{ id: 'coach', title: 'Coach', data: {} }], fetchedAt: at, stale: true, error }),
    );
    await agents.getState().loadAgents();
    expect(agents.getState().agents).toMatchObject({ stale: true, loading: false, error });
    expect(agents.getState().agents.value?.map((a) => a.id)).toEqual(['coach']);

    const answers = bridge.hold('agents.list');
    const loading = agents.getState().loadAgents(true);
    expect(bridge.inputs('agents.list').at(-1)).toEqual({ refresh: true });
    agents.getState().reset();
    answers[0]?.(ok({ value: [], fetchedAt: at, stale: false }));
    await loading;
    expect(agents.getState().agents).toEqual({ loading: false, stale: false });
  });
});
