// Property lists as a configuration profile leaves them in /Library/Managed Preferences: usually
// binary (bplist00), sometimes XML. Read into plain values for the policy readers: a dictionary
// becomes an object, an array an array, a date its ISO string; data (raw bytes) is left out, as
// no policy is bytes. Our own small reader rather than a dependency: npm's `plist` reads XML
// only, and `bplist-parser` is unbounded; a file IT (or anyone who can write there) hands us is
// read within a size, a depth and an object count, and anything else is an error with a reason.

export type PlistValue = string | number | boolean | PlistValue[] | { [key: string]: PlistValue };

export const PLIST_LIMITS = {
  /** A policy profile is a few kilobytes; a megabyte is far beyond any honest one. */
  bytes: 1024 * 1024,
  /** Policies nest two deep (Recommended → CompanionCrmDomains); 16 leaves room and stops cycles. */
  depth: 16,
  objects: 20_000,
} as const;

export class PlistError extends Error {
  override name = 'PlistError';
}

const BINARY_MAGIC = 'bplist00';

/** Reads a binary or XML property list; throws a PlistError saying what is wrong. */
export function parsePlist(bytes: Uint8Array): PlistValue {
  if (bytes.length > PLIST_LIMITS.bytes) {
    throw new PlistError(`larger than ${PLIST_LIMITS.bytes} bytes`);
  }
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, BINARY_MAGIC.length));
  if (head === BINARY_MAGIC) return parseBinaryPlist(bytes);
  return parseXmlPlist(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
}

/** A value with no place in the result (data): left out of its array or dictionary. */
const SKIPPED = Symbol('skipped');
type Read = PlistValue | typeof SKIPPED;

/** Safe for any key, `__proto__` included: an own property, never the prototype. */
function put(target: Record<string, PlistValue>, key: string, value: PlistValue): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

// ---- binary: Apple's CFBinaryPList.c layout ----

function parseBinaryPlist(bytes: Uint8Array): PlistValue {
  if (bytes.length < BINARY_MAGIC.length + 32) throw new PlistError('binary plist truncated');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const trailer = bytes.length - 32;
  const offsetSize = view.getUint8(trailer + 6);
  const refSize = view.getUint8(trailer + 7);
  const count = Number(view.getBigUint64(trailer + 8));
  const top = Number(view.getBigUint64(trailer + 16));
  const tableAt = Number(view.getBigUint64(trailer + 24));
  if (![1, 2, 4, 8].includes(offsetSize) || ![1, 2, 4, 8].includes(refSize)) {
    throw new PlistError('binary plist trailer malformed');
  }
  if (count > PLIST_LIMITS.objects)
    throw new PlistError(`more than ${PLIST_LIMITS.objects} objects`);
  if (top >= count || tableAt + count * offsetSize > trailer) {
    throw new PlistError('binary plist offsets out of range');
  }

  const uint = (at: number, size: number): number => {
    if (at < 0 || at + size > trailer) throw new PlistError('binary plist reads past its end');
    let value = 0;
    for (let i = 0; i < size; i += 1) value = value * 256 + (bytes[at + i] ?? 0);
    return value;
  };
  const offsetOf = (ref: number): number => {
    if (ref >= count) throw new PlistError('binary plist object reference out of range');
    return uint(tableAt + ref * offsetSize, offsetSize);
  };

  let visited = 0;
  const read = (ref: number, depth: number): Read => {
    if (depth > PLIST_LIMITS.depth)
      throw new PlistError(`nested deeper than ${PLIST_LIMITS.depth}`);
    visited += 1;
    if (visited > PLIST_LIMITS.objects) {
      throw new PlistError(`more than ${PLIST_LIMITS.objects} objects`);
    }
    const at = offsetOf(ref);
    const marker = uint(at, 1);
    const type = marker >> 4;
    const info = marker & 0x0f;
    // A length of 15 or more follows the marker as an integer object.
    const length = (): { n: number; start: number } => {
      if (info !== 0x0f) return { n: info, start: at + 1 };
      const intMarker = uint(at + 1, 1);
      if (intMarker >> 4 !== 0x1) throw new PlistError('binary plist length malformed');
      const size = 1 << (intMarker & 0x0f);
      return { n: uint(at + 2, size), start: at + 2 + size };
    };
    switch (type) {
      case 0x5: {
        const { n, start } = length();
        if (start + n > trailer) throw new PlistError('binary plist reads past its end');
        return new TextDecoder('latin1').decode(bytes.subarray(start, start + n));
      }
      case 0x6: {
        const { n, start } = length();
        if (start + n * 2 > trailer) throw new PlistError('binary plist reads past its end');
        let text = '';
        for (let i = 0; i < n; i += 1) text += String.fromCharCode(view.getUint16(start + i * 2));
        return text;
      }
      case 0xa: {
        const { n, start } = length();
        const items: PlistValue[] = [];
        for (let i = 0; i < n; i += 1) {
          const item = read(uint(start + i * refSize, refSize), depth + 1);
          if (item !== SKIPPED) items.push(item);
        }
        return items;
      }
      case 0xd: {
        const { n, start } = length();
        const dict: Record<string, PlistValue> = {};
        for (let i = 0; i < n; i += 1) {
          const key = read(uint(start + i * refSize, refSize), depth + 1);
          if (typeof key !== 'string') throw new PlistError('binary plist key is not a string');
          const value = read(uint(start + (n + i) * refSize, refSize), depth + 1);
          if (value !== SKIPPED) put(dict, key, value);
        }
        return dict;
      }
      default:
        return readBinaryScalar(view, at, trailer);
    }
  };

  const value = read(top, 0);
  if (value === SKIPPED) throw new PlistError('plist holds only data');
  return value;
}

