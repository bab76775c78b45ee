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
  it('names the question it answers, the agent, the deal and the outcome, and opens the run', async () => {
    const h = harness();
    const result = await h.runner.runFinished(
      { ...RUN, question: 'How do I handle the price objection from their procurement team?' },
      { windowFocused: false },
    );
    expect(result.show).toEqual([
      {
        kind: 'run-finished',
        key: 'run-finished:run_42',
        title: 'Deal research answered “How do I handle the price objection from their…”',
        body: 'Acme – Platform rollout · Done',
        // The names and the question as the service gave them; the words by id.
        message: {
          title: {
            id: 'desktop.notification.runAnsweredQuestion',
            values: {
              agent: 'Deal research',
              question: 'How do I handle the price objection from their…',
            },
          },
          body: [
            {
              id: 'desktop.notification.onDeal',
              values: { deal: 'Acme – Platform rollout', line: { id: 'runs.status.done' } },
            },
          ],
        },
        target: { screen: 'run', runId: 'run_42' },
        group: {
          key: `answers:sales.deal_research:${RUN.dealId}:How do I handle the price objection from their procurement team?`,
          of: 'Deal research',
        },
      },
    ]);
  });

  it('gives answers to the same question from the same agent on the same deal one group', async () => {
    const h = harness();
    const asked = { ...RUN, question: 'What are the risks?' };
    const groups: (string | undefined)[] = [];
    for (const run of [
      { ...asked, runId: 'a' },
      { ...asked, runId: 'b' },
      { ...asked, runId: 'c', question: 'Draft the follow-up' },
      { ...asked, runId: 'd', agentId: 'sales.objection_handler' },
      { ...asked, runId: 'e', status: 'failed' },
    ]) {
      groups.push((await h.runner.runFinished(run, { windowFocused: false })).show[0]?.group?.key);
    }
    expect(groups[0]).toBe(groups[1]);
    expect(new Set(groups.slice(1, 4)).size).toBe(3);
    // A failure is news of its own, never folded into "5 answers".
    expect(groups[4]).toBeUndefined();
  });

  it('does not tell the user about a run they cancelled in this app', async () => {
    const h = harness();
    const result = await h.runner.runFinished(
      { ...RUN, status: 'cancelled', cancelledHere: true },
      { windowFocused: false },
    );
    expect(result.show).toEqual([]);
    expect(result.suppressed).toEqual([]);
    // Cancelled elsewhere (the command line, another computer): that is news.
    const elsewhere = await h.runner.runFinished(
      { ...RUN, runId: 'run_43', status: 'cancelled', question: 'Prep my call' },
      { windowFocused: false },
    );
    expect(elsewhere.show[0]?.title).toBe('Deal research stopped “Prep my call”');
  });

  it('names each outcome in words, with the reason of a failure', async () => {
    const h = harness();
    const titles: string[] = [];
    for (const [index, status] of ['failed', 'cancelled', 'canceled', 'timed_out'].entries()) {
      const { show } = await h.runner.runFinished(
        {
          runId: `r${index}`,
          status,
          agentId: 'sales.deal_research',
          ...(status === 'failed' ? { reason: 'The agent timed out.' } : {}),
        },
        { windowFocused: false },
      );
      titles.push(`${show[0]?.title} | ${show[0]?.body}`);
    }
    expect(titles).toEqual([
      'Deal research failed | Failed: The agent timed out.',
      'Deal research stopped | Stopped',
      'Deal research stopped | Stopped',
      'Deal research: Timed out | Timed out',
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

  it('never shows ids: without names, the agent’s id is made readable and the deal left out', async () => {
    const h = harness();
    const { dealName: _n, agentName: _a, ...bare } = RUN;
    const { show } = await h.runner.runFinished(bare, { windowFocused: false });
    expect(show[0]?.body).toBe('Done');
    expect(show[0]?.title).toBe('Deal research answered');
  });
});
