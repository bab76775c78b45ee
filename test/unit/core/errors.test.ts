import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { AssistantError, isNetworkFailure, toAssistantError } from '../../../electron/core/errors';

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
  });
});

/** An error with a Node-style `code`, as undici and libuv report them. */
function coded(message: string, code: string, cause?: unknown): Error {
  return Object.assign(new Error(message, cause === undefined ? undefined : { cause }), { code });
}

describe('toAssistantError: network or a bug', () => {
  it('calls real failures to reach the service network, retryable', () => {
    const failures: unknown[] = [
      new TypeError('fetch failed', { cause: coded('connect ECONNREFUSED', 'ECONNREFUSED') }),
      new TypeError('fetch failed', { cause: coded('getaddrinfo ENOTFOUND x', 'ENOTFOUND') }),
      new TypeError('fetch failed', { cause: coded('getaddrinfo EAI_AGAIN x', 'EAI_AGAIN') }),
      new TypeError('terminated', { cause: coded('other side closed', 'UND_ERR_SOCKET') }),
      coded('read ECONNRESET', 'ECONNRESET'),
      coded('connect ETIMEDOUT', 'ETIMEDOUT'),
      coded('Headers Timeout Error', 'UND_ERR_HEADERS_TIMEOUT'),
      new Error('net::ERR_INTERNET_DISCONNECTED'),
    ];
    for (const failure of failures) {
      expect(toAssistantError(failure)).toMatchObject({
        kind: 'network',
        code: 'network_error',
        retryable: true,
      });
    }
  });

  it('calls anything else internal: not retryable, never "service unreachable"', () => {
    const bugs: unknown[] = [
      new TypeError("Cannot read properties of undefined (reading 'items')"),
      new RangeError('Invalid time value'),
      new Error('something broke'),
      'a thrown string',
      // Without the socket error that undici always attaches, it is not a network failure.
      new TypeError('fetch failed'),
    ];
    for (const bug of bugs) {
      const error = toAssistantError(bug);
      expect(error).toMatchObject({ kind: 'internal', code: 'internal_error', retryable: false });
      expect(error.message).not.toMatch(/reach the service/);
    }
    expect(isNetworkFailure(new Error('plain'))).toBe(false);
  });

  it('sees a refused connection on the wire as network', async () => {
    // A port that was just free: nothing listens there any more.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const thrown = await fetch(`http://127.0.0.1:${port}/`).catch((error: unknown) => error);
    expect(toAssistantError(thrown)).toMatchObject({ kind: 'network', retryable: true });
  });
});
