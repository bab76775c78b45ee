// The companion host's side of its messages. Their shapes are the contract's
// (contract/companion-wire.ts), which the extension reads with too; here are the codes of the
// host's own refusals and the failure it answers a call with.
import type { AppMessage, ErrorData, Result } from '../contract';

/** Everything the app sends the extension. */
export type OutboundMessage = AppMessage;

/** Codes of the companion host's own refusals (the contract's codes come from the dispatcher). */
export const CompanionErrorCodes = {
  notInSubset: 'not_available_to_companion',
  pairingPending: 'pairing_pending',
  rateLimited: 'rate_limited',
  malformed: 'malformed_frame',
  tooLarge: 'frame_too_large',
  /** `runs.cancel` of a run this connection did not start (one the user started in the app). */
  notStartedHere: 'run_not_started_here',
} as const;

export function failure(code: string, message: string, retryable = false): Result<never> {
  const error: ErrorData = { code, message, retryable };
  return { ok: false, error };
}
