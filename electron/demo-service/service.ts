// startDemoService: builds the stores, starts the HTTP server and hands back its addresses, the
// demo session token and the control API.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { allowedHosts, originsOf } from '../shared/loopback-host';
import { newPassword, SessionStore } from './auth/sessions';
import { createControl } from './control';
import type { DemoControl } from './control';
import { DealBook } from './data/deal-book';
import { Faults } from './faults/faults';
import { BASE_PATH, DEFAULT_LIMITS, DemoServiceOptionsSchema } from './options';
import type { DemoServiceOptions } from './options';
import { createListener } from './pipeline';
import { RunEngine } from './runs/engine';
import { IdempotencyStore } from './runs/idempotency';
import type { ServiceState } from './state';
import { UsageMeter } from './usage/meter';

export interface DemoService {
  /** `{base_url}` of the API document: origin + /api/v1/assistant. */
  baseUrl: string;
  origin: string;
  loginUrl: string;
  /** The demo session's token: send it as the cookie sb-access-token. */
  token: string;
  /** The sign-in password of its page: the one given, or the random one it chose. */
  password: string;
  host: string;
  port: number;
  control: DemoControl;
  /** Stops accepting requests, closes open streams and timers. Safe to call twice. */
  stop(): Promise<void>;
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export async function startDemoService(input: DemoServiceOptions = {}): Promise<DemoService> {
  const parsed = DemoServiceOptionsSchema.safeParse(input);
  if (!parsed.success)
    throw new Error(`Invalid demo service options:\n${z.prettifyError(parsed.error)}`);
  const options = parsed.data;
  const now = options.clock ?? ((): Date => new Date());
  const nowMs = (): number => now().getTime();

  const usage = new UsageMeter(now, { ...DEFAULT_LIMITS, ...options.limits });
  const state: ServiceState = {
    options,
    password: options.password ?? newPassword(),
    reachable: { hosts: [], origins: [] },
    now,
    sessions: new SessionStore(nowMs, options.sessionTtlMs),
    usage,
    runs: new RunEngine({
      now,
      pacing: options.pacing,
      maxRuns: options.maxRuns,
      onOutputToken: () => usage.countOutputTokens(1),
    }),
    idempotency: new IdempotencyStore(nowMs),
    faults: new Faults(),
    deals: new DealBook(now, options.dealCount),
    settings: {
      failRuns: options.failRuns,
      keepAliveMs: options.keepAliveMs,
      runTokens: null,
      meetingDealInTitle: false,
      scriptedMeetings: null,
    },
    log: options.log ?? ((): void => {}),
  };
  const token = state.sessions.create({
    ...(options.token === undefined ? {} : { token: options.token }),
  });

  const server = createServer({ noDelay: true }, createListener(state));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://${urlHost(options.host)}:${port}`;
  const hosts = allowedHosts(port, options.host);
  state.reachable = { hosts, origins: originsOf(hosts) };

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= new Promise<void>((resolve) => {
      state.runs.stop();
      server.close(() => resolve());
      // Open streams and idle keep-alive connections would otherwise hold close() forever.
      server.closeAllConnections();
    });
    return stopping;
  };

  return {
    baseUrl: `${origin}${BASE_PATH}`,
    origin,
    loginUrl: `${origin}/login`,
    token,
    password: state.password,
    host: options.host,
    port,
    control: createControl(state),
    stop,
  };
}
