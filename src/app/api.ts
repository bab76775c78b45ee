// Calls into the contract as promises that throw a `RequestError` carrying the host's error data
// (code, message, request id), so stores can keep one try/catch per action.
import { invoke } from '../bridge';
import type { ErrorData, RequestInput, RequestName, RequestOutput } from '../../electron/contract';

export class RequestError extends Error {
  readonly data: ErrorData;
  constructor(data: ErrorData) {
    super(data.message);
    this.name = 'RequestError';
    this.data = data;
  }
}

type ErrorListener = (error: ErrorData, name: RequestName) => void;
const errorListeners = new Set<ErrorListener>();

/** Lets the shell notice an `unauthorized` answer from any screen, whatever the event timing. */
export function onRequestError(listener: ErrorListener): () => void {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}

export async function call<N extends RequestName>(
  name: N,
  input: RequestInput<N>,
): Promise<RequestOutput<N>> {
  const result = await invoke(name, input);
  if (result.ok) return result.data;
  for (const listener of errorListeners) listener(result.error, name);
  throw new RequestError(result.error);
}

/** Whatever was thrown, as error data fit to show (code, message, request id). */
export function toErrorData(error: unknown): ErrorData {
  if (error instanceof RequestError) return error.data;
  return {
    code: 'internal_error',
    message: error instanceof Error ? error.message : 'Something went wrong.',
    retryable: false,
  };
}

export function isUnauthorized(error: ErrorData): boolean {
  return (
    error.code === 'unauthorized' || error.code === 'not_signed_in' || error.kind === 'unauthorized'
  );
}
