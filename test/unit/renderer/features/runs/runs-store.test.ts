// The runs store driven through its actions against a fake bridge, as the run panel, the runs
// screen and the app's event wiring use it.
import { describe, expect, it } from 'vitest';
import type { LiveRunSummary, RunUpdate } from '../../../../../electron/contract';
import { createRunsStore } from '../../../../../src/features/runs/createRunsStore';
import { existingOutput, outputFor } from '../../../../../src/lib/runOutput';
import { fail, fakeBridge, ok } from '../../support/fake-bridge';

const at = '2026-01-05T09:00:00.000Z';
let n = 0;
/** A run id no other test uses: run outputs are kept per run id for the whole page. */
const freshId = () => `run_store_${(n += 1)}`;

function summary(runId: string, extra: Partial<LiveRunSummary> = {}): LiveRunSummary {
  return {
    runId,
    agentId: 'sales.deal_coach',
    dealId: 'deal_1',
    status: 'running',
    stream: 'open',
    done: false,
    startedAt: at,
    seq: 0,
    ...extra,
  };
}

function batch(runId: string, seq: number, extra: Partial<RunUpdate> = {}): RunUpdate {
  return { runId, seq, textAppended: '', ...extra };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the runs store', () => {
  it('follows a run it starts, with its question, and streams its text into the output', async () => {
    const bridge = fakeBridge();
    const store = createRunsStore(bridge.call);
    const id = freshId();
    bridge.answer('runs.start', () => ok(summary(id)));
    const run = await store.getState().start({ agentId: 'a', message: 'Next step?', dealId: 'd' });
    expect(run.runId).toBe(id);
    expect(store.getState().live[id]?.message).toBe('Next step?');
    // Shown, as the run panel shows it: a finished output nobody shows is let go.
    outputFor(id).subscribe(() => {});

    store.getState().applyUpdates([batch(id, 1, { textAppended: 'Call ', statuses: ['running'] })]);
    store.getState().applyUpdates([batch(id, 2, { textAppended: 'Dana.', done: true })]);
    expect(existingOutput(id)?.text()).toBe('Call Dana.');
    expect(store.getState().live[id]?.done).toBe(true);
    expect(store.getState().live[id]?.finishedAt).toBeDefined();
  });

  it('reloads the live runs after a missed batch, once more if asked again meanwhile', async () => {
    const bridge = fakeBridge();
    const store = createRunsStore(bridge.call);
    const id = freshId();
    bridge.answer('runs.start', () => ok(summary(id)));
    await store.getState().start({ agentId: 'a', message: 'm', dealId: 'd' });
    const snapshots = bridge.hold('runs.live');

    store.getState().applyUpdates([batch(id, 3, { textAppended: 'late' })]);
    store.getState().applyUpdates([batch(id, 5, { textAppended: 'later' })]);
    expect(bridge.inputs('runs.live')).toHaveLength(1);
    snapshots[0]?.(ok({ runs: [{ ...summary(id, { seq: 3 }), text: 'early late' }] }));
    await flush();
    // The second gap was seen after the first snapshot was asked for: one more load.
    expect(bridge.inputs('runs.live')).toHaveLength(2);
    snapshots[1]?.(ok({ runs: [{ ...summary(id, { seq: 5 }), text: 'early late later' }] }));
    await flush();
    expect(bridge.inputs('runs.live')).toHaveLength(2);
    expect(existingOutput(id)?.text()).toBe('early late later');
  });

  it('takes a batch that comes after runs.changed said a run ended, nobody showing it, as no gap', async () => {
    // Ten answers ending on a deal's page: each resync read every live run's whole text.
    const bridge = fakeBridge();
    const store = createRunsStore(bridge.call);
    const id = freshId();
    bridge.answer('runs.start', () => ok(summary(id)));
    await store.getState().start({ agentId: 'a', message: 'm', dealId: 'd' });
    store.getState().applyUpdates([batch(id, 1, { textAppended: 'Some text' })]);
    // The summary says it ended before its last batch arrives; nobody shows it: let go.
    store.getState().applySummaries([summary(id, { status: 'succeeded', done: true, seq: 3 })]);
    expect(existingOutput(id)).toBeUndefined();

    store.getState().applyUpdates([batch(id, 3, { textAppended: ' and the end.', done: true })]);
    await flush();
    expect(bridge.inputs('runs.live')).toHaveLength(0);
    expect(existingOutput(id)).toBeUndefined();
    expect(store.getState().live[id]).toMatchObject({ status: 'succeeded', done: true });
  });

  it('shows Cancel as pending, then keeps its error beside the run', async () => {
    const bridge = fakeBridge();
    const store = createRunsStore(bridge.call);
    const answers = bridge.hold('runs.cancel');
    const cancelling = store.getState().cancel('run_x');
    expect(store.getState().pendingActions.run_x).toBe('cancel');
    answers[0]?.(fail('conflict', 'The run already finished.'));
    await cancelling;
    expect(store.getState().pendingActions.run_x).toBeUndefined();
    expect(store.getState().actionErrors.run_x?.message).toBe('The run already finished.');

    // The next action starts clean.
    const id = freshId();
    bridge.answer('runs.cancel', () => ok(summary(id, { status: 'cancelled', done: true })));
    await store.getState().cancel(id);
    expect(store.getState().actionErrors[id]).toBeUndefined();
    expect(store.getState().live[id]?.status).toBe('cancelled');
  });

  it('retries with the question of the run retried, and follows the new run', async () => {
    const bridge = fakeBridge();
    const store = createRunsStore(bridge.call);
    const first = freshId();
    const second = freshId();
    bridge.answer('runs.start', () => ok(summary(first)));
    await store.getState().start({ agentId: 'a', message: 'Who decides?', dealId: 'd' });
    bridge.answer('runs.retry', () => ok(summary(second)));
    expect(await store.getState().retry(first)).toBe(second);
    expect(store.getState().live[second]?.message).toBe('Who decides?');
    expect(store.getState().pendingActions[first]).toBeUndefined();

    bridge.answer('runs.retry', () => fail('rate_limited'));
    expect(await store.getState().retry(first)).toBeUndefined();
    expect(store.getState().actionErrors[first]?.code).toBe('rate_limited');
  });

  it('keeps the answer of the latest history load, and none after a reset', async () => {
    const bridge = fakeBridge();
    const store = createRunsStore(bridge.call);
    const pages = bridge.hold('runs.list');
    const page = (offset: number) => ({ items: [], limit: 10, offset, hasMore: false });
    const older = store.getState().loadHistory({ limit: 10, offset: 0 });
    const newer = store.getState().loadHistory({ limit: 10, offset: 10 });
    pages[1]?.(ok(page(10)));
    pages[0]?.(ok(page(0)));
    await Promise.all([older, newer]);
    expect(store.getState().history.value?.offset).toBe(10);

    const outdated = store.getState().loadHistory({ limit: 10, offset: 20 });
    store.getState().resetHistory();
    pages[2]?.(ok(page(20)));
    await outdated;
    expect(store.getState().history.value).toBeUndefined();
  });

  it('keeps its load sequence to itself: another store’s loads do not outdate its own', async () => {
    const bridge = fakeBridge();
    const one = createRunsStore(bridge.call);
    const two = createRunsStore(bridge.call);
    const pages = bridge.hold('runs.list');
    const loading = one.getState().loadHistory({ limit: 10, offset: 0 });
    void two.getState().loadHistory({ limit: 10, offset: 0 });
    pages[0]?.(ok({ items: [], limit: 10, offset: 0, hasMore: false }));
    await loading;
    expect(one.getState().history.value).toBeDefined();
  });

  it('fills a finished run’s output from its transcript and keeps no second copy', async () => {
    const bridge = fakeBridge();
    const store = createRunsStore(bridge.call);
    const id = freshId();
    const transcript = { runId: id, agentId: 'a', message: 'q', text: 'The answer.', events: [] };
    bridge.answer('runs.get', () =>
      ok({ record: null, transcript: { ...transcript, startedAt: at } }),
    );
    outputFor(id).subscribe(() => {});
    await store.getState().loadDetail(id);
    expect(existingOutput(id)?.text()).toBe('The answer.');
    expect(store.getState().details[id]?.value?.transcript?.text).toBe('');
    expect(store.getState().details[id]?.value?.transcript?.message).toBe('q');
  });

  it('takes a record’s output as the answer only once the run has ended, not a partial one', async () => {
    const bridge = fakeBridge();
    const store = createRunsStore(bridge.call);
    const running = freshId();
    const ended = freshId();
    const record = (runId: string, status: string, output: string) => ({
      id: runId,
      runId,
      title: 'Deal coach',
      status,
      agentId: 'a',
      data: { status, output },
    });
    bridge.answer('runs.get', (input) => {
      const { runId } = input as { runId: string };
      return runId === running
        ? ok({ record: record(running, 'running', '# Deal coach: Contos'), transcript: null })
        : ok({ record: record(ended, 'succeeded', 'The whole answer.'), transcript: null });
    });
    outputFor(running).subscribe(() => {});
    outputFor(ended).subscribe(() => {});
    await store.getState().loadDetail(running);
    await store.getState().loadDetail(ended);
    // The stream brings a running run's text from its start; a partial copy first would repeat it.
    expect(existingOutput(running)?.text() ?? '').toBe('');
    expect(existingOutput(ended)?.text()).toBe('The whole answer.');
  });
});
