// The tray menu as data: live runs with Show and Cancel, the next meeting with Prepare when it can
// start, the Do-not-disturb switch, and a tooltip that sums it up.
import { describe, expect, it } from 'vitest';
import { translatorFor } from '../../../support/translators';
import type { LiveRunSummary } from '../../../../electron/contract';
import {
  buildTrayMenu,
  MAX_TRAY_RUNS,
  prepareQuestion,
  trayTooltip,
  type TrayItem,
} from '../../../../electron/core/desktop';

const dealId = '4623f483-b85d-5178-8205-db9d660593ee';
const clock = { now: new Date('2026-11-23T09:05:00Z'), timeZone: 'Europe/Berlin' };

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
  it('offers open, find a deal, today, the meeting, DND and quit with nothing going on', () => {
    const items = buildTrayMenu({ liveRuns: [], doNotDisturb: false }, clock);
    expect(labels(items)).toEqual([
      'Open Assistant',
      'Find a deal…',
      "Today's briefing",
      'Notifications…',
      '---',
      'No upcoming meeting',
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
    expect(items[1]).toMatchObject({ command: { type: 'deal-picker' } });
  });

  it('lists live runs, each with Show and Cancel, and leaves finished ones out', () => {
    const items = buildTrayMenu(
      {
        liveRuns: [run('r1'), run('r2', { done: true, status: 'succeeded' })],
        doNotDisturb: true,
        agentNames: new Map([['sales.prep', 'Meeting prep']]),
      },
      clock,
    );
    const runs = items.filter(
      (item) => item.kind === 'submenu' && item.label.startsWith('Meeting prep'),
    );
    expect(runs).toEqual([
      {
        kind: 'submenu',
        label: 'Meeting prep: running',
        items: [
          { kind: 'action', label: 'Show', command: { type: 'open-run', runId: 'r1' } },
          { kind: 'action', label: 'Cancel run', command: { type: 'cancel-run', runId: 'r1' } },
        ],
      },
    ]);
    expect(labels(items)).toContain('1 live run');
    expect(items.find((item) => item.kind === 'checkbox')).toMatchObject({
      checked: true,
      command: { type: 'toggle-dnd', enabled: false },
    });
  });

  it('keeps the menu short when many runs are live', () => {
    const runs = Array.from({ length: MAX_TRAY_RUNS + 3 }, (_, i) => run(`r${i}`));
    const items = buildTrayMenu({ liveRuns: runs, doNotDisturb: false }, clock);
    expect(items.filter((item) => item.kind === 'submenu')).toHaveLength(MAX_TRAY_RUNS);
    expect(labels(items)).toContain('…and 3 more in the app');
  });

  it('shows the next meeting in local time, with Prepare on its deal when an agent is chosen', () => {
    const nextMeeting = { title: 'Renewal call', startsAt: '2026-11-23T09:30:00.000Z', dealId };
    const items = buildTrayMenu(
      {
        liveRuns: [],
        doNotDisturb: false,
        nextMeeting,
        prepAgentId: 'sales.deal_coach',
        agentNames: new Map([['sales.deal_coach', 'Deal coach']]),
      },
      clock,
    );
    const meeting = items.find(
      (item) => item.kind === 'submenu' && item.label.startsWith('Next meeting'),
    );
    expect(meeting).toEqual({
      kind: 'submenu',
      label: 'Next meeting: Renewal call · 10:30 AM (in 25 min)',
      items: [
        { kind: 'action', label: 'Open the briefing', command: { type: 'open-meeting' } },
        {
          kind: 'action',
          label: 'Prepare with Deal coach',
          command: {
            type: 'prepare',
            run: { agentId: 'sales.deal_coach', dealId, message: prepareQuestion() },
          },
        },
      ],
    });
  });

  it('with no agent chosen, offers Prepare with the agent suggested by name', () => {
    const items = buildTrayMenu(
      {
        liveRuns: [],
        doNotDisturb: false,
        nextMeeting: { title: 'Standup', dealId },
        prepAgentId: null,
        agentNames: new Map([
          ['sales.email_writer', 'Email writer'],
          ['sales.deal_coach', 'Deal coach'],
        ]),
      },
      clock,
    );
    expect(labels(items.flatMap((item) => (item.kind === 'submenu' ? item.items : [])))).toContain(
      'Prepare with Deal coach',
    );
  });

  it('shows agent and meeting names as sent, with no bidi or control character to reorder them', () => {
    const items = buildTrayMenu(
      {
        liveRuns: [run('r1', { agentId: 'sales.coach' })],
        doNotDisturb: false,
        nextMeeting: { title: 'Call \u202elaunaM\u202c\nwith Acme', dealId },
        prepAgentId: 'sales.coach',
        agentNames: new Map([['sales.coach', 'Mallory \u202enimda\u0007']]),
      },
      clock,
    );
    const all = (list: TrayItem[]): string[] =>
      list.flatMap((item) =>
        item.kind === 'separator'
          ? []
          : [item.label, ...(item.kind === 'submenu' ? all(item.items) : [])],
      );
    const shown = all(items);
    expect(shown).toContain('Next meeting: Call launaM with Acme');
    expect(shown).toContain('Prepare with Mallory nimda');
    expect(shown).toContain('Mallory nimda: running');
    expect(shown.join('')).not.toMatch(/[\p{Bidi_Control}\p{Cc}]/u);
  });

  it('offers no Prepare without a prep agent, or when the meeting names no usable deal', () => {
    const withoutAgent = buildTrayMenu(
      {
        liveRuns: [],
        doNotDisturb: false,
        nextMeeting: { title: 'Standup', dealId },
        prepAgentId: null,
      },
      clock,
    );
    const withoutDeal = buildTrayMenu(
      {
        liveRuns: [],
        doNotDisturb: false,
        nextMeeting: { title: 'Standup', dealId: 'not-a-uuid' },
        prepAgentId: 'sales.deal_coach',
      },
      clock,
    );
    for (const items of [withoutAgent, withoutDeal]) {
      const meeting = items.find((item) => item.kind === 'submenu');
      expect(meeting).toEqual({
        kind: 'submenu',
        label: 'Next meeting: Standup',
        items: [{ kind: 'action', label: 'Open the briefing', command: { type: 'open-meeting' } }],
      });
    }
  });

  it('sums the state up in the tooltip', () => {
    expect(trayTooltip({ liveRuns: [], doNotDisturb: false }, clock)).toBe('Assistant Desktop');
    expect(
      trayTooltip(
        {
          liveRuns: [run('a'), run('b')],
          doNotDisturb: true,
          nextMeeting: { title: 'Renewal', startsAt: '2026-11-23T11:05:00.000Z' },
        },
        clock,
      ),
    ).toBe('Assistant Desktop · 2 live runs · next meeting 12:05 PM (in 2 h) · do not disturb');
  });

  it('writes the meeting’s time on the clock of the language in use, as the window does', () => {
    const state = {
      liveRuns: [],
      doNotDisturb: false,
      nextMeeting: { title: 'Renewal', startsAt: '2026-11-23T14:05:00.000Z' },
    };
    expect(trayTooltip(state, clock)).toContain('3:05 PM');
    const german = trayTooltip(state, clock, translatorFor('de'));
    expect(german).toContain('15:05');
    expect(german).not.toMatch(/PM|AM/);
  });
});
