// The command's fetch: the API client's FetchLike over node:http and node:https. Node's own fetch
// (undici) compiles its HTTP parser to WebAssembly on the first request, which costs about 40 MB
// of memory: for a short-lived command that is more than everything else it does together.
//
// Only what the client asks of a fetch is supported: a string or URL, method, headers, a string
// body and an abort signal. Redirects are never followed (the transport asks for `manual` and
// follows same-origin ones itself), bodies are not decompressed (no Accept-Encoding is sent), and
// a connection failure rejects with Node's own error, whose `code` (ECONNREFUSED…) the client
// reports as "could not reach the service".
import http from 'node:http';
import { Readable } from 'node:stream';
import type { FetchLike } from '../core/api/config';

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
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => {
    headers[name] = value;
  });
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
      const responseHeaders = new Headers();
      const raw = incoming.rawHeaders;
      for (let i = 0; i + 1 < raw.length; i += 2) {
        responseHeaders.append(raw[i] as string, raw[i + 1] as string);
      }
      const noBody = method === 'HEAD' || NULL_BODY_STATUSES.has(status);
      if (noBody) incoming.resume();
      try {
        resolve(
          new Response(noBody ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>), {
            status,
            statusText: incoming.statusMessage ?? '',
            headers: responseHeaders,
          }),
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
