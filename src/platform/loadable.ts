// The state of something read from the host: shown from cache at once (possibly stale), refreshed
// in the background, with the last error kept beside the value rather than replacing it.
import type { ErrorData } from '../../electron/contract';
import { toErrorData } from './requests';
import type { Call } from './requests';
import type { RequestInput, RequestName, RequestOutput } from '../../electron/contract';

export interface Loadable<T> {
  value?: T;
  loading: boolean;
  /** The last failure: with a value it is a failed refresh, without one nothing could be shown. */
  error?: ErrorData;
  fetchedAt?: string;
  /** Served from cache and not yet confirmed by the service. */
  stale: boolean;
}

export function idle<T>(): Loadable<T> {
  return { loading: false, stale: false };
}

export function loadingFrom<T>(prev: Loadable<T> | undefined): Loadable<T> {
  return { ...(prev ?? idle<T>()), loading: true };
}

interface CachedOutput<T> {
  value: T;
  fetchedAt: string;
  stale: boolean;
  error?: ErrorData;
}

type CachedRequest = {
  [N in RequestName]: RequestOutput<N> extends CachedOutput<unknown> ? N : never;
}[RequestName];

/** Runs a cached read and folds its answer (or its failure) into the previous state. */
export async function readCached<N extends CachedRequest>(
  call: Call,
  name: N,
  input: RequestInput<N>,
  prev: Loadable<RequestOutput<N>['value']> | undefined,
): Promise<Loadable<RequestOutput<N>['value']>> {
  try {
    const out = (await call(name, input)) as CachedOutput<RequestOutput<N>['value']>;
    const next: Loadable<RequestOutput<N>['value']> = {
      value: out.value,
      loading: false,
      fetchedAt: out.fetchedAt,
      stale: out.stale,
    };
    if (out.error) next.error = out.error;
    return next;
  } catch (error) {
    return { ...(prev ?? idle()), loading: false, error: toErrorData(error) };
  }
}

/** Runs a plain read. */
export async function read<N extends RequestName>(
  call: Call,
  name: N,
  input: RequestInput<N>,
  prev: Loadable<RequestOutput<N>> | undefined,
): Promise<Loadable<RequestOutput<N>>> {
  try {
    const value = await call(name, input);
    return { value, loading: false, stale: false, fetchedAt: new Date().toISOString() };
  } catch (error) {
    return { ...(prev ?? idle()), loading: false, error: toErrorData(error) };
  }
}
