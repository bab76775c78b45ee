// The API client the rest of core keeps (the run manager, the notification scheduler, the
// handlers). Switching services swaps the client behind it, so nobody holding it has to be
// rebuilt or told, and retires the old one: its calls in flight and their retries stop.
import { createApiClient, type ApiClient } from '../api/client';
import type { FetchLike, SessionProvider } from '../api/config';
import type { AssistantError } from '../errors';

/** A client of the service at `baseUrl` that sends the session `session` holds for it. */
export type ClientFactory = (
  baseUrl: string,
  session: SessionProvider,
  lifetime?: AbortSignal,
) => ApiClient;

export function apiClientFactory(options: {
  fetch: FetchLike;
  appVersion: string;
  platform: string;
  hostKind: string;
  /** The language requests ask the service to answer in (Accept-Language). */
  acceptLanguage?: () => string;
  /** Largest JSON answer read (core/limits.ts); absent: the default. */
  maxBodyBytes?: number;
}): ClientFactory {
  const userAgent = `AssistantDesktop/${options.appVersion} (${options.platform}; ${options.hostKind})`;
  return (baseUrl, session, lifetime) =>
    createApiClient({
      baseUrl,
      session,
      fetch: options.fetch,
      userAgent,
      ...(options.acceptLanguage === undefined ? {} : { acceptLanguage: options.acceptLanguage }),
      ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
      ...(lifetime === undefined ? {} : { lifetime }),
    });
}

export interface SwitchableClient {
  /** Forwards every call to the client in use at the time of the call. */
  readonly api: ApiClient;
  /**
   * Later calls go to a client of `baseUrl`; the previous client's calls still in flight (and
   * their retries) are aborted with `reason`.
   */
  use(baseUrl: string, reason: AssistantError): void;
}

export function createSwitchableClient(
  clientFor: ClientFactory,
  baseUrl: string,
  session: SessionProvider,
): SwitchableClient {
  let lifetime = new AbortController();
  let client = clientFor(baseUrl, session, lifetime.signal);
  const api: ApiClient = {
    get config() {
      return client.config;
    },
    getMetadata: (...args) => client.getMetadata(...args),
    listAgents: (...args) => client.listAgents(...args),
    listDeals: (...args) => client.listDeals(...args),
    getDeal: (...args) => client.getDeal(...args),
    getMorningBriefing: (...args) => client.getMorningBriefing(...args),
    getMeetingBriefing: (...args) => client.getMeetingBriefing(...args),
    listRuns: (...args) => client.listRuns(...args),
    createRun: (...args) => client.createRun(...args),
    getRun: (...args) => client.getRun(...args),
    cancelRun: (...args) => client.cancelRun(...args),
    getUsage: (...args) => client.getUsage(...args),
  };
  return {
    api,
    use(next, reason) {
      lifetime.abort(reason);
      lifetime = new AbortController();
      client = clientFor(next, session, lifetime.signal);
    },
  };
}
