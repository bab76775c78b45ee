// The command's fetch: the API client's FetchLike over node:http and node:https. Node's own fetch
// (undici) compiles its HTTP parser to WebAssembly on the first request, which costs about 40 MB
// of memory: for a short-lived command that is more than everything else it does together.
//
// Only what the client asks of a fetch is supported: a string or URL, method, headers, a string
// body and an abort signal. Redirects are never followed (the transport asks for `manual` and
// follows same-origin ones itself), bodies are not decompressed (no Accept-Encoding is sent), and
// a connection failure rejects with Node's own error, whose `code` (ECONNREFUSED…) the client
// reports as "could not reach the service".
//
// Neither undici's Headers and Response (node-response.ts has ours) nor an ES import of node:http,
// whose namespace pulls in TLS, HTTP/2, zlib and undici: together about 13 MiB and 80 ms of
// `assistant status`. Taken as CommonJS code takes them, the modules load just what they are.
import type { FetchLike } from '../core/api/config';
import { NodeResponse, ResponseHeaders } from './node-response';

const http = process.getBuiltinModule('node:http');
const { Readable } = process.getBuiltinModule('node:stream');

/**
 * A request's headers as Node takes them, names lower-cased, from any form fetch accepts. Not by
 * `instanceof Headers`: reading that global loads undici.
 */
function requestHeaders(init: RequestInit['headers']): Record<string, string> {
  const headers: Record<string, string> = {};
  if (init === undefined || init === null) return headers;
  const pairs: Iterable<readonly (string | readonly string[])[]> =
    Symbol.iterator in init ? init : Object.entries(init);
  for (const [name, given] of pairs) {
    if (typeof name !== 'string' || given === undefined) {
      throw new TypeError('httpFetch takes headers as name and value pairs');
    }
    const value = typeof given === 'string' ? given : given.join(', ');
    const key = name.toLowerCase();
    headers[key] = headers[key] === undefined ? value : `${headers[key]}, ${value}`;
  }
  return headers;
}

/** Statuses whose response has no body by definition (Fetch standard "null body status"). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

export const httpFetch: FetchLike = (input, init = {}) => {
  if (typeof input !== 'string' && !(input instanceof URL)) {
    return Promise.reject(new TypeError('httpFetch takes a URL, not a Request'));
  }
  const url = new URL(input);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.reject(new TypeError(`httpFetch cannot fetch ${url.protocol} addresses`));
  }
  if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') {
    return Promise.reject(new TypeError('httpFetch sends string bodies only'));
  }
  const body = init.body ?? undefined;
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = requestHeaders(init.headers);
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  const signal = init.signal ?? undefined;

  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    // node:https brings TLS (about 3 MiB): loaded only for an https address, not for a local one.
    const transport = url.protocol === 'https:' ? process.getBuiltinModule('node:https') : http;
    const request = transport.request(url, { method, headers, signal }, (incoming) => {
      const status = incoming.statusCode ?? 0;
      const noBody = method === 'HEAD' || NULL_BODY_STATUSES.has(status);
      if (noBody) incoming.resume();
      try {
        resolve(
          new NodeResponse(
            noBody ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>),
            {
              status,
              statusText: incoming.statusMessage ?? '',
              headers: ResponseHeaders.fromRaw(incoming.rawHeaders),
              url: url.href,
            },
          ),
        );
      } catch (error) {
        // A status the Response class refuses (outside 200–599): as a fetch would, reject.
        incoming.destroy();
        reject(error);
      }
    });
    request.on('error', reject);
    request.end(body);
  });
};
