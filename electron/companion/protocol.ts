// The companion's messages, as JSON inside the socket's frames (frame-codec.ts). The relay adds
// the first frame, `hello`, carrying the extension's origin as the browser gave it; everything
// after that comes from the extension as it sent it, starting with its own `hello` that presents
// the pairing key an earlier Allow gave it (or none). The app answers with pairing states,
// results, events and, for an answer too long for one native message, its parts.
import { z } from 'zod';
import { CompanionOrigin, PairingKey, type ErrorData, type Result } from '../contract';

export const COMPANION_PROTOCOL = 1;

/** `chrome-extension://<32 letters a–p>/`: the only origins a relay introduces. */
export const ExtensionOrigin = CompanionOrigin;

export const Hello = z.object({
  type: z.literal('hello'),
  origin: ExtensionOrigin,
  relay: z.string().max(32),
  protocol: z.number().int().positive(),
  /** The name of the process that started the relay (the browser), when the relay could read it. */
  browser: z.string().max(64).optional().catch(undefined),
});
export type Hello = z.infer<typeof Hello>;

/** The extension's first frame: the key it keeps, when it has one. */
export const ExtensionHello = z.strictObject({
  type: z.literal('hello'),
  key: PairingKey.optional(),
});
export type ExtensionHello = z.infer<typeof ExtensionHello>;

export const Call = z.strictObject({
  type: z.literal('call'),
  id: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  name: z.string().max(100),
  input: z.unknown(),
});
export type Call = z.infer<typeof Call>;

export type PairingState = 'pending' | 'allowed';
export type RefusalReason =
  | 'denied'
  | 'revoked'
  | 'bad-handshake'
  | 'protocol'
  | 'flood'
  | 'busy'
  /** The origin is not one this build's host manifest lets in. */
  | 'unknown-extension'
  /** The origin is allowed, but the connection presented no key or not the Allow's. */
  | 'wrong-key';

/** Everything the app sends the extension. */
export type OutboundMessage =
  | {
      type: 'pairing';
      state: PairingState;
      message: string;
      /** Once allowed: the requests this companion may make, and the app's version. */
      requests?: readonly string[];
      app?: string;
      /** Only in the answer to the Allow itself: the key the extension presents from then on. */
      key?: string;
    }
  | { type: 'refused'; reason: RefusalReason; message: string }
  | { type: 'result'; id: number; result: Result<unknown> }
  | { type: 'event'; name: string; payload: unknown }
  /** A frame-level refusal that no call id can carry (a malformed frame, a flood). */
  | { type: 'notice'; code: string; message: string }
  /** One of `count` pieces of a message's JSON text, too long for one native message. */
  | { type: 'part'; message: number; index: number; count: number; text: string };

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
