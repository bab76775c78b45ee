// A host message as the frames that carry it to a page: one frame when it fits in MAX_FRAME_BYTES,
// else its JSON text cut in `part` frames that each do (contract/wire.ts). A page's socket then
// never gets a frame larger than the host itself would accept from the page.
import { MAX_FRAME_BYTES, MAX_PARTS, type HostMessage, type PartFrame } from '../contract/wire';

/** Room a part frame's own fields take beside its text. */
const PART_OVERHEAD_BYTES = 128;

/**
 * The frames for `message`, the `seq`-th paged one if it must be paged. Throws when even
 * MAX_PARTS parts cannot carry it (the caller answers with an error instead).
 */
export function framesOf(message: HostMessage, seq: number, maxBytes = MAX_FRAME_BYTES): string[] {
  const text = JSON.stringify(message);
  if (Buffer.byteLength(text) <= maxBytes) return [text];
  // JSON text holds no raw control characters, so inside a JSON string each of its characters
  // takes at most 3 bytes (a quote or backslash 2, a character beyond ASCII up to 3, a surrogate
  // pair 4 for two); cutting only between pairs keeps every part within the frame.
  const partChars = Math.floor((maxBytes - PART_OVERHEAD_BYTES) / 3);
  const pieces: string[] = [];
  for (let at = 0; at < text.length;) {
    let end = Math.min(at + partChars, text.length);
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
    pieces.push(text.slice(at, end));
    at = end;
  }
  if (pieces.length > MAX_PARTS) {
    throw new RangeError(
      `A message of ${text.length} characters needs more than ${MAX_PARTS} parts`,
    );
  }
  return pieces.map((piece, index) => {
    const part: PartFrame = { type: 'part', seq, index, count: pieces.length, text: piece };
    return JSON.stringify(part);
  });
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
