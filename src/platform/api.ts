// The app's one `Call`: requests through the window's bridge (./requests says how they answer).
import { invoke } from './bridge';
import type { ErrorData, RequestName } from '../../electron/contract';
import { callThrough } from './requests';
import type { Call } from './requests';

export { RequestError, isUnauthorized, toErrorData } from './requests';
export type { Call } from './requests';

type ErrorListener = (error: ErrorData, name: RequestName) => void;
const errorListeners = new Set<ErrorListener>();

/** Lets the shell notice an `unauthorized` answer from any screen, whatever the event timing. */
export function onRequestError(listener: ErrorListener): () => void {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}

export const call: Call = callThrough({ invoke }, (error, name) => {
  for (const listener of errorListeners) listener(error, name);
});
