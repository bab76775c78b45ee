// Everything the request handlers share: the stores, the clock and the mutable settings. Built
// once per service by service.ts; handlers receive it with each request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SessionStore } from './auth/sessions';
import type { DealBook } from './data/deal-book';
import type { Faults } from './faults/faults';
import type { Params } from './http/router';
import type { ResolvedOptions } from './options';
import type { RunEngine } from './runs/engine';
import type { IdempotencyStore } from './runs/idempotency';
import type { UsageMeter } from './usage/meter';

export interface ServiceState {
  options: ResolvedOptions;
  /** The sign-in password: the one given, or a random one. */
  password: string;
  /**
   * The Host headers and Origins it answers (../shared/loopback-host); known once listening, and
   * until then none.
   */
  reachable: { hosts: string[]; origins: string[] };
  now: () => Date;
  sessions: SessionStore;
  usage: UsageMeter;
  runs: RunEngine;
  idempotency: IdempotencyStore;
  faults: Faults;
  deals: DealBook;
  /** Settings the control API may change while the service runs. */
  settings: {
    failRuns: boolean;
    keepAliveMs: number;
    /** Output tokens of a run that does not ask for a length (`input.demo.tokens`); null: the agent's own. */
    runTokens: number | null;
    /** The meeting briefing names its deal only in its title, no deal id (a calendar's meeting). */
    meetingDealInTitle: boolean;
    /** The calendar a test scripted (moved and cancelled meetings included); null: the demo's own. */
    scriptedMeetings: readonly ScriptedMeeting[] | null;
  };
  log: (line: string) => void;
}

/** A meeting a test puts on the calendar instead of the demo's generated day. */
export interface ScriptedMeeting {
  id: string;
  title: string;
  startsAt: string;
  /** One of the demo's deals (control.deals()); none: a meeting without a deal. */
  dealId?: string;
}

export interface RequestContext {
  req: IncomingMessage;
  /** The session the request carried, once the API checked it: it owns the runs it creates. */
  owner?: string;
  res: ServerResponse;
  requestId: string;
  url: URL;
  /** The path with the API base removed (`''` for the base itself). */
  path: string;
  params: Params;
  state: ServiceState;
}

export type Handler = (ctx: RequestContext) => void | Promise<void>;
