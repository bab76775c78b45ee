// Browser mode's wire format: the contract carried as JSON over one WebSocket. Shared by the host
// (electron/web) and the bridge (src/platform/bridge) so both sides parse the same frames.
//
// No frame either way is larger than MAX_FRAME_BYTES (./frames): the host refuses a bigger one
// from a page (the socket's maxPayload), and sends a bigger message of its own (a long deal list,
// a run's text) as consecutive `part` frames, cut and joined as the companion's are (./frames).
import { z } from './zod';
import { ErrorData } from './common';
import { PartFrame } from './frames';

export {
  SECRET_PROTOCOL_PREFIX,
  WIRE_PATH,
  WIRE_PROTOCOL,
  hostSecretUrl,
  pageProtocols,
  readHostSecretFragment,
} from './page-entry';

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

/** What a page reads: a message, or a part of one (./frames). */
export const HostFrame = z.discriminatedUnion('type', [ResultFrame, EventFrame, PartFrame]);
export type HostFrame = z.infer<typeof HostFrame>;