/** A boolean, number, date or data object at `at` (the marker's offset). */
function readBinaryScalar(view: DataView, at: number, end: number): Read {
  const marker = view.getUint8(at);
  const info = marker & 0x0f;
  switch (marker >> 4) {
    case 0x0:
      if (marker === 0x08) return false;
      if (marker === 0x09) return true;
      throw new PlistError('binary plist holds a null or fill object');
    case 0x1:
      return readInteger(view, at + 1, 1 << info, end);
    case 0x2:
      if (info === 2 && at + 5 <= end) return view.getFloat32(at + 1);
      if (info === 3 && at + 9 <= end) return view.getFloat64(at + 1);
      throw new PlistError('binary plist real malformed');
    case 0x3: {
      if (marker !== 0x33 || at + 9 > end) throw new PlistError('binary plist date malformed');
      const date = new Date(Date.UTC(2001, 0, 1) + view.getFloat64(at + 1) * 1000);
      if (Number.isNaN(date.getTime())) throw new PlistError('binary plist date out of range');
      return date.toISOString();
    }
    case 0x4:
      return SKIPPED;
    default:
      throw new PlistError(
        `binary plist object type 0x${(marker >> 4).toString(16)} not supported`,
      );
  }
}

function readInteger(view: DataView, at: number, size: number, end: number): number {
  if (at + size > end) throw new PlistError('binary plist reads past its end');
  if (size === 1) return view.getUint8(at);
  if (size === 2) return view.getUint16(at);
  if (size === 4) return view.getUint32(at);
  // 8 bytes are signed; 16 bytes hold a 128-bit value whose low 8 bytes carry any sane number.
  if (size === 8) return Number(view.getBigInt64(at));
  if (size === 16) return Number(view.getBigInt64(at + 8));
  throw new PlistError('binary plist integer malformed');
}

// ---- XML: Apple's PropertyList-1.0.dtd ----

type Token = { tag: string; closing: boolean; empty: boolean } | { text: string };

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) {
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    }
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    const named = ENTITIES[name];
    if (named === undefined) throw new PlistError(`XML plist entity ${whole} not supported`);
    return named;
  });
}

