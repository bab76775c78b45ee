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
  };
  log: (line: string) => void;
}

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  requestId: string;
  url: URL;
  /** The path with the API base removed (`''` for the base itself). */
  path: string;
  params: Params;
  state: ServiceState;
}

export type Handler = (ctx: RequestContext) => void | Promise<void>;
