// One constructor per error the HTTP layer itself produces, so every code and message is written
// once. Resource handlers add their own (run_not_found, deal_not_found, …) next to their routes.
import { ApiError } from './envelope';
import type { ErrorDetail } from './envelope';

export const MAX_BODY_BYTES = 64 * 1024;
/** Most of an oversized body read and thrown away so that its sender gets the 413. */
export const MAX_DRAIN_BYTES = 64 * 1024 * 1024;

export function unauthorized(reason: 'missing' | 'unknown' | 'expired'): ApiError {
  const why =
    reason === 'expired'
      ? ' Your session has expired; sign in again.'
      : reason === 'unknown'
        ? ' The session cookie is not valid; sign in again.'
        : ' Send the session cookie sb-access-token (sign in at /login).';
  return new ApiError({
    status: 401,
    code: 'unauthorized',
    message: `Authentication is required.${why}`,
    extra: { reason },
  });
}

export function routeNotFound(path: string): ApiError {
  return new ApiError({ status: 404, code: 'not_found', message: `No such endpoint: ${path}` });
}

export function methodNotAllowed(method: string, allow: string[]): ApiError {
  return new ApiError({
    status: 405,
    code: 'method_not_allowed',
    message: `Method ${method} is not allowed here; use ${allow.join(' or ')}.`,
    headers: { Allow: allow.join(', ') },
  });
}

export function unsupportedMediaType(got: string | undefined, expected: string): ApiError {
  return new ApiError({
    status: 415,
    code: 'unsupported_media_type',
    message: `The request body must be sent as ${expected}${got ? ` (got ${got})` : ' (no Content-Type was sent)'}.`,
  });
}

/** `drained`: the body was read to its end, so the connection may stay open. */
export function payloadTooLarge(options: { drained: boolean }): ApiError {
  return new ApiError({
    status: 413,
    code: 'payload_too_large',
    message: `The request body is larger than the limit of ${MAX_BODY_BYTES} bytes.`,
    extra: { limitBytes: MAX_BODY_BYTES },
    closeConnection: !options.drained,
  });
}

/** The Host header names something other than this service (DNS rebinding, a stray proxy). */
export function misdirected(address: string): ApiError {
  return new ApiError({
    status: 421,
    code: 'misdirected_request',
    message: `This demo service answers only to its own address (${address}); a request for another host name is refused.`,
  });
}

/** A page of another site (its Origin) asked: only the service's own pages may. */
export function foreignOrigin(): ApiError {
  return new ApiError({
    status: 403,
    code: 'forbidden_origin',
    message:
      'Requests from pages of other sites are refused: this demo service answers only its own pages and the app.',
  });
}

export function invalidJson(reason: string): ApiError {
  return new ApiError({
    status: 400,
    code: 'invalid_json',
    message: `The request body is not valid JSON: ${reason}`,
  });
}

export function invalidParameter(details: ErrorDetail[]): ApiError {
  return new ApiError({
    status: 400,
    code: 'invalid_parameter',
    message: `Invalid query parameter ${describe(details)}.`,
    details,
    extra: { fields: details.map((d) => d.path) },
  });
}

export function validationFailed(details: ErrorDetail[]): ApiError {
  return new ApiError({
    status: 400,
    code: 'validation_failed',
    message: `The request body is invalid: ${describe(details)}.`,
    details,
    extra: { fields: details.map((d) => d.path) },
  });
}

function describe(details: ErrorDetail[]): string {
  return details.map((d) => `${d.path} (${d.message})`).join('; ');
}
