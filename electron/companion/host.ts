// The companion host: the third host of the contract, beside Electron's IPC and browser mode's
// WebSocket, for the browser companion's relays. It listens on the per-user socket, serves each
// connection (connection.ts) and keeps the user's decisions about browsers (pairings.ts): a
// decision reaches the connections waiting for it, and Revoke cuts that browser's live ones.
// The user is asked once per origin: a Not now, a closed question or a reconnecting browser asks
// nothing more until the user decides (in Settings, where a waiting browser offers Allow).
// Either host process (the Electron app or browser mode) starts it beside its own.
import type { Socket } from 'node:net';
import type { CompanionBrowser, CompanionBrowserName } from '../contract';
import type { Backend } from '../core/backend';
import type { Logger } from '../core/logs/logger';
import type { PairingsChange, PairingsHost } from '../core/pairings/control';
import { createPairingStore, type PairingEntry, type PairingStore } from '../core/pairings/store';
import { extensionBuildOf } from './browser-name';
import { serveConnection, type CompanionConnection, type ConnectionState } from './connection';
import { listenOnSocket } from './listener';
import { createLogTrail } from './log-trail';
import { createQueuePool } from './queue-pool';
import { DEFAULT_RATE_LIMIT, type RateLimitOptions } from './rate-limit';

/** Connections at once; more are closed on arrival (one per browser window's panel is typical). */
const MAX_CONNECTIONS = 32;
const HANDSHAKE_TIMEOUT_MS = 5_000;
/**
 * How long a connection may wait for the user's Allow or Deny. Past it the connection is closed
 * without a refusal: the panel opens another at once (its backoff starts at half a second) and
 * waits again, and a prompt still open stays open, so a user who takes longer loses nothing,
 * while connections nobody answers cannot hold the slots.
 */
const PENDING_TIMEOUT_MS = 2 * 60_000;
/**
 * An allowed connection with no frame either way for this long gives its slot to a new one when
 * all are taken. Not closed on a timer: the extension sends no keepalive, and a panel beside a
 * CRM tab may sit idle for hours with an answer on screen that a reconnect would clear.
 */
const IDLE_EVICTION_MS = 10 * 60_000;
/** Connection lines written per minute before the rest are only counted (log-trail.ts). */
const TRAIL_LINES_PER_MINUTE = 60;

export interface CompanionHostOptions {
  backend: Pick<Backend, 'dispatch' | 'events'>;
  log: Logger;
  /** Where the decisions are kept. */
  dataDir: string;
  socketPath: string;
  appVersion: string;
  /** The origins this build lets in (extension-ids.ts's `allowedOrigins`); others are refused. */
  allowedOrigins: readonly string[];
  /**
   * An extension the user has not decided about is waiting: the shell asks Allow / Deny / Not now
   * and calls `allow` or `deny`. Called once per origin until the user decides about it.
   */
  onPairingRequest?: (request: PairingRequest) => void;
  handshakeTimeoutMs?: number;
  pendingTimeoutMs?: number;
  /** Overrides of DEFAULT_RATE_LIMIT, field by field. */
  rateLimit?: Partial<RateLimitOptions>;
  platform?: NodeJS.Platform;
  now?: () => number;
}

/** An extension waiting for the user's decision, and the browser it came from when known. */
export interface PairingRequest {
  origin: string;
  browser: CompanionBrowserName | undefined;
}

/** What Settings follows (core's PairingsChange: core declares it, this host keeps to it). */
export type CompanionHostChange = PairingsChange;

export interface CompanionHost extends PairingsHost {
  readonly socketPath: string;
  /** Each browser the user decided about. */
  browsers(): PairingEntry[];
  /** Origins the user was asked about and has not decided yet. */
  pending(): string[];
  connections(): Array<{ origin: string | undefined; state: ConnectionState }>;
  /**
   * Allows the origin; resolves to the key its waiting connections were handed, for a caller that
   * pairs with none waiting (tests, the benchmark). The shell has no use for it.
   */
  allow(origin: string): Promise<string>;
  stop(): Promise<void>;
}

