// The public face of the API client; other core modules import from here.
export * from './config';
export * from './client';
export * from './schemas';
export * from './lists';
export * from './display';
export * from './principal';
export * from './validate-input';
export * from './retry';
export * from './url';
export * from './deadline';
export {
  sendRequest,
  getFetch,
  type HttpMethod,
  type SendInit,
  type SentRequest,
} from './transport';
export {
  requestJson,
  shouldRetry,
  retryDelay,
  IDEMPOTENCY_KEY_HEADER,
  type JsonRequest,
  type JsonAnswer,
  type RetryMode,
} from './http';
export {
  buildRequestHeaders,
  defaultUserAgent,
  redactSecret,
  credentialFor,
  APP_NAME,
  APP_VERSION,
} from './headers';
export {
  cleanSnippet,
  errorFromResponse,
  errorFromThrown,
  parseBody,
  pickRequestId,
  schemaError,
  formatPath,
  SNIPPET_MAX_CHARS,
  type ParsedBody,
} from './response-errors';
