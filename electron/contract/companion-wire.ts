// The browser companion's messages, as JSON inside the frames of each hop (docs/companion.md,
// "Messages"): the relay's hello, the extension's hello and calls, everything the app sends, and
// the relay's own words to the extension. The app's host (electron/companion) reads the first
// three with these schemas and builds what it sends as their types; the extension
// (extension/src/bridge) reads what arrives on its port with them.
//
// The extension updates apart from the app, so these are the shapes the store extension of today
// reads, unchanged: objects that allow fields a newer app adds, and a refusal's reason or a
// notice's code read as any short string (the extension treats one it does not know as "other"),
// the values the app sends today listed beside them.
import { ErrorData } from './common';
import { CompanionOrigin, PairingKey } from './companion';
import { PartFrame } from './frames';
import { z } from './zod';

/** The version of these messages the relay and the app speak, in the relay's hello. */
export const COMPANION_PROTOCOL = 1;

/** Relay → app, the first frame: the extension's origin as the browser gave it. */
export const RelayHello = z.object({
  type: z.literal('hello'),
  origin: CompanionOrigin,
  relay: z.string().max(32),
  protocol: z.number().int().positive(),
  /** The name of the process that started the relay (the browser), when the relay could read it. */
  browser: z.string().max(64).optional().catch(undefined),
});
export type RelayHello = z.infer<typeof RelayHello>;

/** Extension → app, its first frame: the key it keeps, when it has one. */
export const ExtensionHello = z.strictObject({
  type: z.literal('hello'),
  key: PairingKey.optional(),
});
export type ExtensionHello = z.infer<typeof ExtensionHello>;

/** Extension → app: a request of the companion's subset, answered by `id`. */
export const CompanionCall = z.strictObject({
  type: z.literal('call'),
  id: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  name: z.string().max(100),
  input: z.unknown(),
});
export type CompanionCall = z.infer<typeof CompanionCall>;

const Text = z.string().max(2_000);

export const PairingState = z.enum(['pending', 'allowed']);
export type PairingState = z.infer<typeof PairingState>;

export const PairingMessage = z.object({
  type: z.literal('pairing'),
  state: PairingState,
  message: Text.optional(),
  /** Once allowed: the requests this companion may make. */
  requests: z.array(z.string().max(100)).max(100).readonly().optional(),
  /** Once allowed: the app's version. */
  app: z.string().max(64).optional(),
  /** Only in the answer to the Allow itself: the key the extension presents from then on. */
  key: PairingKey.optional(),
});
export type PairingMessage = z.infer<typeof PairingMessage>;

/** Why the app refuses a connection (then it closes it). */
export const RefusalReason = z.enum([
  'denied',
  'revoked',
  'bad-handshake',
  'protocol',
  'flood',
  'busy',
  /** The origin is not one this build's host manifest lets in. */
  'unknown-extension',
  /** The origin is allowed, but the connection presented no key or not the Allow's. */
  'wrong-key',
]);
export type RefusalReason = z.infer<typeof RefusalReason>;

export const RefusedMessage = z.object({
  type: z.literal('refused'),
  /** A RefusalReason from this app; any short string from another version. */
  reason: z.string().max(64),
  message: Text.optional(),
});
export type RefusedMessage = z.infer<typeof RefusedMessage>;

/** The contract's Result as the companion carries it: the data is checked by the caller. */
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
export type ResultMessage = z.infer<typeof ResultMessage>;

export const EventMessage = z.object({
  type: z.literal('event'),
  name: z.string().max(100),
  payload: z.unknown(),
});
export type EventMessage = z.infer<typeof EventMessage>;

/** A frame-level refusal that no call id can carry (a malformed frame, a flood). */
export const NoticeMessage = z.object({
  type: z.literal('notice'),
  code: z.string().max(64),
  message: Text.optional(),
});
export type NoticeMessage = z.infer<typeof NoticeMessage>;

/** Everything the app sends the extension; a message too long for one frame goes in parts. */
export const AppMessage = z.discriminatedUnion('type', [
  PairingMessage,
  RefusedMessage,
  ResultMessage,
  EventMessage,
  NoticeMessage,
  PartFrame,
]);
export type AppMessage = z.infer<typeof AppMessage>;

/** The relay's own word to the extension: it is starting the app. */
export const RelayStatusMessage = z.object({
  type: z.literal('relay-status'),
  state: z.string().max(64),
});

/** The relay's own word to the extension: what went wrong on its side (docs/companion.md). */
export const RelayErrorMessage = z.object({
  type: z.literal('relay-error'),
  code: z.string().max(64),
  message: Text.optional(),
});

/** What arrives on the extension's native port: the app's messages and the relay's. */
export const PortMessage = z.discriminatedUnion('type', [
  ...AppMessage.options,
  RelayStatusMessage,
  RelayErrorMessage,
]);
export type PortMessage = z.infer<typeof PortMessage>;
