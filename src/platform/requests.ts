// Requests as promises that throw a `RequestError` carrying the host's error data (code,
// message, request id), so stores can keep one try/catch per action. Bridge-free: the stores
// are built on a `Call` made from whichever bridge is given (the window's in the app, a stub in
// the store tests under Node).
import type {
  AssistantBridge,
  ErrorData,
  RequestInput,
  RequestName,
  RequestOutput,
} from '../../electron/contract';

export class RequestError extends Error {
  readonly data: ErrorData;
  constructor(data: ErrorData) {
    super(data.message);
    this.name = 'RequestError';
    this.data = data;
  }
}

/** One request to the host: its output, or a thrown `RequestError`. */
export type Call = <N extends RequestName>(
  name: N,
  input: RequestInput<N>,
) => Promise<RequestOutput<N>>;

/** A `Call` over a bridge; `onError` hears every failed answer before it is thrown. */
export function callThrough(
  bridge: Pick<AssistantBridge, 'invoke'>,
  onError: (error: ErrorData, name: RequestName) => void = () => {},
): Call {
  return async (name, input) => {
    const result = await bridge.invoke(name, input);
    if (result.ok) return result.data;
    onError(result.error, name);
    throw new RequestError(result.error);
  };
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
