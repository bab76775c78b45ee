// Reading request bodies safely: the media type is checked before a byte is read, the size is
// capped (Content-Length up front, then a running count), and JSON errors become 400s.
//
// An oversized body is still read to its end (and thrown away) before the 413 is sent: closing
// the connection while the client is still sending makes the kernel answer with a reset, which
// the client may see before it reads the 413. Only a body too large even to drain
// (MAX_DRAIN_BYTES) is cut off, with the connection.
import type { IncomingMessage } from 'node:http';
import { nestingDepth } from '../../shared/json-depth';
import {
  invalidJson,
  MAX_BODY_BYTES,
  MAX_DRAIN_BYTES,
  payloadTooLarge,
  unsupportedMediaType,
} from './errors';

/** The media type without parameters, lower-cased; undefined when the header is absent. */
export function mediaType(req: IncomingMessage): string | undefined {
  const raw = req.headers['content-type'];
  if (raw === undefined || raw.trim() === '') return undefined;
  return raw.split(';')[0]?.trim().toLowerCase();
}

export function requireMediaType(req: IncomingMessage, expected: string): void {
  const got = mediaType(req);
  if (got !== expected) throw unsupportedMediaType(req.headers['content-type'], expected);
}

/** Reads the whole body; one over the limit is drained, then refused (see above). */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  const declaredOver = Number.isFinite(declared) && declared > limit;
  if (declaredOver && declared > MAX_DRAIN_BYTES) {
    return Promise.reject(payloadTooLarge({ drained: false }));
  }

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = declaredOver;
    let settled = false;
    const finish = (err: Error | undefined, body?: Buffer): void => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      if (err !== undefined) reject(err);
      else resolve(body ?? Buffer.alloc(0));
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit && !over) {
        over = true;
        chunks.length = 0;
      }
      if (!over) {
        chunks.push(chunk);
      } else if (size > MAX_DRAIN_BYTES) {
        // Too much even to throw away: the answer closes the connection, unread.
        req.pause();
        finish(payloadTooLarge({ drained: false }));
      }
    };
    const onEnd = (): void =>
      finish(over ? payloadTooLarge({ drained: true }) : undefined, Buffer.concat(chunks));
    const onError = (err: Error): void => finish(err);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/**
 * Deepest nesting of arrays and objects a body may have. A request needs a few levels; thousands
 * (a 64 KiB body holds 30,000) would overflow the stack of whatever walks the body later (the
 * idempotency fingerprint, the answer's JSON), so they are refused before it is parsed.
 */
export const MAX_JSON_DEPTH = 64;

export async function readJson(req: IncomingMessage): Promise<unknown> {
  requireMediaType(req, 'application/json');
  const body = await readBody(req);
  const text = body.toString('utf8');
  if (text.trim() === '') throw invalidJson('the body is empty.');
  if (nestingDepth(text) > MAX_JSON_DEPTH) {
    throw invalidJson(`it is nested more than ${MAX_JSON_DEPTH} levels deep.`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw invalidJson(err instanceof Error ? err.message : 'unparseable.');
  }
}
