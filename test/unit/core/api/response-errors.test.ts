import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cleanSnippet,
  errorFromResponse,
  errorFromThrown,
  parseBody,
  SNIPPET_MAX_CHARS,
} from '../../../../electron/core/api/response-errors';

const NGINX =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

describe('cleanSnippet', () => {
  it('turns an HTML error page into short readable text', () => {
    expect(cleanSnippet(NGINX)).toBe('502 Bad Gateway 502 Bad Gateway nginx');
    expect(
      cleanSnippet('<style>p{}</style><script>alert(1)</script><p>Tom &amp; Jerry&nbsp;&lt;3</p>'),
    ).toBe('Tom & Jerry <3');
  });

  it('is at most 160 characters on one line, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), (text) => {
        const snippet = cleanSnippet(text);
        return snippet.length <= SNIPPET_MAX_CHARS && !/[\r\n\t]/.test(snippet);
      }),
    );
    expect(cleanSnippet('x'.repeat(500))).toHaveLength(SNIPPET_MAX_CHARS);
  });
});

describe('errorFromResponse', () => {
  const headers = (init: Record<string, string> = {}) => new Headers(init);

  it('maps an error envelope to kind service with its code, message and request id', () => {
    const error = errorFromResponse({
      status: 404,
      headers: headers(),
      body: parseBody(
        JSON.stringify({
          error: { code: 'not_found', message: 'No such deal.' },
          requestId: 'req_9',
          version: 'v1',
        }),
      ),
    });
    expect(error.toData()).toEqual({
      kind: 'service',
      code: 'not_found',
      message: 'No such deal.',
      status: 404,
      requestId: 'req_9',
      retryable: false,
    });
  });

  it('maps 401 and the unauthorized code to kind unauthorized', () => {
    const envelope = JSON.stringify({
      error: { code: 'unauthorized', message: 'Authentication required.' },
      requestId: 'r',
      version: 'v1',
    });
    expect(
      errorFromResponse({ status: 401, headers: headers(), body: parseBody(envelope) }).kind,
    ).toBe('unauthorized');
    expect(
      errorFromResponse({ status: 403, headers: headers(), body: parseBody(envelope) }).kind,
    ).toBe('unauthorized');
    expect(errorFromResponse({ status: 401, headers: headers(), body: parseBody('') }).kind).toBe(
      'unauthorized',
    );
  });

  it('maps an HTML page to bad_response with the status and a snippet, not a parse trace', () => {
    const error = errorFromResponse({
      status: 502,
      headers: headers({ 'x-request-id': 'edge-1' }),
      body: parseBody(NGINX),
    });
    expect(error.kind).toBe('bad_response');
    expect(error.status).toBe(502);
    expect(error.retryable).toBe(true);
    expect(error.requestId).toBe('edge-1');
    expect(error.message).toBe(
      'The service answered HTTP 502 with a non-JSON answer: "502 Bad Gateway 502 Bad Gateway nginx"',
    );
    expect(error.message).not.toMatch(/JSON\.parse|Unexpected token|position/);
  });

  it('marks 408/429/5xx retryable and keeps Retry-After', () => {
    const body = parseBody(
      JSON.stringify({
        error: { code: 'rate_limited', message: 'Slow down.' },
        requestId: 'r',
        version: 'v1',
      }),
    );
    const error = errorFromResponse({
      status: 429,
      headers: headers({ 'retry-after': '3' }),
      body,
    });
    expect(error).toMatchObject({ kind: 'service', retryable: true, retryAfterMs: 3000 });
    expect(errorFromResponse({ status: 400, headers: headers(), body }).retryable).toBe(false);
  });

  it('prefers the body request id over the header', () => {
    const body = parseBody(
      JSON.stringify({ error: { code: 'x', message: 'y' }, requestId: 'body-id', version: 'v1' }),
    );
    expect(
      errorFromResponse({ status: 500, headers: headers({ 'x-request-id': 'hdr' }), body })
        .requestId,
    ).toBe('body-id');
  });

  it('cuts the session value out of anything echoed back', () => {
    const secret = 'tok_SECRET_123';
    const page = errorFromResponse({
      status: 400,
      headers: headers(),
      body: parseBody(`<p>bad cookie ${secret}</p>`),
      secret,
    });
    const envelope = errorFromResponse({
      status: 400,
      headers: headers(),
      body: parseBody(
        JSON.stringify({
          error: { code: 'bad', message: `token ${secret} rejected` },
          requestId: 'r',
          version: 'v1',
        }),
      ),
      secret,
    });
    expect(page.message).not.toContain(secret);
    expect(envelope.message).not.toContain(secret);
  });
});

describe('errorFromThrown', () => {
  it('tells cancel, timeout and network apart', () => {
    const thrown = new DOMException('aborted', 'AbortError');
    expect(errorFromThrown(thrown, { aborted: true, timedOut: false }).kind).toBe('aborted');
    expect(
      errorFromThrown(thrown, { aborted: false, timedOut: true, timeoutMs: 2000 }).message,
    ).toBe('The service did not answer within 2 s.');
    const refused = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    });
    const error = errorFromThrown(refused, { aborted: false, timedOut: false });
    expect(error).toMatchObject({
      kind: 'network',
      retryable: true,
      message: expect.stringMatching(/^Could not reach the service\. Check .*VPN.*ask IT\.$/),
      code: 'ECONNREFUSED',
    });
  });

  it('calls a request the fetch refused to send internal, without quoting it', async () => {
    // Node's fetch refuses a header value with a line break before anything is sent.
    const thrown = await fetch('http://127.0.0.1:9/', {
      headers: { 'X-Note': 'sb-access-token=abc\nline' },
    }).catch((error: unknown) => error);
    const error = errorFromThrown(thrown, { aborted: false, timedOut: false });
    expect(error).toMatchObject({ kind: 'internal', code: 'internal_error', retryable: false });
    expect(error.message).toBe(
      'The request could not be sent because of an unexpected error (TypeError).',
    );
  });
});

describe('error fields', () => {
  it('names the field a service error is about, from details, fields or field', () => {
    const read = (error: Record<string, unknown>) =>
      errorFromResponse({
        status: 400,
        headers: new Headers(),
        body: parseBody(
          JSON.stringify({
            error: { code: 'validation_failed', message: 'Bad.', ...error },
            requestId: 'r',
            version: 'v1',
          }),
        ),
      }).field;
    expect(read({ details: [{ path: 'input.message', message: 'must not be empty' }] })).toBe(
      'input.message',
    );
    expect(read({ fields: ['limit'] })).toBe('limit');
    expect(read({ field: 'agentId' })).toBe('agentId');
    expect(read({ details: 'nope' })).toBeUndefined();
  });
});
