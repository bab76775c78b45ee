// The tray's commands without Electron: what each one asks of the window and of core.
import { describe, expect, it } from 'vitest';
import type { Navigate } from '../../../electron/contract';
import type { Dispatch } from '../../../electron/core/host';
import type { Logger } from '../../../electron/core/logs/logger';
import { runTrayCommand, type TrayCommandDeps } from '../../../electron/main/tray-commands';

const silent: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  child: () => silent,
};

function harness(answer: Awaited<ReturnType<Dispatch>>) {
  const calls: Array<{ name: unknown; input: unknown }> = [];
  const navigated: Navigate[] = [];
  const seen = { shown: 0, quit: 0 };
  const deps: TrayCommandDeps = {
    backend: {
      dispatch: async (name, input) => {
        calls.push({ name, input });
        return answer;
      },
    },
    log: silent,
    context: { host: 'electron' },
    show: () => (seen.shown += 1),
    navigate: (target) => navigated.push(target),
    quit: () => (seen.quit += 1),
  };
  return { deps, calls, navigated, seen };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('runTrayCommand', () => {
  it('opens, navigates and quits without asking core', () => {
    const { deps, calls, navigated, seen } = harness({ ok: true, data: null });
    runTrayCommand({ type: 'open' }, deps);
    runTrayCommand({ type: 'deal-picker' }, deps);
    runTrayCommand({ type: 'open-run', runId: 'r1' }, deps);
    runTrayCommand({ type: 'quit' }, deps);
    expect(seen).toEqual({ shown: 1, quit: 1 });
    expect(navigated).toEqual([
      { screen: 'deals', focus: 'search' },
      { screen: 'runs', id: 'r1' },
    ]);
    expect(calls).toEqual([]);
  });

  it('starts a Prepare run and opens it, or falls back to the meeting when it fails', async () => {
    const run = { agentId: 'sales.deal_coach', message: 'Prepare', dealId: 'd1' };
    const started = harness({
      ok: true,
      data: {
        runId: 'r2',
        agentId: 'sales.deal_coach',
        status: 'created',
        stream: 'connecting',
        done: false,
        startedAt: '2026-11-25T12:00:00.000Z',
        seq: 0,
      },
    });
    runTrayCommand({ type: 'prepare', run }, started.deps);
    await settle();
    expect(started.calls).toEqual([{ name: 'runs.start', input: run }]);
    expect(started.navigated).toEqual([{ screen: 'runs', id: 'r2' }]);

    const refused = harness({
      ok: false,
      error: { code: 'quota_exceeded', message: 'Over quota', retryable: false },
    });
    runTrayCommand({ type: 'prepare', run }, refused.deps);
    await settle();
    expect(refused.navigated).toEqual([{ screen: 'today', id: 'meeting' }]);
  });

  it('cancels a run and switches Do not disturb through the contract', async () => {
    const { deps, calls } = harness({ ok: true, data: null });
    runTrayCommand({ type: 'cancel-run', runId: 'r3' }, deps);
    runTrayCommand({ type: 'toggle-dnd', enabled: true }, deps);
    await settle();
    expect(calls).toEqual([
      { name: 'runs.cancel', input: { runId: 'r3' } },
      { name: 'settings.update', input: { notifications: { doNotDisturb: true } } },
    ]);
  });
});
