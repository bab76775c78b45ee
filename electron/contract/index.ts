/**
 * The contract between the renderer and a host (Electron main over IPC, browser mode over a
 * WebSocket). Everything that crosses is here: a request is `invoke(name, input)` answered with a
 * `Result` ({ ok: true, data } | { ok: false, error }); an event is pushed by the host. Inputs,
 * outputs and event payloads are validated with these schemas on both sides.
 *
 * The names are the keys of `requests` and `events` below, each beside its schemas; a note beside
 * an entry says what the schemas do not.
 */
import type { z } from 'zod';
import {
  AppInfo,
  AppNotification,
  Connectivity,
  DataRefreshed,
  Diagnostics,
  Navigate,
  ShowInAppInput,
  ShownInApp,
  Notice,
  NoticeIdInput,
  NoticesOutput,
  OpenExternalInput,
  OpenExternalOutput,
  ServiceInfo,
  SetFocusInput,
  SetFocusOutput,
} from './app';
import {
  AutoPrepMarkReadInput,
  AutoPrepPrepareInput,
  AutoPrepPrepared,
  AutoPreps,
} from './auto-prep';
import { CachedReadInput, Empty, type Result } from './common';
import {
  CompanionChanged,
  CompanionDecideInput,
  CompanionOriginInput,
  CompanionState,
} from './companion';
import {
  CONTRACT_SUBSET,
  CompanionRunsFindInput,
  REFUSED_TO_COMPANION,
  companionOwnRequests,
  type ContractSubsetName,
} from './companion-requests';
import { Inbox, InboxCatchUp, InboxMarkReadInput } from './inbox';
import {
  LiveRunSummary,
  LiveRuns,
  RunDetail,
  RunEventsInput,
  RunEventsPage,
  RunIdInput,
  RunUpdates,
  RunsChanged,
  RunsFindInput,
  RunsFound,
  RunsListInput,
  RunsPage,
  RunsStartInput,
  Transcript,
} from './runs';
import {
  CachedAgents,
  CachedBriefing,
  CachedDeal,
  CachedMetadata,
  DealsGetInput,
  DealsList,
  DealsListInput,
  UsageSummary,
} from './service';
import { FindByCrmRecordInput, FoundDeal } from './deal-by-record';
import { SessionStatus, SetTokenInput } from './session';
import { Settings, SettingsPatch } from './settings';
import { ManagedSettings } from './policy';

export * from './app';
export * from './auto-prep';
export * from './common';
export * from './companion';
export * from './companion-requests';
export * from './deal-by-record';
export * from './inbox';
export * from './runs';
export * from './service';
export * from './session';
export * from './settings';
export * from './policy';
export * from './wire';
export * from './frames';
export * from './companion-wire';

function request<I extends z.ZodType, O extends z.ZodType>(input: I, output: O) {
  return { input, output };
}

export const requests = {
  'app.info': request(Empty, AppInfo),
  'app.dismissNotice': request(NoticeIdInput, NoticesOutput),
  // The page gained or lost focus.
  'app.setFocus': request(SetFocusInput, SetFocusOutput),
  'connectivity.status': request(Empty, Connectivity),
  'service.metadata': request(CachedReadInput, CachedMetadata),
  'agents.list': request(CachedReadInput, CachedAgents),
  'deals.list': request(DealsListInput, DealsList),
  'deals.get': request(DealsGetInput, CachedDeal),
  // The deal a CRM page shows (the browser companion's lookup).
  'deals.findByCrmRecord': request(FindByCrmRecordInput, FoundDeal),
  'briefings.morning': request(CachedReadInput, CachedBriefing),
  'briefings.meeting': request(CachedReadInput, CachedBriefing),
  'usage.summary': request(Empty, UsageSummary),
  'runs.start': request(RunsStartInput, LiveRunSummary),
  'runs.cancel': request(RunIdInput, LiveRunSummary),
  // A new run with the same input.
  'runs.retry': request(RunIdInput, LiveRunSummary),
  // The one full snapshot of the live runs: after a reload.
  'runs.live': request(Empty, LiveRuns),
  'runs.list': request(RunsListInput, RunsPage),
  // Newest first.
  'runs.find': request(RunsFindInput, RunsFound),
  // The service's record and our transcript.
  'runs.get': request(RunIdInput, RunDetail),
  'runs.transcript': request(RunIdInput, Transcript.nullable()),
  // Stored raw events, output included.
  'runs.events': request(RunEventsInput, RunEventsPage),
  'session.status': request(Empty, SessionStatus),
  // Opens the sign-in window; not in browser mode.
  'session.signIn': request(Empty, SessionStatus),
  // The token is input only: never in an output.
  'session.setToken': request(SetTokenInput, SessionStatus),
  'session.signOut': request(Empty, SessionStatus),
  'settings.get': request(Empty, Settings),
  // Refused for a setting IT locked by policy (error code `locked`, "Set by your organisation").
  'settings.update': request(SettingsPatch, Settings),
  // Which settings IT set by policy, locked or as a default, and policy values not applied.
  'settings.managed': request(Empty, ManagedSettings),
  // No secrets.
  'diagnostics.copy': request(Empty, Diagnostics),
  // http/https only; `opened: false`: the caller opens it itself.
  'links.openExternal': request(OpenExternalInput, OpenExternalOutput),
  // Shows a deal or a run in the app: the window brought forward, an open page told to go there,
  // or browser mode's address opened in the default browser (the companion's "Open in Assistant").
  'app.show': request(ShowInAppInput, ShownInApp),
  // Newest first, with the unread count.
  'inbox.list': request(Empty, Inbox),
  'inbox.markRead': request(InboxMarkReadInput, Inbox),
  'inbox.markAllRead': request(Empty, Inbox),
  // What was not yet shown anywhere; now it is.
  'inbox.catchUp': request(Empty, InboxCatchUp),
  // Today's meetings and where each one's automatic prep stands, soonest first.
  'autoPrep.list': request(Empty, AutoPreps),
  // The user opened a meeting's prep (Today's "Read the prep"; the notification marks it too).
  'autoPrep.markRead': request(AutoPrepMarkReadInput, AutoPreps),
  // Prepare one meeting now, with the automatic prep's agent and claim: one prep per meeting
  // occurrence, so asking again answers the prep running or ready (the companion's prep.start).
  'autoPrep.prepare': request(AutoPrepPrepareInput, AutoPrepPrepared),
  // The browser companion's browsers and the user's decisions; never in the companion's subset.
  'companion.browsers': request(Empty, CompanionState),
  'companion.decide': request(CompanionDecideInput, CompanionState),
  // Forgets the decision and cuts the browser's connections; it will be asked again.
  'companion.revoke': request(CompanionOriginInput, CompanionState),
} as const;

