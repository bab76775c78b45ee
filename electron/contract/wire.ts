// Browser mode's wire format: the contract carried as JSON over one WebSocket. Shared by the host
// (electron/web) and the bridge (src/platform/bridge) so both sides parse the same frames.
//
// No frame either way is larger than MAX_FRAME_BYTES: the host refuses a bigger one from a page
// (the socket's maxPayload), and sends a bigger message of its own (a long deal list, a run's
// text) as consecutive `part` frames, which the bridge joins and reads as that message.
import { z } from './zod';
import { ErrorData } from './common';

export {
  SECRET_PROTOCOL_PREFIX,
  WIRE_PATH,
  WIRE_PROTOCOL,
  hostSecretUrl,
  pageProtocols,
  readHostSecretFragment,
} from './page-entry';

/** Largest frame on the socket, in bytes, in either direction. */
export const MAX_FRAME_BYTES = 1024 * 1024;
/** Most parts one paged host message may have (a few hundred MB: far above any answer's bound). */
export const MAX_PARTS = 1024;

export const ClientFrame = z.object({
  type: z.literal('invoke'),
  id: z.number().int().nonnegative(),
  name: z.string().max(100),
  input: z.unknown(),
});
export type ClientFrame = z.infer<typeof ClientFrame>;

const ResultFrame = z.object({
  type: z.literal('result'),
  id: z.number().int().nonnegative(),
  /** Validated against the request's output schema by the bridge. */
  result: z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), data: z.unknown() }),
    z.object({ ok: z.literal(false), error: ErrorData }),
  ]),
});
const EventFrame = z.object({ type: z.literal('event'), name: z.string(), payload: z.unknown() });

/** What the host says: the answer to a call, or an event. */
export const HostMessage = z.discriminatedUnion('type', [ResultFrame, EventFrame]);
export type HostMessage = z.infer<typeof HostMessage>;

/**
 * One piece of a host message too large for one frame: the message's JSON text cut in `count`
 * pieces, sent one after another (`index` 0 to count - 1), never interleaved with other frames.
 */
export const PartFrame = z.object({
  type: z.literal('part'),
  /** Numbers the host's paged messages, so pieces of two are never joined. */
  seq: z.number().int().nonnegative(),
  index: z.number().int().nonnegative(),
  /** At most MAX_PARTS: the largest message the host may page is bounded too. */
  count: z.number().int().min(2).max(MAX_PARTS),
  text: z.string(),
});
export type PartFrame = z.infer<typeof PartFrame>;

export const HostFrame = z.discriminatedUnion('type', [ResultFrame, EventFrame, PartFrame]);
export type HostFrame = z.infer<typeof HostFrame>;
