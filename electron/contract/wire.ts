// Browser mode's wire format: the contract carried as JSON over one WebSocket. Shared by the host
// (electron/web) and the bridge (src/bridge.ts) so both sides parse the same frames.
import { z } from 'zod';
import { ErrorData } from './common';

/** The WebSocket subprotocol of this contract. */
export const WIRE_PROTOCOL = 'assistant.v1';
/**
 * The per-start host secret travels as a second subprotocol `secret.<hex>`, so a page that does
 * not know it is refused during the handshake, before any message is read.
 */
export const SECRET_PROTOCOL_PREFIX = 'secret.';
/** The served page carries the secret in `<meta name="assistant-host-secret" content="…">`. */
export const SECRET_META_NAME = 'assistant-host-secret';
/** Path of the socket on the host. */
export const WIRE_PATH = '/ipc';

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