export const events = {
  // Every run's coalesced batch of one frame, at most one event per frame.
  'run.update': RunUpdates,
  'runs.changed': RunsChanged,
  'session.changed': SessionStatus,
  'connectivity.changed': Connectivity,
  // Fresher cached data is available: ask again.
  'data.refreshed': DataRefreshed,
  'settings.changed': Settings,
  // IT's policies changed while the app runs (settings.changed follows when values change).
  'settings.managedChanged': ManagedSettings,
  // Core now talks to another service: what the old one said is gone.
  'service.changed': ServiceInfo,
  notice: Notice,
  // Browser mode shows it as a toast.
  notification: AppNotification,
  // From the tray, notifications, deep links, the global shortcut.
  navigate: Navigate,
  'inbox.changed': Inbox,
  // A meeting's automatic prep was scheduled, started, finished, skipped or read.
  'autoPrep.changed': AutoPreps,
  // A browser asked, was decided about or revoked, connected or went away.
  'companion.changed': CompanionChanged,
} as const;

export type Requests = typeof requests;
export type RequestName = keyof Requests;
/** What the caller passes (defaults may be omitted). */
export type RequestInput<N extends RequestName> = z.input<Requests[N]['input']>;
/** What the handler receives after parsing. */
export type ParsedInput<N extends RequestName> = z.output<Requests[N]['input']>;
export type RequestOutput<N extends RequestName> = z.output<Requests[N]['output']>;

/**
 * Every request the browser companion may make, with the schemas both ends check it with: the
 * contract's subset as the contract has it (runs.find narrowed to one deal), and the companion's
 * own two (./companion-requests).
 */
// The companion's lists name contract requests only: a name that is not one fails to compile.
({
  subset: CONTRACT_SUBSET,
  refused: REFUSED_TO_COMPANION,
}) satisfies Record<string, readonly RequestName[]>;

export const companionRequests = {
  ...(Object.fromEntries(CONTRACT_SUBSET.map((name) => [name, requests[name]])) as Pick<
    Requests,
    ContractSubsetName
  >),
  'runs.find': request(CompanionRunsFindInput, RunsFound),
  ...companionOwnRequests,
} as const;
export type CompanionRequests = typeof companionRequests;
export type CompanionRequestName = keyof CompanionRequests;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

export const requestNames = Object.keys(requests) as RequestName[];
export const eventNames = Object.keys(events) as EventName[];

export function isRequestName(value: unknown): value is RequestName {
  return typeof value === 'string' && Object.hasOwn(requests, value);
}
export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && Object.hasOwn(events, value);
}

/** What the renderer sees as `window.assistant` (Electron) or gets from the WebSocket bridge. */
export interface AssistantBridge {
  invoke<N extends RequestName>(name: N, input: RequestInput<N>): Promise<Result<RequestOutput<N>>>;
  /** Subscribes to one event; returns the function that unsubscribes. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

export { BRIDGE_GLOBAL } from './page-entry';
