// The API client the rest of core keeps (the run manager, the notification scheduler, the
// handlers). Switching services swaps the client behind it, so nobody holding it has to be
// rebuilt or told.
import { createApiClient, type ApiClient } from '../api/client';
import type { FetchLike, SessionProvider } from '../api/config';

/** A client of the service at `baseUrl` that sends the token `session` holds. */
export type ClientFactory = (baseUrl: string, session: SessionProvider) => ApiClient;

export function apiClientFactory(options: {
  fetch: FetchLike;
  appVersion: string;
  platform: string;
  hostKind: string;
}): ClientFactory {
  const userAgent = `AssistantDesktop/${options.appVersion} (${options.platform}; ${options.hostKind})`;
  return (baseUrl, session) =>
    createApiClient({ baseUrl, session, fetch: options.fetch, userAgent });
}

export interface SwitchableClient {
  /** Forwards every call to the client in use at the time of the call. */
  readonly api: ApiClient;
  /** Later calls go to `client`; calls already made finish where they started. */
  use(client: ApiClient): void;
}

export function createSwitchableClient(initial: ApiClient): SwitchableClient {
  let client = initial;
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
    use(next) {
      client = next;
    },
  };
}
