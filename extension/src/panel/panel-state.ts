// What the panel's store holds (./createPanelStore): the connection, the tab's deal, the agents,
// the answer being asked and the deal's earlier runs, and the actions that change them.
import type { StoreApi } from 'zustand';
import type {
  Agent,
  AutoPrepMeeting,
  Deal,
  ErrorData,
  RunRecord,
} from '../../../electron/contract';
import type { MeetingInfo } from '../../../electron/domain/briefings/meetings';
import type { PrepAttendee } from '../../../src/lib/meetingPrep';
import type { RunQuotaWarning } from '../../../src/lib/usage';
import type { RunOutput } from '../../../src/lib/runOutput';
import type { DealAddress } from '../deal-address';
import type { Translator } from '../../../electron/domain/i18n/translator';
import type { CompanionCall } from '../bridge/call';
import type { ConnectionState } from '../bridge/states';
import type { Preferences } from './preferences';

/** A deal found for the tab's address, and how: the panel says when it was by name. */
export interface FoundFor {
  deal: Deal;
  /** The address it was found for: asking files the question only while the tab still shows it. */
  address: DealAddress;
  matchedBy: 'record-id' | 'title';
  /** The first deal of this CRM the panel shows from this host: it says so once. */
  firstFromHost: boolean;
  /** The host is one IT set as the company's CRM (managed storage): the panel says so. */
  setByOrganisation?: boolean;
}

export type Lookup =
  | { status: 'no-deal' }
  | { status: 'looking' }
  | ({ status: 'found' } & FoundFor)
  /**
   * Found, but on a host of this CRM the user has not been shown deals from, while others are
   * known: held back until the user says this host is their company's too.
   */
  | ({ status: 'other-host'; knownHosts: string[] } & FoundFor)
  | { status: 'missing' }
  | { status: 'failed'; error: ErrorData }
  /** What the tab shows could not be read (a message that failed its schema, a failed read). */
  | { status: 'unreadable' };

export interface Asked {
  runId: string;
  /** Asked from this panel (not an earlier run opened from the list): only then can it cancel. */
  startedHere: boolean;
  agentId: string;
  message: string;
  output: RunOutput;
  status: string;
  done: boolean;
  error: ErrorData | undefined;
}

/** Prepare pressed in the panel: under way, or why no prep came of it. */
export interface PrepareState {
  busy: boolean;
  error?: ErrorData;
  /** The app answered, but the prep could not start (skipped: quota, a failure): said in words. */
  notStarted?: boolean;
}

export const IDLE_PREPARE: PrepareState = { busy: false };

export interface PanelState {
  connection: ConnectionState;
  tabId: number;
  address: DealAddress | null;
  title: string | undefined;
  lookup: Lookup;
  agents: Agent[];
  agentId: string | undefined;
  warnings: RunQuotaWarning[];
  asked: Asked | null;
  /** A run could not be started, or the ask failed before it had a run. */
  askError: ErrorData | undefined;
  runs: RunRecord[];
  /** The deal's next meeting, when the service's meeting briefing is about this deal. */
  meeting: MeetingInfo | null;
  /** Who comes to it, as the briefing lists them (the other side's first). */
  attendees: readonly PrepAttendee[];
  /** That meeting's automatic prep, where the app has one (issue 38). */
  prep: AutoPrepMeeting | null;
  /** Prepare pressed in the panel for that meeting. */
  preparing: PrepareState;
  /** "Open in Assistant" was answered with an error (the app's words). */
  openError: ErrorData | undefined;
}

/** What "Open in Assistant" shows in the app. */
export interface ShowTarget {
  screen: 'deal' | 'run';
  id: string;
}

export interface PanelActions {
  /** The connection changed: once ready (again), what the panel shows is read. */
  connectionChanged(connection: ConnectionState): void;
  /** Once connected (again), or signed in or out: read what the panel shows, re-follow a live run. */
  onReady(): void;
  /** What the tab shows now (its deal's address, or none, and its title). */
  setTab(address: DealAddress | null, title: string | undefined): void;
  /**
   * What the tab shows could not be read: nothing of the previous deal stays on show, and nothing
   * asked now can be filed under it.
   */
  pageUnreadable(): void;
  findDeal(): Promise<void>;
  /** Looks the deal up again by the name the user typed ("This deal isn't in Assistant"). */
  findByName(name: string): void;
  /** The user says the held-back host is their company's CRM too: its deals are shown from now on. */
  confirmHost(): void;
  chooseAgent(agentId: string): void;
  ask(message: string): Promise<void>;
  cancel(): Promise<void>;
  retry(): Promise<void>;
  openRun(runId: string, agentId: string | undefined): Promise<void>;
  /**
   * Prepare for the deal's next meeting now: the app starts its prep agent (or answers the prep
   * running or ready), and the answer streams here as an asked question's does.
   */
  prepare(): Promise<void>;
  /**
   * "Open in Assistant": the app shows the deal or run (its window, a browser-mode page, or the
   * default browser at browser mode's address); an app too old to know how gets its own link.
   */
  showInApp(target: ShowTarget): Promise<void>;
  /** The deal's next meeting and its prep read again (they move as the meeting comes closer). */
  refreshMeeting(): Promise<void>;
  /** A `run.update` event, as it came (checked here). */
  onRunUpdates(payload: unknown): void;
}

export type PanelStore = PanelState & PanelActions;

/** What the panel's store is built over: the app (the typed call), the browser's storage, the words. */
export interface PanelDependencies {
  call: CompanionCall;
  preferences: Preferences;
  /** The words in the language in use now (quota warnings are sentences). */
  words: () => Translator['t'];
  /**
   * Opens the desktop app's own link (`assistant://…`), which only the installed app answers:
   * for an app that does not know `app.show` yet.
   */
  openAppLink: (url: string) => void;
}

/** What the actions work with: the dependencies and the store's own set and get. */
export interface PanelContext extends PanelDependencies {
  set: StoreApi<PanelStore>['setState'];
  get: StoreApi<PanelStore>['getState'];
}

export function initialPanelState(): PanelState {
  return {
    connection: { kind: 'connecting' },
    tabId: -1,
    address: null,
    title: undefined,
    lookup: { status: 'no-deal' },
    agents: [],
    agentId: undefined,
    warnings: [],
    asked: null,
    askError: undefined,
    runs: [],
    meeting: null,
    attendees: [],
    prep: null,
    preparing: IDLE_PREPARE,
    openError: undefined,
  };
}
