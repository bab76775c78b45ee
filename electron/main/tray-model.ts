// What the tray menu shows, as plain data: built from the live runs and the Do-not-disturb switch
// so it can be tested without Electron. tray.ts turns it into a native menu.

import type { LiveRunSummary } from '../contract';

export type TrayCommand =
  | { type: 'open' }
  | { type: 'today' }
  | { type: 'open-run'; runId: string }
  | { type: 'cancel-run'; runId: string }
  | { type: 'toggle-dnd'; enabled: boolean }
  | { type: 'quit' };

export type TrayItem =
  | { kind: 'action'; label: string; command: TrayCommand; enabled?: boolean }
  | { kind: 'checkbox'; label: string; checked: boolean; command: TrayCommand }
  | { kind: 'submenu'; label: string; items: TrayItem[] }
  | { kind: 'label'; label: string }
  | { kind: 'separator' };

export interface TrayState {
  liveRuns: readonly LiveRunSummary[];
  doNotDisturb: boolean;
  /** Display names of agents by id, when known (the tray falls back to the id). */
  agentNames?: ReadonlyMap<string, string>;
}

/** Native menus grow unusable past a screenful; the rest are in the app. */
export const MAX_TRAY_RUNS = 8;

function runLabel(
  run: LiveRunSummary,
  agentNames: ReadonlyMap<string, string> | undefined,
): string {
  const agent = agentNames?.get(run.agentId) ?? run.agentId;
  return `${agent}: ${run.status}`;
}

export function buildTrayMenu(state: TrayState): TrayItem[] {
  const live = state.liveRuns.filter((run) => !run.done);
  const items: TrayItem[] = [
    { kind: 'action', label: 'Open Assistant', command: { type: 'open' } },
    { kind: 'action', label: "Today's briefing", command: { type: 'today' } },
    { kind: 'separator' },
  ];
  if (live.length === 0) {
    items.push({ kind: 'label', label: 'No live runs' });
  } else {
    items.push({
      kind: 'label',
      label: live.length === 1 ? '1 live run' : `${live.length} live runs`,
    });
    for (const run of live.slice(0, MAX_TRAY_RUNS)) {
      items.push({
        kind: 'submenu',
        label: runLabel(run, state.agentNames),
        items: [
          { kind: 'action', label: 'Show', command: { type: 'open-run', runId: run.runId } },
          {
            kind: 'action',
            label: 'Cancel run',
            command: { type: 'cancel-run', runId: run.runId },
          },
        ],
      });
    }
    if (live.length > MAX_TRAY_RUNS) {
      items.push({ kind: 'label', label: `…and ${live.length - MAX_TRAY_RUNS} more in the app` });
    }
  }
  items.push(
    { kind: 'separator' },
    {
      kind: 'checkbox',
      label: 'Do not disturb',
      checked: state.doNotDisturb,
      command: { type: 'toggle-dnd', enabled: !state.doNotDisturb },
    },
    { kind: 'separator' },
    { kind: 'action', label: 'Quit Assistant', command: { type: 'quit' } },
  );
  return items;
}

/** The tray's tooltip: the one line shown on hover. */
export function trayTooltip(state: TrayState): string {
  const live = state.liveRuns.filter((run) => !run.done).length;
  const parts = ['Assistant Desktop'];
  if (live > 0) parts.push(live === 1 ? '1 live run' : `${live} live runs`);
  if (state.doNotDisturb) parts.push('do not disturb');
  return parts.join(' · ');
}
