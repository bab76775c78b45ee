// The store zip's writer: an archive any unzip reads (checked here by reading it back the way the
// format says, inflating each entry and checking its CRC), the same bytes for the same files.
import { crc32, inflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readZip, zip, zipEntryNames } from '../../../extension/build/zip';

/** Each entry's name and inflated data, read from the local headers the central directory names. */
function unzip(archive: Buffer): { name: string; data: Buffer }[] {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = archive.readUInt32LE(end + 16);
  const entries: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < archive.readUInt16LE(end + 10); i += 1) {
    const nameLength = archive.readUInt16LE(at + 28);
    const crc = archive.readUInt32LE(at + 16);
    const compressed = archive.readUInt32LE(at + 20);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.toString('utf8', at + 46, at + 46 + nameLength);
    const dataAt = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const data = inflateRawSync(archive.subarray(dataAt, dataAt + compressed));
    expect(crc32(data)).toBe(crc);
    entries.push({ name, data });
    at += 46 + nameLength;
  }
  return entries;
}

describe('the zip writer', () => {
  it('writes archives that read back to the same files', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            name: fc.stringMatching(/^[a-z0-9_-]{1,12}(\/[a-z0-9_.-]{1,12}){0,2}$/),
            data: fc.uint8Array({ maxLength: 2_000 }).map((bytes) => Buffer.from(bytes)),
          }),
          { selector: (entry) => entry.name, maxLength: 8 },
        ),
        (files) => {
          const archive = zip(files);
          expect(zipEntryNames(archive)).toEqual(files.map((f) => f.name));
          expect(unzip(archive)).toEqual(files);
          // The build test's reader (the store manifest's check) agrees with this one.
          expect(readZip(archive)).toEqual(files);
        },
      ),
    );
  });

  it('is read back by readZip only when intact: a changed byte fails its CRC', () => {
    const data = Buffer.from('{"manifest_version":3,"version":"1.0.0"}');
    const archive = zip([{ name: 'manifest.json', data }]);
    const broken = Buffer.from(archive);
    broken.writeUInt32LE((crc32(data) ^ 1) >>> 0, 14); // the local header's CRC
    expect(() => readZip(broken)).toThrow(/CRC/);
  });

  it('makes the same bytes from the same files', () => {
    const files = [{ name: 'manifest.json', data: Buffer.from('{"manifest_version":3}') }];
    expect(zip(files).equals(zip(files))).toBe(true);
  });
});
