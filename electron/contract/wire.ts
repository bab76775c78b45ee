// Browser mode's wire format: the contract carried as JSON over one WebSocket. Shared by the host
// (electron/web) and the bridge (src/platform/bridge) so both sides parse the same frames.
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

export const ClientFrame = z.object({
  type: z.literal('invoke'),
  id: z.number().int().nonnegative(),
  name: z.string().max(100),
  input: z.unknown(),
});
export type ClientFrame = z.infer<typeof ClientFrame>;

export const HostFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('result'),
    id: z.number().int().nonnegative(),
    /** Validated against the request's output schema by the bridge. */
    result: z.discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), data: z.unknown() }),
      z.object({ ok: z.literal(false), error: ErrorData }),
    ]),
  }),
  z.object({ type: z.literal('event'), name: z.string(), payload: z.unknown() }),
]);
export type HostFrame = z.infer<typeof HostFrame>;
