// What the tray menu shows, as plain data: the inbox with its unread count, the live runs (each
// with Show and Cancel), the next meeting (with Prepare, by the chosen or suggested prep agent,
// when the meeting names a deal), the Do-not-disturb switch. Tested without Electron; electron/main/tray.ts turns it into a menu.
import type { LiveRunSummary, RunsStartInput } from '../../contract';
import { prepAgentOf } from '../../domain/briefings/prepare';
import { prepareRunInput } from './notification-actions';
import { meetingLine, meetingTime, type NextMeeting } from './next-meeting';
import { unreadMenuLabel, unreadText } from './unread';
import { visibleLine } from '../../domain/text/visible-text';
import { coreWords } from '../i18n/words';
import type { Translator } from '../../domain/i18n/translator';

export type TrayCommand =
  | { type: 'open' }
  | { type: 'today' }
  | { type: 'deal-picker' }
  | { type: 'open-meeting' }
  | { type: 'open-inbox' }
  | { type: 'prepare'; run: RunsStartInput }
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
  /** From the cached meeting briefing; undefined when there is none or it is not known. */
  nextMeeting?: NextMeeting;
  /** The agent "Prepare" starts (Settings → Notifications); null: the one suggested by name. */
  prepAgentId?: string | null;
  /** Unread entries of the inbox. */
  unread?: number;
}

export interface TrayClock {
  now: Date;
  timeZone: string;
}

type T = Translator['t'];
type Words = Pick<Translator, 't' | 'locale'>;

/** Native menus grow unusable past a screenful; the rest are in the app. */
export const MAX_TRAY_RUNS = 8;

function agentName(id: string, names: ReadonlyMap<string, string> | undefined): string {
  return names?.get(id) ?? id;
}

function meetingItems(state: TrayState, clock: TrayClock, words: Words): TrayItem[] {
  const { t } = words;
  const meeting = state.nextMeeting;
  if (meeting === undefined) return [{ kind: 'label', label: t('desktop.tray.noMeeting') }];
  const items: TrayItem[] = [
    { kind: 'action', label: t('desktop.tray.openBriefing'), command: { type: 'open-meeting' } },
  ];
  const known = [...(state.agentNames ?? [])].map(([id, title]) => ({ id, title }));
  const prepAgentId = prepAgentOf(state.prepAgentId, known);
  if (prepAgentId !== undefined && meeting.dealId !== undefined) {
    const run = prepareRunInput({
      id: 'prepare',
      label: t('desktop.notification.prepare'),
      agentId: prepAgentId,
      dealId: meeting.dealId,
    });
    if (run !== undefined) {
      items.push({
        kind: 'action',
        label: t('desktop.tray.prepareWith', { agent: agentName(prepAgentId, state.agentNames) }),
        command: { type: 'prepare', run },
      });
    }
  }
  return [
    {
      kind: 'submenu',
      label: t('desktop.tray.nextMeeting', {
        meeting: meetingLine(meeting, clock.now, clock.timeZone, words),
      }),
      items,
    },
  ];
}

function runItems(state: TrayState, t: T): TrayItem[] {
  const live = state.liveRuns.filter((run) => !run.done);
  if (live.length === 0) return [{ kind: 'label', label: t('desktop.tray.noLiveRuns') }];
  const items: TrayItem[] = [
    { kind: 'label', label: t('desktop.tray.liveRuns', { count: live.length }) },
  ];
  for (const run of live.slice(0, MAX_TRAY_RUNS)) {
    items.push({
      kind: 'submenu',
      label: `${agentName(run.agentId, state.agentNames)}: ${run.status}`,
      items: [
        {
          kind: 'action',
          label: t('desktop.tray.showRun'),
          command: { type: 'open-run', runId: run.runId },
        },
        {
          kind: 'action',
          label: t('desktop.tray.cancelRun'),
          command: { type: 'cancel-run', runId: run.runId },
        },
      ],
    });
  }
  if (live.length > MAX_TRAY_RUNS) {
    items.push({
      kind: 'label',
      label: t('desktop.tray.moreRuns', { count: live.length - MAX_TRAY_RUNS }),
    });
  }
  return items;
}

/** Labels carry service text (agent and meeting names): shown as themselves, never reordered. */
function visibleItem(item: TrayItem): TrayItem {
  switch (item.kind) {
    case 'separator':
      return item;
    case 'submenu':
      return { ...item, label: visibleLine(item.label), items: item.items.map(visibleItem) };
    default:
      return { ...item, label: visibleLine(item.label) };
  }
}

/** The menu in the language of `words`, by default core's language in use (i18n/words). */
export function buildTrayMenu(
  state: TrayState,
  clock: TrayClock,
  words: Words = coreWords(),
): TrayItem[] {
  return menuItems(state, clock, words).map(visibleItem);
}

function menuItems(state: TrayState, clock: TrayClock, words: Words): TrayItem[] {
  const { t } = words;
  return [
    { kind: 'action', label: t('desktop.tray.openApp'), command: { type: 'open' } },
    { kind: 'action', label: t('desktop.tray.findDeal'), command: { type: 'deal-picker' } },
    { kind: 'action', label: t('desktop.tray.todaysBriefing'), command: { type: 'today' } },
    {
      kind: 'action',
      label: unreadMenuLabel(state.unread ?? 0, t),
      command: { type: 'open-inbox' },
    },
    { kind: 'separator' },
    ...meetingItems(state, clock, words),
    { kind: 'separator' },
    ...runItems(state, t),
    { kind: 'separator' },
    {
      kind: 'checkbox',
      label: t('desktop.tray.doNotDisturb'),
      checked: state.doNotDisturb,
      command: { type: 'toggle-dnd', enabled: !state.doNotDisturb },
    },
    { kind: 'separator' },
    { kind: 'action', label: t('desktop.tray.quit'), command: { type: 'quit' } },
  ];
}

/** The tray's tooltip: the one line shown on hover. */
export function trayTooltip(
  state: TrayState,
  clock: TrayClock,
  words: Words = coreWords(),
): string {
  const { t } = words;
  const live = state.liveRuns.filter((run) => !run.done).length;
  // The brand, then what is going on, one fact a part.
  const parts = ['Assistant Desktop'];
  const unread = unreadText(state.unread ?? 0, t);
  if (unread !== undefined) parts.push(unread);
  if (live > 0) parts.push(t('desktop.tray.liveRuns', { count: live }));
  const startsAt = state.nextMeeting?.startsAt;
  if (startsAt !== undefined && Date.parse(startsAt) > clock.now.getTime()) {
    parts.push(
      t('desktop.tray.tooltipNextMeeting', {
        time: meetingTime(startsAt, clock.now, clock.timeZone, words),
      }),
    );
  }
  if (state.doNotDisturb) parts.push(t('desktop.tray.tooltipDoNotDisturb'));
  return visibleLine(parts.join(' · '));
}
