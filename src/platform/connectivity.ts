// One voice per cause: while a banner says the service cannot be reached (or is down), an error
// that only repeats that cause is not shown again in every card, with its code and its own Retry.
import { SERVICE_DOWN_STATUSES } from '../../electron/contract';
import type { Connectivity, ErrorData } from '../../electron/contract';
import { useHost } from './hostStore';

/** The connectivity the banner shows: the browser's own offline flag wins. */
export function useBannerState(): Connectivity['state'] | undefined {
  const connectivity = useHost((s) => s.connectivity?.state);
  const browserOffline = useHost((s) => s.browserOffline);
  return browserOffline ? 'offline' : connectivity;
}

export function isBannerCause(state: Connectivity['state'] | undefined, error: ErrorData): boolean {
  switch (state) {
    case 'offline':
    case 'service-unreachable':
      return error.kind === 'network' || error.kind === 'timeout';
    case 'service-failing':
      return error.status !== undefined && SERVICE_DOWN_STATUSES.has(error.status);
    default:
      return false;
  }
}

export function useCoveredByBanner(error: ErrorData | undefined): boolean {
  const state = useBannerState();
  return error !== undefined && isBannerCause(state, error);
}
