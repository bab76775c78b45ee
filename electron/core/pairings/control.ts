// The companion as the renderer's requests see it (`companion.browsers`, `companion.decide`,
// `companion.revoke`, and the `companion.changed` event): core holds this from its start, and
// the host process attaches the companion host once it has tried to start it, and tells it how
// registration with the browsers went. Until then, and when it is off or could not listen, the
// requests answer that state rather than fail, so Settings can say why there is nothing to list.
//
// Core declares what it needs of that host (PairingsHost) and the host (electron/companion)
// implements it: core never imports the socket host, so the two rooms form no import circle.
import type {
  CompanionBrowser,
  CompanionChanged,
  CompanionRegistrationProblem,
  CompanionState,
  EventName,
  EventPayload,
} from '../../contract';

/** What Settings follows: a browser asked, was decided about or revoked, came or went. */
export type PairingsChange = {
  kind: 'requested' | 'decided' | 'revoked' | 'connected' | 'disconnected';
  origin: string;
};

/** The running companion host, as the renderer's requests reach it. */
export interface PairingsHost {
  /** `listening`, or why not: another instance serves the companion, or the folder is unsafe. */
  readonly status: { kind: 'listening' | 'elsewhere' | 'refused'; reason?: string };
  /** Each browser decided about or waiting now, as Settings lists them. */
  overview(): CompanionBrowser[];
  allow(origin: string): Promise<unknown>;
  deny(origin: string): Promise<void>;
  /** Forgets the decision and cuts the origin's live connections; it will be asked again. */
  revoke(origin: string): Promise<void>;
  /**
   * The question about a waiting origin closed without a decision (Not now): it is not asked
   * again; Settings lists the browser while it waits, with Allow and Deny.
   */
  dismissed(origin: string): void;
  subscribe(listener: (change: PairingsChange) => void): () => void;
}

export type CompanionOutcome =
  { kind: 'started'; host: PairingsHost } | { kind: 'off' } | { kind: 'failed' };

export interface CompanionControl {
  /** The host process tried to start the companion; from now on the requests answer from it. */
  attach(outcome: CompanionOutcome): void;
  /**
   * How this start's registration with the browsers ended (electron/main/companion-registration.ts):
   * done, failed, or refused for the app's place (macOS: a disk image, a translocated copy).
   */
  registered(outcome: 'done' | CompanionRegistrationProblem): void;
  state(): CompanionState;
  decide(origin: string, allow: boolean): Promise<CompanionState>;
  revoke(origin: string): Promise<CompanionState>;
  /** The prompt for a waiting browser closed without a decision: it is not asked again. */
  dismissed(origin: string): void;
}

type Emit = <E extends EventName>(name: E, payload: EventPayload<E>) => void;

export function createCompanionControl(emit: Emit): CompanionControl {
  let outcome: CompanionOutcome = { kind: 'off' };
  let unsubscribe: (() => void) | undefined;
  let registration: CompanionRegistrationProblem | undefined;
  const hostOf = () => (outcome.kind === 'started' ? outcome.host : undefined);

  const state = (): CompanionState => {
    if (outcome.kind === 'off') return { status: 'off' };
    if (outcome.kind === 'failed') return { status: 'unavailable', reason: 'failed' };
    const { status } = outcome.host;
    if (status.kind === 'elsewhere') return { status: 'unavailable', reason: 'elsewhere' };
    if (status.kind === 'refused') return { status: 'unavailable', reason: 'unsafe-folder' };
    return {
      status: 'on',
      browsers: outcome.host.overview(),
      ...(registration === undefined ? {} : { registration }),
    };
  };
  const changed = (change: CompanionChanged['change'], origin?: string) =>
    emit('companion.changed', {
      change,
      ...(origin === undefined ? {} : { origin }),
      state: state(),
    });

  return {
    attach(next) {
      unsubscribe?.();
      outcome = next;
      unsubscribe =
        next.kind === 'started'
          ? next.host.subscribe((change: PairingsChange) => changed(change.kind, change.origin))
          : undefined;
      changed('status');
    },
    registered(result) {
      registration = result === 'done' ? undefined : result;
      changed('status');
    },
    state,
    async decide(origin, allow) {
      const host = hostOf();
      if (host !== undefined) await (allow ? host.allow(origin) : host.deny(origin));
      return state();
    },
    async revoke(origin) {
      await hostOf()?.revoke(origin);
      return state();
    },
    dismissed(origin) {
      hostOf()?.dismissed(origin);
    },
  };
}
