import { describe, expect, it } from 'vitest';
import { runOutcome } from '../../../../electron/core/notifications';
import { Harness } from './harness';

const RUN = {
  runId: 'run_42',
  status: 'succeeded',
  agentId: 'sales.deal_research',
  agentName: 'Deal research',
  dealId: '0b9e3c1a-1111-4222-8333-444455556666',
  dealName: 'Acme – Platform rollout',
};

function harness(): Harness {
  return new Harness({ start: '2026-11-24T10:00:00.000Z', timeZone: 'UTC' });
}

describe('run finished notifications', () => {
  it('tells the agent, the deal and the outcome, and opens the run', async () => {
    const h = harness();
    const result = await h.runner.runFinished(RUN, { windowFocused: false });
    expect(result.show).toEqual([
      {
        kind: 'run-finished',
        key: 'run-finished:run_42',
        title: 'Deal research finished',
        body: 'Deal: Acme – Platform rollout · Status: succeeded',
        target: { screen: 'run', runId: 'run_42' },
      },
    ]);
  });

  it('names each outcome, and shows an unknown status as it came', async () => {
    const h = harness();
    const titles: string[] = [];
    for (const [index, status] of ['failed', 'cancelled', 'canceled', 'timed_out'].entries()) {
      const { show } = await h.runner.runFinished(
        { runId: `r${index}`, status, agentId: 'sales.deal_research' },
        { windowFocused: false },
      );
      titles.push(`${show[0]?.title} | ${show[0]?.body}`);
    }
    expect(titles).toEqual([
      'sales.deal_research failed | No deal · Status: failed',
      'sales.deal_research was cancelled | No deal · Status: cancelled',
      'sales.deal_research was cancelled | No deal · Status: canceled',
      'sales.deal_research ended: timed_out | No deal · Status: timed_out',
    ]);
    expect(runOutcome('Completed')).toBe('succeeded');
    expect(runOutcome('weird')).toBe('other');
  });

  it('notifies once per run', async () => {
    const h = harness();
    await h.runner.runFinished(RUN, { windowFocused: false });
    const again = await h.runner.runFinished(
      { ...RUN, status: 'failed' },
      { windowFocused: false },
    );
    expect(again.show).toEqual([]);
    expect(again.suppressed).toEqual([]);
  });

  it('stays quiet while the window is focused, and does not catch up after it loses focus', async () => {
    const h = harness();
    const focused = await h.runner.runFinished(RUN, { windowFocused: true });
    expect(focused.show).toEqual([]);
    expect(focused.suppressed).toEqual([
      expect.objectContaining({ key: 'run-finished:run_42', suppressedBy: 'window-focused' }),
    ]);
    expect((await h.runner.runFinished(RUN, { windowFocused: false })).show).toEqual([]);
  });

  it('uses the deal id when no deal name is known', async () => {
    const h = harness();
    const { dealName: _n, agentName: _a, ...bare } = RUN;
    const { show } = await h.runner.runFinished(bare, { windowFocused: false });
    expect(show[0]?.body).toBe(`Deal: ${RUN.dealId} · Status: succeeded`);
    expect(show[0]?.title).toBe('sales.deal_research finished');
  });
});
