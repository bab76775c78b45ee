// What arrives on the native port, checked on receipt: native messaging is a boundary, and the
// relay or an app of another version may send what this panel does not know. The shapes are
// docs/companion.md's ("Messages"); a message that fits none is dropped and counted.
import { z } from '../../../electron/contract/zod';
import { ErrorData } from '../../../electron/contract';
import { PairingKey } from './pairing-key';

const Text = z.string().max(2_000);

export const PairingMessage = z.object({
  type: z.literal('pairing'),
  state: z.enum(['pending', 'allowed']),
  message: Text.optional(),
  requests: z.array(z.string().max(100)).max(100).optional(),
  app: z.string().max(64).optional(),
  /** Only in the answer to the Allow itself: the key to present from then on. */
  key: PairingKey.optional(),
});

export const RefusedMessage = z.object({
  type: z.literal('refused'),
  reason: z.string().max(64),
  message: Text.optional(),
});

export const CallResult = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: ErrorData }),
]);
export type CallResult = z.infer<typeof CallResult>;

export const ResultMessage = z.object({
  type: z.literal('result'),
  id: z.number().int().nonnegative(),
  result: CallResult,
});

export const EventMessage = z.object({
  type: z.literal('event'),
  name: z.string().max(100),
  payload: z.unknown(),
});

export const NoticeMessage = z.object({
  type: z.literal('notice'),
  code: z.string().max(64),
  message: Text.optional(),
});

/** One piece of a message too long for one native message (the app's outbound.ts cuts them). */
export const PartMessage = z.object({
  type: z.literal('part'),
  message: z.number().int().nonnegative(),
  index: z.number().int().nonnegative(),
  count: z.number().int().positive(),
  text: z.string(),
});
export type PartMessage = z.infer<typeof PartMessage>;

export const RelayStatusMessage = z.object({
  type: z.literal('relay-status'),
  state: z.string().max(64),
});

export const RelayErrorMessage = z.object({
  type: z.literal('relay-error'),
  code: z.string().max(64),
  message: Text.optional(),
});

export const InboundMessage = z.discriminatedUnion('type', [
  PairingMessage,
  RefusedMessage,
  ResultMessage,
  EventMessage,
  NoticeMessage,
  PartMessage,
  RelayStatusMessage,
  RelayErrorMessage,
]);
export type InboundMessage = z.infer<typeof InboundMessage>;
