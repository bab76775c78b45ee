import { describe, expect, it } from 'vitest';
import type { LiveRunSummary } from '../../../electron/contract';
import {
  buildTrayMenu,
  MAX_TRAY_RUNS,
  trayTooltip,
  type TrayItem,
} from '../../../electron/main/tray-model';

function run(runId: string, overrides: Partial<LiveRunSummary> = {}): LiveRunSummary {
  return {
    runId,
    agentId: 'sales.prep',
    status: 'running',
    stream: 'open',
    done: false,
    startedAt: '2026-11-22T08:00:00.000Z',
    seq: 1,
    ...overrides,
  };
}

const labels = (items: TrayItem[]) =>
  items.map((item) => (item.kind === 'separator' ? '---' : item.label));

describe('the tray menu', () => {
  it('offers open, today, DND and quit with no runs', () => {
    const items = buildTrayMenu({ liveRuns: [], doNotDisturb: false });
    expect(labels(items)).toEqual([
      'Open Assistant',
      "Today's briefing",
      '---',
      'No live runs',
      '---',
      'Do not disturb',
      '---',
      'Quit Assistant',
    ]);
    expect(items.find((item) => item.kind === 'checkbox')).toMatchObject({
      checked: false,
      command: { type: 'toggle-dnd', enabled: true },
    });
  });

  it('lists live runs, each with Show and Cancel, and leaves finished ones out', () => {
    const items = buildTrayMenu({
      liveRuns: [run('r1'), run('r2', { done: true, status: 'succeeded' })],
      doNotDisturb: true,
      agentNames: new Map([['sales.prep', 'Meeting prep']]),
    });
    const submenu = items.find((item) => item.kind === 'submenu');
    expect(submenu).toEqual({
      kind: 'submenu',
      label: 'Meeting prep: running',
      items: [
        { kind: 'action', label: 'Show', command: { type: 'open-run', runId: 'r1' } },
        { kind: 'action', label: 'Cancel run', command: { type: 'cancel-run', runId: 'r1' } },
      ],
    });
    expect(labels(items)).toContain('1 live run');
    expect(items.find((item) => item.kind === 'checkbox')).toMatchObject({
      checked: true,
      command: { type: 'toggle-dnd', enabled: false },
    });
  });

  it('keeps the menu short when many runs are live', () => {
    const runs = Array.from({ length: MAX_TRAY_RUNS + 3 }, (_, i) => run(`r${i}`));
    const items = buildTrayMenu({ liveRuns: runs, doNotDisturb: false });
    expect(items.filter((item) => item.kind === 'submenu')).toHaveLength(MAX_TRAY_RUNS);
    expect(labels(items)).toContain('…and 3 more in the app');
  });

  it('sums the state up in the tooltip', () => {
    expect(trayTooltip({ liveRuns: [], doNotDisturb: false })).toBe('Assistant Desktop');
    expect(trayTooltip({ liveRuns: [run('a'), run('b')], doNotDisturb: true })).toBe(
      'Assistant Desktop · 2 live runs · do not disturb',
    );
  });
});
