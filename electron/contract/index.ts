/**
 * The contract between the renderer and a host (Electron main over IPC, browser mode over a
 * WebSocket). Everything that crosses is here: a request is `invoke(name, input)` answered with a
 * `Result` ({ ok: true, data } | { ok: false, error }); an event is pushed by the host. Inputs,
 * outputs and event payloads are validated with these schemas on both sides.
 *
 * Requests (input → output):
 *   app.info             {}                                  → AppInfo (versions, host kind, demo flag, notices, desktop capabilities)
 *   app.dismissNotice    { id }                              → { notices }
 *   app.setFocus         { focused }                         → { windowFocused } (the page gained or lost focus)
 *   connectivity.status  {}                                  → Connectivity
 *   service.metadata     { refresh? }                        → Cached<ServiceMetadata>
 *   agents.list          { refresh? }                        → Cached<Agent[]>
 *   deals.list           { search?, refresh? }               → DealsList (Cached<Deal[]>, truncated?, total?, searchedBy?)
 *   deals.get            { dealId, refresh? }                → Cached<Deal>
 *   briefings.morning    { refresh? }                        → Cached<Briefing>
 *   briefings.meeting    { refresh? }                        → Cached<Briefing>
 *   usage.summary        {}                                  → UsageSummary
 *   runs.start           { agentId, message, dealId }        → LiveRunSummary
 *   runs.cancel          { runId }                           → LiveRunSummary
 *   runs.retry           { runId }                           → LiveRunSummary (a new run, same input)
 *   runs.live            {}                                  → { runs: LiveRun[] } (the one full snapshot: after a reload)
 *   runs.list            { limit, offset, status? }          → RunsPage
 *   runs.find            { dealId?, agentId?, status?, query?, limit, scan? } → RunsFound (newest first)
 *   runs.get             { runId }                           → RunDetail (service record + our transcript)
 *   runs.transcript      { runId }                           → Transcript | null
 *   runs.events          { runId, offset, limit ≤ 500 }      → RunEventsPage (stored raw events, output included)
 *   session.status       {}                                  → SessionStatus
 *   session.signIn       {}                                  → SessionStatus (sign-in window; not in browser mode)
 *   session.setToken     { token }                           → SessionStatus (the token is input only)
 *   session.signOut      {}                                  → SessionStatus
 *   settings.get         {}                                  → Settings
 *   settings.update      SettingsPatch                       → Settings
 *   diagnostics.copy     {}                                  → { text } (no secrets)
 *   links.openExternal   { url } (http/https only)           → { opened } (false: open it yourself)
 *   inbox.list           {}                                  → Inbox (newest first, with the unread count)
 *   inbox.markRead       { ids }                             → Inbox
 *   inbox.markAllRead    {}                                  → Inbox
 *   inbox.catchUp        {}                                  → { entries } (not yet shown anywhere; now they are)
 *
 * Events (payload):
 *   run.update           { updates: RunUpdate[] }: every run's coalesced batch of one frame, at most one event per frame
 *   runs.changed         { runs: LiveRunSummary[] }: the live run list changed
 *   session.changed      SessionStatus
 *   connectivity.changed Connectivity
 *   data.refreshed       { key, id?, fetchedAt }: fresher cached data is available; ask again
 *   settings.changed     Settings
 *   service.changed      ServiceInfo: core now talks to another service (what the old one said is gone)
 *   notice               Notice
 *   notification         AppNotification (browser mode shows it as a toast)
 *   navigate             { screen, id?, focus? } (tray, notifications, deep links, global shortcut)
 *   inbox.changed        Inbox
 */
import type { z } from 'zod';
import {
  AppInfo,
  AppNotification,
  Connectivity,
  DataRefreshed,
  Diagnostics,
  Navigate,
  Notice,
  NoticeIdInput,
  NoticesOutput,
  OpenExternalInput,
  OpenExternalOutput,
  ServiceInfo,
  SetFocusInput,
  SetFocusOutput,
} from './app';
import { CachedReadInput, Empty, type Result } from './common';
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
import { SessionStatus, SetTokenInput } from './session';
import { Settings, SettingsPatch } from './settings';

export * from './accelerator';
export * from './app';
export * from './common';
export * from './inbox';
export * from './runs';
export * from './service';
export * from './session';
export * from './settings';
export * from './wire';

function request<I extends z.ZodType, O extends z.ZodType>(input: I, output: O) {
  return { input, output };
}

export const requests = {
  'app.info': request(Empty, AppInfo),
  'app.dismissNotice': request(NoticeIdInput, NoticesOutput),
  'app.setFocus': request(SetFocusInput, SetFocusOutput),
  'connectivity.status': request(Empty, Connectivity),
  'service.metadata': request(CachedReadInput, CachedMetadata),
  'agents.list': request(CachedReadInput, CachedAgents),
  'deals.list': request(DealsListInput, DealsList),
  'deals.get': request(DealsGetInput, CachedDeal),
  'briefings.morning': request(CachedReadInput, CachedBriefing),
  'briefings.meeting': request(CachedReadInput, CachedBriefing),
  'usage.summary': request(Empty, UsageSummary),
  'runs.start': request(RunsStartInput, LiveRunSummary),
  'runs.cancel': request(RunIdInput, LiveRunSummary),
  'runs.retry': request(RunIdInput, LiveRunSummary),
  'runs.live': request(Empty, LiveRuns),
  'runs.list': request(RunsListInput, RunsPage),
  'runs.find': request(RunsFindInput, RunsFound),
  'runs.get': request(RunIdInput, RunDetail),
  'runs.transcript': request(RunIdInput, Transcript.nullable()),
  'runs.events': request(RunEventsInput, RunEventsPage),
  'session.status': request(Empty, SessionStatus),
  'session.signIn': request(Empty, SessionStatus),
  'session.setToken': request(SetTokenInput, SessionStatus),
  'session.signOut': request(Empty, SessionStatus),
  'settings.get': request(Empty, Settings),
  'settings.update': request(SettingsPatch, Settings),
  'diagnostics.copy': request(Empty, Diagnostics),
  'links.openExternal': request(OpenExternalInput, OpenExternalOutput),
  'inbox.list': request(Empty, Inbox),
  'inbox.markRead': request(InboxMarkReadInput, Inbox),
  'inbox.markAllRead': request(Empty, Inbox),
  'inbox.catchUp': request(Empty, InboxCatchUp),
} as const;

export const events = {
  'run.update': RunUpdates,
  'runs.changed': RunsChanged,
  'session.changed': SessionStatus,
  'connectivity.changed': Connectivity,
  'data.refreshed': DataRefreshed,
  'settings.changed': Settings,
  'service.changed': ServiceInfo,
  notice: Notice,
  notification: AppNotification,
  navigate: Navigate,
  'inbox.changed': Inbox,
} as const;

export type Requests = typeof requests;
export type RequestName = keyof Requests;
/** What the caller passes (defaults may be omitted). */
export type RequestInput<N extends RequestName> = z.input<Requests[N]['input']>;
/** What the handler receives after parsing. */
export type ParsedInput<N extends RequestName> = z.output<Requests[N]['input']>;
export type RequestOutput<N extends RequestName> = z.output<Requests[N]['output']>;

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
