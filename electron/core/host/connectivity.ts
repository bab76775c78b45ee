// Whether the service can be reached, learned from the traffic itself: every fetch core makes
// goes through `track`, so an answer means reachable, a failure to connect means unreachable, and
// a 502/503/504 means the service as a whole is down (one endpoint's 500 is that endpoint's
// error, not the service's); the host adds what the OS says about the network.
import { SERVICE_DOWN_STATUSES, type Connectivity, type ErrorData } from '../../contract';
import type { FetchLike } from '../api/config';
import { toAssistantError } from '../errors';
import { coreWords } from '../i18n/words';

export type ConnectivityState = Exclude<Connectivity['state'], 'host-unreachable'>;

export interface ConnectivityTracker {
  current(): Connectivity;
  /** Wraps a fetch so its outcomes update the state. */
  track(fetch: FetchLike): FetchLike;
  /** The OS says the network went away or came back. */
  setNetwork(online: boolean): void;
  subscribe(listener: (state: Connectivity) => void): () => void;
}

export function createConnectivityTracker(now: () => Date = () => new Date()): ConnectivityTracker {
  let state: Connectivity = { state: 'online', since: now().toISOString() };
  let networkUp = true;
  const listeners = new Set<(state: Connectivity) => void>();

  const set = (next: ConnectivityState, error?: ErrorData) => {
    if (state.state === next) return;
    state = { state: next, since: now().toISOString(), ...(error ? { error } : {}) };
    for (const listener of [...listeners]) listener(state);
  };

  return {
    current: () => state,
    track(fetch) {
      return async (input, init) => {
        try {
          const response = await fetch(input, init);
          if (SERVICE_DOWN_STATUSES.has(response.status)) {
            set('service-failing', {
              code: `http_${response.status}`,
              message: coreWords().t('errors.service.failing'),
              retryable: true,
              kind: 'service',
              status: response.status,
            });
          } else set('online');
          return response;
        } catch (thrown) {
          const error = toAssistantError(thrown);
          if (error.kind === 'network' || error.kind === 'timeout') {
            set(networkUp ? 'service-unreachable' : 'offline', {
              code: error.code,
              message: coreWords().t('errors.service.unreachable'),
              retryable: true,
              kind: error.kind,
            });
          }
          throw thrown;
        }
      };
    },
    setNetwork(online) {
      networkUp = online;
      if (!online) set('offline');
      else if (state.state === 'offline') set('online');
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
