// A tiny binary plist (bplist00) writer for tests: enough of Apple's layout to hand the policy
// reader the files a configuration profile leaves in /Library/Managed Preferences, built here
// from values rather than kept as opaque fixtures.

export type PlistInput =
  | string
  | number
  | boolean
  | Date
  | Uint8Array
  | { real: number }
  | PlistInput[]
  | { [key: string]: PlistInput };

/** Writes `value` as a binary plist: objects in order, one-byte or two-byte references. */
export function binaryPlist(value: PlistInput): Uint8Array {
  const objects: Uint8Array[] = [];
  const add = (input: PlistInput): number => {
    const index = objects.length;
    objects.push(new Uint8Array());
    objects[index] = encode(input, add);
    return index;
  };
  add(value);
  const refSize = objects.length < 256 ? 1 : 2;
  // References were written assuming `refSize`; re-encode now that the count is known.
  objects.length = 0;
  const addSized = (input: PlistInput): number => {
    const index = objects.length;
    objects.push(new Uint8Array());
    objects[index] = encode(input, addSized, refSize);
    return index;
  };
  addSized(value);

  const header = new TextEncoder().encode('bplist00');
  const offsets: number[] = [];
  let at = header.length;
  for (const object of objects) {
    offsets.push(at);
    at += object.length;
  }
  const offsetSize = at < 256 ? 1 : at < 65536 ? 2 : 4;
  const table = new Uint8Array(offsets.length * offsetSize);
  offsets.forEach((offset, i) => writeUint(table, i * offsetSize, offsetSize, offset));
  const trailer = new Uint8Array(32);
  const view = new DataView(trailer.buffer);
  view.setUint8(6, offsetSize);
  view.setUint8(7, refSize);
  view.setBigUint64(8, BigInt(objects.length));
  view.setBigUint64(16, 0n);
  view.setBigUint64(24, BigInt(at));
  return concat([header, ...objects, table, trailer]);
}

function encode(input: PlistInput, add: (input: PlistInput) => number, refSize = 1): Uint8Array {
  if (typeof input === 'boolean') return Uint8Array.of(input ? 0x09 : 0x08);
  if (typeof input === 'number') {
    const bytes = new Uint8Array(9);
    bytes[0] = 0x13;
    new DataView(bytes.buffer).setBigInt64(1, BigInt(input));
    return bytes;
  }
  if (typeof input === 'string') {
    // ASCII as 0x5n, anything else as UTF-16 (0x6n), as CoreFoundation writes them.
    if ([...input].every((char) => char.charCodeAt(0) < 0x80)) {
      return concat([marker(0x5, input.length), new TextEncoder().encode(input)]);
    }
    const units = new Uint8Array(input.length * 2);
    for (let i = 0; i < input.length; i += 1) {
      new DataView(units.buffer).setUint16(i * 2, input.charCodeAt(i));
    }
    return concat([marker(0x6, input.length), units]);
  }
  if (input instanceof Date) {
    const bytes = new Uint8Array(9);
    bytes[0] = 0x33;
    new DataView(bytes.buffer).setFloat64(1, (input.getTime() - Date.UTC(2001, 0, 1)) / 1000);
    return bytes;
  }
  if (input instanceof Uint8Array) return concat([marker(0x4, input.length), input]);
  if (Array.isArray(input)) {
    const refs = input.map((item) => add(item));
    return concat([marker(0xa, refs.length), refBytes(refs, refSize)]);
  }
  if ('real' in input && typeof input.real === 'number' && Object.keys(input).length === 1) {
    const bytes = new Uint8Array(9);
    bytes[0] = 0x23;
    new DataView(bytes.buffer).setFloat64(1, input.real);
    return bytes;
  }
  const entries = Object.entries(input);
  const keys = entries.map(([key]) => add(key));
  const values = entries.map(([, item]) => add(item));
  return concat([marker(0xd, entries.length), refBytes([...keys, ...values], refSize)]);
}

/** A type nibble with its count, the count after it as an integer object when 15 or more. */
function marker(type: number, count: number): Uint8Array {
  if (count < 15) return Uint8Array.of((type << 4) | count);
  return Uint8Array.of((type << 4) | 0x0f, 0x11, count >> 8, count & 0xff);
}

function refBytes(refs: number[], size: number): Uint8Array {
  const bytes = new Uint8Array(refs.length * size);
  refs.forEach((ref, i) => writeUint(bytes, i * size, size, ref));
  return bytes;
}

function writeUint(bytes: Uint8Array, at: number, size: number, value: number): void {
  for (let i = size - 1; i >= 0; i -= 1) {
    bytes[at + i] = value & 0xff;
    value = Math.floor(value / 256);
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
