// Whether a frame read after the handshake is a call this connection may serve now, or the
// refusal to answer it with (and whether to log it): the rate limiter's word, the frame's shape,
// the pairing's state, the companion's subset, and how many calls are already being served.
import type { DecodedFrame } from './frame-codec';
import { CompanionCall as Call } from '../contract';
import { CompanionErrorCodes } from './protocol';
import { isSubsetName, type SUBSET } from './subset';

/** Calls of one connection being served at once. */
const MAX_IN_FLIGHT = 16;
/**
 * `runs.follow` calls of one connection served at once. Each reads its run whole (up to the app's
 * 20 MB) to answer with a snapshot, which the queue cap does not count until it is sent; a panel
 * follows one answer at a time (and again after a gap), so two is room enough.
 */
const MAX_FOLLOWS_IN_FLIGHT = 2;

/** The id of a frame that is not a well-formed call, when it has one, to answer it by. */
function callIdOf(frame: DecodedFrame): number | undefined {
  if (frame.kind === 'unread') return frame.id;
  if (frame.kind !== 'frame' || typeof frame.value !== 'object' || frame.value === null) {
    return undefined;
  }
  const id = (frame.value as { id?: unknown }).id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? id : undefined;
}

export type CheckedCall =
  | { ok: true; call: { id: number; name: (typeof SUBSET)[number]; input: unknown } }
  | {
      ok: false;
      id: number | undefined;
      code: string;
      message: string;
      retryable: boolean;
      log?: string;
      details?: Record<string, unknown>;
    };

/** Whether a frame is a call this connection may serve now, or the refusal to answer it with. */
export function checkCall(
  frame: DecodedFrame,
  now: { decision: 'allow' | 'refuse'; pending: boolean; inFlight: number; follows: number },
): CheckedCall {
  const parsed = frame.kind === 'frame' ? Call.safeParse(frame.value) : undefined;
  const id = parsed?.success === true ? parsed.data.id : callIdOf(frame);
  const refuse = (code: string, message: string, retryable = false) =>
    ({ ok: false, id, code, message, retryable }) as const;
  if (now.decision === 'refuse') {
    return refuse(CompanionErrorCodes.rateLimited, 'Too many requests; wait a moment.', true);
  }
  if (frame.kind === 'unread') {
    // Left unread for the budget is a rate refusal above; here only one nested too deep is left.
    return {
      ...refuse(CompanionErrorCodes.malformed, 'That message is nested too deeply.'),
      log: 'Companion: refused a frame nested too deeply',
      details: { bytes: frame.bytes },
    };
  }
  if (frame.kind === 'oversized') {
    return {
      ...refuse(CompanionErrorCodes.tooLarge, 'That message is too large.'),
      log: 'Companion: refused an oversized frame',
      details: { bytes: frame.bytes },
    };
  }
  if (parsed === undefined || !parsed.success) {
    return {
      ...refuse(CompanionErrorCodes.malformed, 'That message was not a request.'),
      log: 'Companion: refused a malformed frame',
    };
  }
  if (now.pending) {
    return refuse(
      CompanionErrorCodes.pairingPending,
      'Allow this browser in Assistant Desktop first.',
      true,
    );
  }
  const { name } = parsed.data;
  if (!isSubsetName(name)) {
    return {
      ...refuse(CompanionErrorCodes.notInSubset, 'The browser companion cannot ask for that.'),
      log: 'Companion: refused a request outside its subset',
      details: { name },
    };
  }
  if (
    now.inFlight >= MAX_IN_FLIGHT ||
    (name === 'runs.follow' && now.follows >= MAX_FOLLOWS_IN_FLIGHT)
  ) {
    return refuse(
      CompanionErrorCodes.rateLimited,
      'Too many requests at once; wait a moment.',
      true,
    );
  }
  return { ok: true, call: { id: parsed.data.id, name, input: parsed.data.input } };
}