/** Who follows the host's changes; a listener that throws is logged, not passed on. */
function changeListeners(log: Logger) {
  const listeners = new Set<(change: CompanionHostChange) => void>();
  return {
    tell(change: CompanionHostChange) {
      for (const listener of [...listeners]) {
        try {
          listener(change);
        } catch (error) {
          log.error('Companion: a listener of changes failed', { error });
        }
      }
    },
    subscribe(listener: (change: CompanionHostChange) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export async function startCompanionHost(options: CompanionHostOptions): Promise<CompanionHost> {
  const log = options.log;
  const shared = sharedByConnections(options);
  const trail = shared.log;
  const pairings: PairingStore = createPairingStore(options.dataDir);
  const loaded = await pairings.load();
  if (loaded.problem !== undefined) log.warn(loaded.problem);
  const live = new Set<CompanionConnection>();
  const allowedOrigins = new Set(options.allowedOrigins);
  // Asked and not decided: kept while its connections come and go, so a reconnecting browser
  // (or a process claiming its origin in a loop) raises one question, not one per connection.
  const asked = new Set<string>();
  const { tell, subscribe } = changeListeners(log);
  const liveOf = (origin: string) => [...live].filter((c) => c.origin === origin);
  const cutOrigin = (origin: string) => {
    for (const connection of liveOf(origin)) {
      connection.cut('revoked', 'This browser was removed in Assistant Desktop.');
    }
  };

  pairings.subscribe((change) => {
    asked.delete(change.origin);
    if (change.kind === 'decided') {
      for (const connection of liveOf(change.origin)) connection.decided(change);
    } else {
      cutOrigin(change.origin);
    }
    tell({ kind: change.kind, origin: change.origin });
  });

  const onConnection = (socket: Socket) => {
    if (!makeRoom(live, shared.now(), trail)) {
      socket.destroy();
      return;
    }
    const connection = serveConnection({
      socket,
      dispatch: options.backend.dispatch,
      events: options.backend.events,
      pairings,
      allowedOrigins,
      appVersion: options.appVersion,
      ...limitsOf(options),
      ...shared,
      onPairingRequest: (origin) => {
        tell({ kind: 'requested', origin });
        if (asked.has(origin)) return;
        asked.add(origin);
        trail.info('Companion: a browser asks to be allowed', { origin });
        options.onPairingRequest?.({ origin, browser: connection.browser });
      },
      onIdentified: () => {
        if (connection.origin !== undefined) tell({ kind: 'connected', origin: connection.origin });
      },
      onClosed: () => {
        live.delete(connection);
        const origin = connection.origin;
        if (origin === undefined) return;
        tell({ kind: 'disconnected', origin });
      },
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

  return {
    status:
      outcome.kind === 'listening'
        ? { kind: 'listening' }
        : { kind: outcome.kind, reason: outcome.reason },
    socketPath: options.socketPath,
    browsers: () => pairings.list(),
    pending: () => [...asked],
    connections: () => [...live].map((c) => ({ origin: c.origin, state: c.state })),
    allow: (origin) => pairings.allow(origin),
    deny: (origin) => pairings.deny(origin),
    async revoke(origin) {
      const known = pairings.get(origin) !== undefined;
      await pairings.revoke(origin);
      if (known) return;
      // An origin still waiting has no decision to forget: its connections are cut all the same.
      asked.delete(origin);
      cutOrigin(origin);
      tell({ kind: 'revoked', origin });
    },
    overview: () => overview(pairings.list(), [...live]),
    dismissed(origin) {
      // Stays in `asked`: the next question comes from the user, in Settings.
      log.info('Companion: the question about a browser was put off', { origin });
    },
    subscribe,
    async stop() {
      for (const connection of [...live]) connection.cut('busy', 'Assistant Desktop is closing.');
      if (outcome.kind === 'listening') await outcome.close();
      trail.flush();
    },
  };
}

/** The limits each connection is served under: the defaults, where a host did not choose. */
function limitsOf(options: CompanionHostOptions) {
  return {
    handshakeTimeoutMs: options.handshakeTimeoutMs ?? HANDSHAKE_TIMEOUT_MS,
    pendingTimeoutMs: options.pendingTimeoutMs ?? PENDING_TIMEOUT_MS,
    rateLimit: { ...DEFAULT_RATE_LIMIT, ...options.rateLimit },
  };
}

/** What the host's connections share: its clock, their log (log-trail.ts), their queue pool. */
function sharedByConnections(options: CompanionHostOptions) {
  const now = options.now ?? Date.now;
  return {
    now,
    log: createLogTrail(options.log, { perMinute: TRAIL_LINES_PER_MINUTE, now }),
    queuePool: createQueuePool(),
  };
}

/**
 * Whether a new connection may be served: below the limit, or once the allowed connection idle
 * longest (if idle long enough) has been closed to make room.
 */
function makeRoom(live: Set<CompanionConnection>, at: number, log: Logger): boolean {
  if (live.size < MAX_CONNECTIONS) return true;
  let oldest: CompanionConnection | undefined;
  for (const connection of live) {
    if (connection.state !== 'allowed' || at - connection.lastActivity < IDLE_EVICTION_MS) continue;
    if (oldest === undefined || connection.lastActivity < oldest.lastActivity) oldest = connection;
  }
  if (oldest === undefined) {
    log.warn('Companion: too many connections; closed a new one');
    return false;
  }
  log.info('Companion: closed an idle connection to make room for a new one', {
    origin: oldest.origin,
  });
  oldest.cut('busy', 'Assistant Desktop closed this idle connection to make room for another.');
  return true;
}

/** The decided browsers, then those waiting now, each with whether a connection is open. */
function overview(entries: PairingEntry[], live: CompanionConnection[]): CompanionBrowser[] {
  const open = live.filter((c) => c.state === 'allowed' || c.state === 'pending');
  const browserOf = (origin: string) => open.find((c) => c.origin === origin)?.browser;
  const listed: CompanionBrowser[] = entries.map((entry) => {
    const browser = browserOf(entry.origin) ?? entry.browser;
    // Allowed before Allow made a key: it must be allowed again (pairings.ts).
    const reallow = entry.decision === 'allowed' && entry.keyHash === undefined;
    return {
      origin: entry.origin,
      decision: reallow ? 'reallow' : entry.decision,
      ...(browser === undefined ? {} : { browser }),
      extension: extensionBuildOf(entry.origin),
      decidedAt: entry.decidedAt,
      ...(entry.lastUsedAt === undefined ? {} : { lastUsedAt: entry.lastUsedAt }),
      connected: open.some((c) => c.origin === entry.origin),
    };
  });
  const decided = new Set(entries.map((e) => e.origin));
  const waiting = new Set<string>();
  for (const connection of open) {
    const origin = connection.origin;
    if (connection.state !== 'pending' || origin === undefined || decided.has(origin)) continue;
    waiting.add(origin);
  }
  for (const origin of waiting) {
    const browser = browserOf(origin);
    listed.push({
      origin,
      decision: 'pending',
      ...(browser === undefined ? {} : { browser }),
      extension: extensionBuildOf(origin),
      connected: true,
    });
  }
  return listed;
}
