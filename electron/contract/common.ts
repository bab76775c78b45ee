// Building blocks shared by every request and event of the contract. Runtime-neutral: zod only,
// so the renderer (browser) and the hosts (Node) validate with the very same schemas.
import { JsonObject } from './json';
import { z } from './zod';

export { JsonObject, JsonValue } from './json';

/** An ISO 8601 timestamp (UTC, as core writes them). */
export const Timestamp = z.iso.datetime({ offset: true });

/**
 * A serialisable error: what a thrown error becomes before it crosses to the renderer (a thrown
 * Error loses its fields crossing IPC). `code` is what callers branch on; `requestId` is the
 * service's, for support; `retryable` says whether the same call may succeed later.
 */
export const ErrorData = z.object({
  code: z.string().min(1),
  message: z.string(),
  retryable: z.boolean(),
  requestId: z.string().optional(),
  /** Core's error kind (network, timeout, unauthorized, service, schema, ...), when known. */
  kind: z.string().optional(),
  /** For invalid input or an unexpected answer: the field path at fault. */
  field: z.string().optional(),
  /** The HTTP status the service answered with, when there was one. */
  status: z.number().int().optional(),
});
export type ErrorData = z.infer<typeof ErrorData>;

/** Codes produced by the hosts and the bridge themselves (core adds the service's own codes). */
export const HostErrorCodes = {
  /** The request name is not in the contract. */
  unknownRequest: 'unknown_request',
  /** The input did not match the contract; `field` names the path. */
  invalidInput: 'invalid_input',
  /** A bug on our side; details are in the log, never in the message. */
  internal: 'internal_error',
  /** Browser mode: the host process cannot be reached right now (retryable). */
  hostUnreachable: 'host_unreachable',
  /** The caller is not our own window (Electron) or did not present the host secret (web). */
  forbidden: 'forbidden',
  /** This host cannot do that (e.g. a sign-in window in browser mode). */
  notSupported: 'not_supported',
  /** No session: sign in first. */
  notSignedIn: 'not_signed_in',
} as const;

export type Result<T> = { ok: true; data: T } | { ok: false; error: ErrorData };

/** The schema of `Result<T>` for a given data schema. */
export function resultSchema<T extends z.ZodType>(data: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), data }),
    z.object({ ok: z.literal(false), error: ErrorData }),
  ]);
}

/**
 * A value served from the local cache first, so the app opens instantly and offline.
 * `stale` is true until the value has been confirmed by the service in this session; when a
 * background refresh lands, the `data.refreshed` event names the key and the renderer asks again.
 * `error` is the last refresh failure when the cached value is served in spite of it.
 */
export function cached<T extends z.ZodType>(value: T) {
  return z.object({
    value,
    fetchedAt: Timestamp,
    stale: z.boolean(),
    error: ErrorData.optional(),
  });
}

/**
 * A record whose fields the API does not show (agent, deal, briefing, run record): kept whole in
 * `data`, with display hints core computes so every screen can show a title and a subtitle
 * before laying out the rest generically.
 */
export const DisplayRecord = z.object({
  /** The record's identifier; empty when the record carries none. */
  id: z.string(),
  title: z.string(),
  subtitle: z.string().optional(),
  data: JsonObject,
});
export type DisplayRecord = z.infer<typeof DisplayRecord>;

/** Input of requests that take nothing: an empty object, extra keys refused. */
export const Empty = z.strictObject({});

/** Input of cached reads: `refresh: true` waits for the service instead of answering from cache. */
export const CachedReadInput = z.strictObject({ refresh: z.boolean().optional() });
