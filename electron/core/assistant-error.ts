// The one error type everything core can fail with, as plain data: no words, no catalogues, so
// a caller that only needs to throw or recognise one (the `assistant` command's start-up path)
// does not load the translator. errors.ts re-exports it with the helpers that do need words.
// Callers branch on `kind` (what went wrong on our side of the wire) and `code` (the service's
// machine-readable code, when it sent one). Every field is plain data so the error survives
// crossing IPC or a WebSocket unchanged.

export type AssistantErrorKind =
  /** The request never got an answer: DNS, refused connection, reset, TLS. */
  | 'network'
  /** No answer (or no stream progress) within the allowed time. */
  | 'timeout'
  /** The caller aborted (Stop, navigation, quit). */
  | 'aborted'
  /** The service said `unauthorized`, or there is no session to send. */
  | 'unauthorized'
  /** The answer was not JSON (an HTML page from a proxy, say). */
  | 'bad_response'
  /** JSON that does not match the documented shape; `field` names the place. */
  | 'schema'
  /** A well-formed error envelope from the service. */
  | 'service'
  /** Input refused before anything was sent. */
  | 'invalid_input'
  /** A quota would be exceeded; refused before anything was sent. */
  | 'quota'
  /** Something that should not happen on our side (a bug): not the network, not worth a retry. */
  | 'internal';

export interface AssistantErrorInit {
  kind: AssistantErrorKind;
  message: string;
  code?: string;
  status?: number;
  requestId?: string;
  retryable?: boolean;
  field?: string;
  retryAfterMs?: number;
  cause?: unknown;
}

/** The serialisable form, as it crosses IPC, the browser-mode socket and the CLI. */
export interface AssistantErrorData {
  kind: AssistantErrorKind;
  code: string;
  message: string;
  status?: number;
  requestId?: string;
  retryable: boolean;
  field?: string;
}

const defaultCodes: Record<AssistantErrorKind, string> = {
  network: 'network_error',
  timeout: 'timeout',
  aborted: 'aborted',
  unauthorized: 'unauthorized',
  bad_response: 'bad_response',
  schema: 'unexpected_response',
  service: 'service_error',
  invalid_input: 'invalid_input',
  quota: 'quota_exceeded',
  internal: 'internal_error',
};

export class AssistantError extends Error {
  readonly kind: AssistantErrorKind;
  readonly code: string;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  readonly retryable: boolean;
  readonly field: string | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(init: AssistantErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'AssistantError';
    this.kind = init.kind;
    this.code = init.code ?? defaultCodes[init.kind];
    this.status = init.status;
    this.requestId = init.requestId;
    this.retryable = init.retryable ?? (init.kind === 'network' || init.kind === 'timeout');
    this.field = init.field;
    this.retryAfterMs = init.retryAfterMs;
  }

  toData(): AssistantErrorData {
    const data: AssistantErrorData = {
      kind: this.kind,
      code: this.code,
      message: this.message,
      retryable: this.retryable,
    };
    if (this.status !== undefined) data.status = this.status;
    if (this.requestId !== undefined) data.requestId = this.requestId;
    if (this.field !== undefined) data.field = this.field;
    return data;
  }

  /** One readable line: message, then code and request id for support. */
  toLine(): string {
    const parts = [`code ${this.code}`];
    if (this.status !== undefined) parts.push(`HTTP ${this.status}`);
    if (this.requestId !== undefined) parts.push(`request ${this.requestId}`);
    return `${this.message} (${parts.join(', ')})`;
  }
}
