// What the app sends one extension, framed for the socket. Chrome drops the port on a message over
// 1 MiB, so a longer one (a long answer's snapshot, a deal with a large record) is sent as parts:
// its JSON text cut into pieces that each fit, which the extension joins in order and parses.
import type { Socket } from 'node:net';
import { MAX_TO_EXTENSION_BYTES, encodeText } from './frame-codec';
import type { OutboundMessage } from './protocol';

/** Room for a part's own fields around its piece of text. */
const PART_OVERHEAD = 200;

export interface Outbound {
  send(message: OutboundMessage): void;
  /** Bytes written but not yet taken by the relay: a slow reader is not sent events. */
  readonly backlog: number;
}

/** Bytes one UTF-16 code unit takes inside a JSON string, escaped as JSON.stringify does. */
function escapedBytes(code: number): number {
  if (code === 0x22 || code === 0x5c) return 2;
  if (code < 0x20) return [0x08, 0x09, 0x0a, 0x0c, 0x0d].includes(code) ? 2 : 6;
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  // Half of a surrogate pair: the pair is 4 bytes in UTF-8.
  if (code >= 0xd800 && code <= 0xdfff) return 2;
  return 3;
}

/**
 * Cuts `json` into pieces whose escaped UTF-8 form fits `budget` bytes, never between the two
 * halves of a surrogate pair (JSON.stringify's output has no lone halves).
 */
export function splitText(json: string, budget: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < json.length; i += 1) {
    const code = json.charCodeAt(i);
    const isPair = code >= 0xd800 && code <= 0xdbff && i + 1 < json.length;
    const size = isPair ? 4 : escapedBytes(code);
    if (bytes + size > budget && i > start) {
      pieces.push(json.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += size;
    if (isPair) i += 1;
  }
  if (start < json.length) pieces.push(json.slice(start));
  return pieces;
}

export function createOutbound(socket: Socket, maxBytes = MAX_TO_EXTENSION_BYTES): Outbound {
  let nextMessage = 1;
  const write = (text: string) => {
    if (!socket.destroyed && socket.writable) socket.write(encodeText(text, maxBytes));
  };
  return {
    send(message) {
      const json = JSON.stringify(message);
      if (Buffer.byteLength(json) <= maxBytes) {
        write(json);
        return;
      }
      const id = nextMessage;
      nextMessage += 1;
      const pieces = splitText(json, maxBytes - PART_OVERHEAD);
      pieces.forEach((text, index) => {
        write(JSON.stringify({ type: 'part', message: id, index, count: pieces.length, text }));
      });
    },
    get backlog() {
      return socket.writableLength;
    },
  };
}
