// The command's own Response and Headers (not undici's): the API client reads status, headers and
// the body through them exactly as it reads fetch's, so they must behave as fetch's do.
import { describe, expect, it } from 'vitest';
import { NodeResponse, ResponseHeaders } from '../../../electron/cli/node-response';

function streamOf(...parts: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
}

const init = (status = 200, raw: string[] = []) => ({
  status,
  statusText: '',
  headers: ResponseHeaders.fromRaw(raw),
  url: 'http://127.0.0.1/api/v1/assistant',
});

describe('ResponseHeaders', () => {
  const headers = ResponseHeaders.fromRaw([
    'X-Request-Id',
    'req_1',
    'Set-Cookie',
    'a=1',
    'Vary',
    'Accept',
    'set-cookie',
    'b=2',
    'vary',
    'Accept-Language',
  ]);

  it('reads names in any case and joins repeated values as fetch does', () => {
    expect(headers.get('x-request-id')).toBe('req_1');
    expect(headers.get('X-REQUEST-ID')).toBe('req_1');
    expect(headers.get('vary')).toBe('Accept, Accept-Language');
    expect(headers.get('retry-after')).toBeNull();
    expect(headers.has('Retry-After')).toBe(false);
  });

  it('keeps each Set-Cookie apart, and iterates sorted by name', () => {
    expect(headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect([...headers]).toEqual([
      ['set-cookie', 'a=1'],
      ['set-cookie', 'b=2'],
      ['vary', 'Accept, Accept-Language'],
      ['x-request-id', 'req_1'],
    ]);
  });
});

describe('NodeResponse', () => {
  it('reads its body as text once, dropping a byte order mark as fetch’s text() does', async () => {
    const response = new NodeResponse(streamOf('\uFEFF{"a":', '"é"}'), init());
    expect(response.ok).toBe(true);
    expect(response.bodyUsed).toBe(false);
    expect(await response.text()).toBe('{"a":"é"}');
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
  });

  it('parses JSON, and has empty text where there is no body', async () => {
    expect(await new NodeResponse(streamOf('{"n":1}'), init(201)).json()).toEqual({ n: 1 });
    const empty = new NodeResponse(null, init(204));
    expect(empty.body).toBeNull();
    expect(await empty.text()).toBe('');
  });

  it('is not ok outside 2xx, and refuses a status no final answer has', () => {
    expect(new NodeResponse(null, init(503)).ok).toBe(false);
    expect(() => new NodeResponse(null, init(101))).toThrow(RangeError);
    expect(() => new NodeResponse(null, init(600))).toThrow(RangeError);
  });
});
