// A small zip writer for the store package: every file deflated (Node's zlib), with its CRC-32
// (zlib.crc32), in a classic (not Zip64) archive. An extension is a few hundred kilobytes in a few
// dozen files, far under the format's 4 GiB and 65,535-entry limits, so this is all the store's
// upload needs; a library would add dependencies for features the package never uses.
import { deflateRawSync, crc32, inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  /** The path inside the archive, with forward slashes. */
  name: string;
  data: Buffer;
}

/** 1980-01-01 00:00 in DOS time: a fixed stamp, so the same files make the same archive. */
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

function localHeader(name: Buffer, crc: number, compressed: number, size: number): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
  header.writeUInt16LE(0x0800, 6); // names are UTF-8
  header.writeUInt16LE(8, 8); // deflate
  header.writeUInt16LE(DOS_TIME, 10);
  header.writeUInt16LE(DOS_DATE, 12);
  header.writeUInt32LE(crc, 14);
  header.writeUInt32LE(compressed, 18);
  header.writeUInt32LE(size, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, name]);
}

function centralHeader(
  name: Buffer,
  crc: number,
  compressed: number,
  size: number,
  offset: number,
): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(0x0314, 4); // made by: Unix, 2.0
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(0x0800, 8);
  header.writeUInt16LE(8, 10);
  header.writeUInt16LE(DOS_TIME, 12);
  header.writeUInt16LE(DOS_DATE, 14);
  header.writeUInt32LE(crc, 16);
  header.writeUInt32LE(compressed, 20);
  header.writeUInt32LE(size, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
  header.writeUInt32LE(offset, 42);
  return Buffer.concat([header, name]);
}

export function zip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const compressed = deflateRawSync(entry.data, { level: 9 });
    const crc = crc32(entry.data);
    const local = localHeader(name, crc, compressed.length, entry.data.length);
    locals.push(local, compressed);
    centrals.push(centralHeader(name, crc, compressed.length, entry.data.length, offset));
    offset += local.length + compressed.length;
  }
  const central = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(central.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, central, end]);
}

/** Each entry's name and where its local header starts, from the central directory. */
function centralDirectory(archive: Buffer): Array<{ name: string; offset: number }> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('Not a zip archive: no end of central directory.');
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const entries: Array<{ name: string; offset: number }> = [];
  for (let i = 0; i < count; i += 1) {
    if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error('Broken central directory.');
    const nameLength = archive.readUInt16LE(at + 28);
    const extra = archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
    entries.push({
      name: archive.toString('utf8', at + 46, at + 46 + nameLength),
      offset: archive.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extra;
  }
  return entries;
}

/** The names an archive lists, read from its central directory (for the build test). */
export function zipEntryNames(archive: Buffer): string[] {
  return centralDirectory(archive).map((entry) => entry.name);
}

/**
 * Every entry with its content (for the build test, which compares the store's files with the
 * folder's): archives of `zip` only, each entry deflated with its sizes in its local header.
 */
export function readZip(archive: Buffer): ZipEntry[] {
  return centralDirectory(archive).map(({ name, offset }) => {
    if (archive.readUInt32LE(offset) !== 0x04034b50) throw new Error(`Broken entry ${name}.`);
    if (archive.readUInt16LE(offset + 8) !== 8) throw new Error(`${name} is not deflated.`);
    const compressed = archive.readUInt32LE(offset + 18);
    const start =
      offset + 30 + archive.readUInt16LE(offset + 26) + archive.readUInt16LE(offset + 28);
    const data = inflateRawSync(archive.subarray(start, start + compressed));
    if (crc32(data) !== archive.readUInt32LE(offset + 14)) throw new Error(`${name}: bad CRC-32.`);
    return { name, data };
  });
}
