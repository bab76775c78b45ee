// The two IPC channels between the preload and main, and the contract's names as plain strings.
// The preload is sandboxed: it may require only 'electron', so it cannot load the contract's zod
// schemas at run time. The lists below are checked against the contract's types at compile time
// (a missing or extra name fails `tsc`), so they cannot drift from it.

import type { EventName, RequestName } from '../contract';

/** renderer → main: `invoke(name, input)` answered with a Result. */
export const INVOKE_CHANNEL = 'assistant:invoke';
/** main → renderer: `(name, payload)` of a contract event. */
export const EVENT_CHANNEL = 'assistant:event';

export const REQUEST_NAMES = [
  'app.info',
  'app.dismissNotice',
  'app.setFocus',
  'connectivity.status',
  'service.metadata',
  'agents.list',
  'deals.list',
  'deals.get',
  'deals.findByCrmRecord',
  'briefings.morning',
  'briefings.meeting',
  'usage.summary',
  'runs.start',
  'runs.cancel',
  'runs.retry',
  'runs.live',
  'runs.list',
  'runs.find',
  'runs.get',
  'runs.transcript',
  'runs.events',
  'session.status',
  'session.signIn',
  'session.setToken',
  'session.signOut',
  'settings.get',
  'settings.update',
  'settings.managed',
  'diagnostics.copy',
  'links.openExternal',
  'app.show',
  'inbox.list',
  'inbox.markRead',
  'inbox.markAllRead',
  'inbox.catchUp',
  'autoPrep.list',
  'autoPrep.markRead',
  'autoPrep.prepare',
  'companion.browsers',
  'companion.decide',
  'companion.revoke',
] as const satisfies readonly RequestName[];

export const EVENT_NAMES = [
  'run.update',
  'runs.changed',
  'session.changed',
  'connectivity.changed',
  'data.refreshed',
  'settings.changed',
  'settings.managedChanged',
  'service.changed',
  'notice',
  'notification',
  'navigate',
  'inbox.changed',
  'companion.changed',
  'autoPrep.changed',
] as const satisfies readonly EventName[];

// Compile-time exhaustiveness: every contract name is listed.
type Missing<All, Listed> = Exclude<All, Listed>;
const requestNamesComplete: [Missing<RequestName, (typeof REQUEST_NAMES)[number]>] extends [never]
  ? true
  : false = true;
const eventNamesComplete: [Missing<EventName, (typeof EVENT_NAMES)[number]>] extends [never]
  ? true
  : false = true;
void requestNamesComplete;
void eventNamesComplete;

const requestNameSet: ReadonlySet<string> = new Set(REQUEST_NAMES);
const eventNameSet: ReadonlySet<string> = new Set(EVENT_NAMES);

export function isAllowedRequestName(value: unknown): value is RequestName {
  return typeof value === 'string' && requestNameSet.has(value);
}

export function isAllowedEventName(value: unknown): value is EventName {
  return typeof value === 'string' && eventNameSet.has(value);
}
