// The two response envelopes of the API document (sections 2.1 and 7) and the error type every
// handler throws. Anything a handler throws that is not an ApiError becomes a 500 envelope, so a
// bug answers with JSON instead of a dropped connection.
import type { ServerResponse } from 'node:http';

export const API_VERSION = 'v1';

export interface ErrorDetail {
  /** Dotted path of the offending field or parameter, e.g. `input.message` or `limit`. */
  path: string;
  message: string;
}

export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  /** Field-level problems; sent as `error.details`. */
  details?: ErrorDetail[];
  /** Extra members of the `error` object (the spec allows them), e.g. the quota that was hit. */
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Close the connection after answering (used when the request body was left unread). */
  closeConnection?: boolean;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetail[] | undefined;
  readonly extra: Record<string, unknown> | undefined;
  readonly headers: Record<string, string>;
  readonly closeConnection: boolean;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.extra = init.extra;
    this.headers = init.headers ?? {};
    this.closeConnection = init.closeConnection ?? false;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': JSON_TYPE,
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(text);
}

export function sendData(
  res: ServerResponse,
  requestId: string,
  data: unknown,
  status = 200,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, { data, requestId, version: API_VERSION }, headers);
}

export function sendError(res: ServerResponse, requestId: string, err: ApiError): void {
  const error: Record<string, unknown> = { code: err.code, message: err.message };
  if (err.details !== undefined) error.details = err.details;
  if (err.extra !== undefined) Object.assign(error, err.extra);
  const headers = { ...err.headers };
  if (err.closeConnection) headers.Connection = 'close';
  sendJson(res, err.status, { error, requestId, version: API_VERSION }, headers);
}

/** Wraps whatever a handler threw so the caller always has an envelope to send. */
export function toApiError(value: unknown): ApiError {
  if (value instanceof ApiError) return value;
  return new ApiError({
    status: 500,
    code: 'internal_error',
    message: 'The demo service hit an unexpected error. The request id helps find it in the log.',
  });
}
