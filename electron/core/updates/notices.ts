// What the user and the log are told about updates: an update ready, a failure (said when trouble
// starts, not at every retry), a restart postponed while a run is live.

import type { UpdateFailure } from './errors';
import type { UpdateNotice } from './types';

export const RESTART_DEFERRED =
  'A run is still live, so the app will not restart now. ' +
  'The update installs as soon as no run is live, or when you quit.';

export function readyNotice(
  productName: string,
  version: string,
  installOnQuit: boolean,
): UpdateNotice {
  return {
    kind: 'ready',
    title: 'Update ready',
    body: installOnQuit
      ? `${productName} ${version} has been downloaded. It installs when you quit.`
      : `${productName} ${version} has been downloaded. Restart to install it.`,
    version,
  };
}

/** The log line of a failed cycle. */
export function failureLine(failure: UpdateFailure, failures: number, delayMs: number): string {
  const code = failure.code ? ` [${failure.code}]` : '';
  return (
    `Update ${failure.kind} failure ${failures}${code}: ` +
    `${failure.detail}; retrying in ${Math.round(delayMs / 60_000)} min.`
  );
}

/**
 * Whether the user hears of a failure: when trouble starts, and always when a download was
 * rejected as unsafe; repeating a network failure every retry would only nag.
 */
export function worthTelling(failure: UpdateFailure, failures: number): boolean {
  return failures === 1 || failure.kind === 'integrity' || failure.kind === 'signature';
}

export function failedNotice(productName: string, failure: UpdateFailure): UpdateNotice {
  return {
    kind: 'failed',
    title: 'Update failed',
    body: `${failure.message} ${productName} will try again later.`,
  };
}
