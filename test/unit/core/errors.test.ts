import { describe, expect, it } from 'vitest';
import { AssistantError, toAssistantError } from '../../../electron/core/errors';

describe('AssistantError', () => {
  it('serialises to plain data that keeps code, status and request id', () => {
    const error = new AssistantError({
      kind: 'service',
      code: 'deal_not_found',
      message: 'No such deal.',
      status: 404,
      requestId: 'req_1',
    });
    expect(JSON.parse(JSON.stringify(error.toData()))).toEqual({
      kind: 'service',
      code: 'deal_not_found',
      message: 'No such deal.',
      status: 404,
      requestId: 'req_1',
      retryable: false,
    });
    expect(error.toLine()).toBe('No such deal. (code deal_not_found, HTTP 404, request req_1)');
  });

  it('treats network failures and timeouts as retryable by default', () => {
    expect(new AssistantError({ kind: 'network', message: 'x' }).retryable).toBe(true);
    expect(new AssistantError({ kind: 'timeout', message: 'x' }).retryable).toBe(true);
    expect(new AssistantError({ kind: 'invalid_input', message: 'x' }).retryable).toBe(false);
  });

  it('maps abort and timeout DOMExceptions to their kinds', () => {
    expect(toAssistantError(new DOMException('x', 'AbortError')).kind).toBe('aborted');
    expect(toAssistantError(new DOMException('x', 'TimeoutError')).kind).toBe('timeout');
    expect(toAssistantError(new TypeError('fetch failed')).kind).toBe('network');
  });
});