function tokenize(xml: string): Token[] {
  const tokens: Token[] = [];
  const pattern =
    /<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>|<!\[CDATA\[([\s\S]*?)\]\]>|<(\/?)([A-Za-z]+)(?:\s[^>]*?)?(\/?)>|([^<]+)/g;
  let consumed = 0;
  for (const match of xml.matchAll(pattern)) {
    if (match.index !== consumed) throw new PlistError('XML plist malformed');
    consumed = match.index + match[0].length;
    const [, cdata, closing, tag, empty, text] = match;
    if (cdata !== undefined) tokens.push({ text: cdata });
    else if (tag !== undefined)
      tokens.push({ tag, closing: closing === '/', empty: empty === '/' });
    else if (text !== undefined) tokens.push({ text: decodeEntities(text) });
    if (tokens.length > PLIST_LIMITS.objects * 4) {
      throw new PlistError(`more than ${PLIST_LIMITS.objects} objects`);
    }
  }
  if (consumed !== xml.length) throw new PlistError('XML plist malformed');
  return tokens;
}

function parseXmlPlist(xml: string): PlistValue {
  const tokens = tokenize(xml).filter((token) => !('text' in token) || token.text.trim() !== '');
  let at = 0;
  const next = (): Token => {
    const token = tokens[at];
    if (token === undefined) throw new PlistError('XML plist ends early');
    at += 1;
    return token;
  };
  const open = (): { tag: string; empty: boolean } => {
    const token = next();
    if ('text' in token || token.closing) throw new PlistError('XML plist: expected an element');
    return token;
  };
  const close = (tag: string): void => {
    const token = next();
    if ('text' in token || !token.closing || token.tag !== tag) {
      throw new PlistError(`XML plist: <${tag}> not closed`);
    }
  };
  /** The text of a simple element (`<string>…</string>`), empty for `<string/>`. */
  const textOf = (element: { tag: string; empty: boolean }): string => {
    if (element.empty) return '';
    const token = tokens[at];
    if (token !== undefined && 'text' in token) {
      at += 1;
      close(element.tag);
      return token.text;
    }
    close(element.tag);
    return '';
  };

  let objects = 0;
  const value = (depth: number): Read => {
    if (depth > PLIST_LIMITS.depth)
      throw new PlistError(`nested deeper than ${PLIST_LIMITS.depth}`);
    objects += 1;
    if (objects > PLIST_LIMITS.objects)
      throw new PlistError(`more than ${PLIST_LIMITS.objects} objects`);
    const element = open();
    switch (element.tag) {
      case 'true':
      case 'false':
        if (!element.empty) close(element.tag);
        return element.tag === 'true';
      case 'string':
        return textOf(element);
      case 'integer': {
        const text = textOf(element).trim();
        if (!/^[+-]?\d+$/.test(text)) throw new PlistError(`XML plist integer "${text}" malformed`);
        return Number(text);
      }
      case 'real': {
        const number = Number(textOf(element).trim());
        if (Number.isNaN(number)) throw new PlistError('XML plist real malformed');
        return number;
      }
      case 'date': {
        const date = new Date(textOf(element).trim());
        if (Number.isNaN(date.getTime())) throw new PlistError('XML plist date malformed');
        return date.toISOString();
      }
      case 'data':
        textOf(element);
        return SKIPPED;
      case 'array': {
        const items: PlistValue[] = [];
        if (element.empty) return items;
        while (!isClosing(tokens[at], 'array')) {
          const item = value(depth + 1);
          if (item !== SKIPPED) items.push(item);
        }
        close('array');
        return items;
      }
      case 'dict': {
        const dict: Record<string, PlistValue> = {};
        if (element.empty) return dict;
        while (!isClosing(tokens[at], 'dict')) {
          const keyElement = open();
          if (keyElement.tag !== 'key')
            throw new PlistError('XML plist: a dict value has no <key>');
          const key = textOf(keyElement);
          const item = value(depth + 1);
          if (item !== SKIPPED) put(dict, key, item);
        }
        close('dict');
        return dict;
      }
      default:
        throw new PlistError(`XML plist element <${element.tag}> not supported`);
    }
  };

  const root = open();
  if (root.tag !== 'plist' || root.empty) throw new PlistError('XML plist has no <plist> root');
  const result = value(1);
  close('plist');
  if (at !== tokens.length) throw new PlistError('XML plist has more after </plist>');
  if (result === SKIPPED) throw new PlistError('plist holds only data');
  return result;
}

function isClosing(token: Token | undefined, tag: string): boolean {
  if (token === undefined) throw new PlistError(`XML plist: <${tag}> not closed`);
  return !('text' in token) && token.closing && token.tag === tag;
}
