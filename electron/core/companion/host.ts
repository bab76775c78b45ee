// The companion host: the third host of the contract, beside Electron's IPC and browser mode's
// WebSocket, for the browser companion's relays. It listens on the per-user socket, serves each
// connection (connection.ts) and keeps the user's decisions about browsers (pairings.ts): a
// decision reaches the connections waiting for it, and Revoke cuts that browser's live ones.
// Either host process (the Electron app or browser mode) starts it beside its own.
import type { Socket } from 'node:net';
import type { Backend } from '../backend';
import type { Logger } from '../logs/logger';
import { serveConnection, type CompanionConnection, type ConnectionState } from './connection';
import { listenOnSocket } from './listener';
import {
  createPairingStore,
  type Decision,
  type PairingEntry,
  type PairingStore,
} from './pairings';
import { DEFAULT_RATE_LIMIT, type RateLimitOptions } from './rate-limit';

/** Connections at once; more are closed on arrival (one per browser window's panel is typical). */
const MAX_CONNECTIONS = 32;
const HANDSHAKE_TIMEOUT_MS = 5_000;

export interface CompanionHostOptions {
  backend: Pick<Backend, 'dispatch' | 'events'>;
  log: Logger;
  /** Where the decisions are kept. */
  dataDir: string;
  socketPath: string;
  appVersion: string;
  /**
   * An extension the user has not decided about is waiting: the shell shows Allow / Deny and
   * calls `allow` or `deny`. Called once per origin while it waits.
   */
  onPairingRequest?: (request: { origin: string }) => void;
  handshakeTimeoutMs?: number;
  rateLimit?: RateLimitOptions;
  platform?: NodeJS.Platform;
  now?: () => number;
}

export interface CompanionHost {
  /** `listening`, or why not: another instance serves the companion, or the folder is unsafe. */
  readonly status: { kind: 'listening' | 'elsewhere' | 'refused'; reason?: string };
  readonly socketPath: string;
  /** Each browser the user decided about. */
  browsers(): PairingEntry[];
  /** Origins waiting for a decision now. */
  pending(): string[];
  connections(): Array<{ origin: string | undefined; state: ConnectionState }>;
  allow(origin: string): Promise<void>;
  deny(origin: string): Promise<void>;
  /** Forgets the decision and cuts the origin's live connections; it will be asked again. */
  revoke(origin: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startCompanionHost(options: CompanionHostOptions): Promise<CompanionHost> {
  const log = options.log;
  const pairings: PairingStore = createPairingStore(options.dataDir);
  const loaded = await pairings.load();
  if (loaded.problem !== undefined) log.warn(loaded.problem);
  const live = new Set<CompanionConnection>();
  const asked = new Set<string>();

  pairings.subscribe((change) => {
    for (const connection of [...live]) {
      if (connection.origin !== change.origin) continue;
      if (change.kind === 'decided') connection.decided(change.decision);
      else connection.cut('revoked', 'This browser was removed in Assistant Desktop.');
    }
    asked.delete(change.origin);
  });

  const onConnection = (socket: Socket) => {
    if (live.size >= MAX_CONNECTIONS) {
      log.warn('Companion: too many connections; closed a new one');
      socket.destroy();
      return;
    }
    const connection = serveConnection({
      socket,
      dispatch: options.backend.dispatch,
      events: options.backend.events,
      pairings,
      log,
      appVersion: options.appVersion,
      handshakeTimeoutMs: options.handshakeTimeoutMs ?? HANDSHAKE_TIMEOUT_MS,
      rateLimit: options.rateLimit ?? DEFAULT_RATE_LIMIT,
      now: options.now ?? Date.now,
      onPairingRequest: (origin) => {
        if (asked.has(origin)) return;
        asked.add(origin);
        log.info('Companion: a browser asks to be allowed', { origin });
        options.onPairingRequest?.({ origin });
      },
      onClosed: () => live.delete(connection),
    });
    live.add(connection);
  };

  const outcome = await listenOnSocket(options.socketPath, onConnection, options.platform);
  if (outcome.kind === 'listening') {
    log.info('Companion: listening for the browser companion', { socket: options.socketPath });
  } else if (outcome.kind === 'elsewhere') {
    log.info('Companion: not listening; another instance serves it', { reason: outcome.reason });
  } else {
    log.error(`Companion: not listening, because ${outcome.reason}`, {
      socket: options.socketPath,
    });
  }

  const decide = (origin: string, decision: Decision) => pairings.decide(origin, decision);
  return {
    status:
      outcome.kind === 'listening'
        ? { kind: 'listening' }
        : { kind: outcome.kind, reason: outcome.reason },
    socketPath: options.socketPath,
    browsers: () => pairings.list(),
    pending: () => [...asked],
    connections: () => [...live].map((c) => ({ origin: c.origin, state: c.state })),
    allow: (origin) => decide(origin, 'allowed'),
    deny: (origin) => decide(origin, 'denied'),
    async revoke(origin) {
      await pairings.revoke(origin);
      // Also an origin still waiting, which has no decision to forget.
      for (const connection of [...live]) {
        if (connection.origin === origin) {
          connection.cut('revoked', 'This browser was removed in Assistant Desktop.');
        }
      }
    },
    async stop() {
      for (const connection of [...live]) connection.cut('busy', 'Assistant Desktop is closing.');
      if (outcome.kind === 'listening') await outcome.close();
    },
  };
}
