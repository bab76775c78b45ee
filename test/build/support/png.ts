// Width and height from a PNG's IHDR chunk: enough to check icon sizes without an image library.

import { readFileSync } from 'node:fs';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function pngSize(file: string): { width: number; height: number } {
  const data = readFileSync(file);
  if (data.length < 24 || !data.subarray(0, 8).equals(SIGNATURE)) {
    throw new Error(`${file} is not a PNG file`);
  }
  if (data.toString('latin1', 12, 16) !== 'IHDR') throw new Error(`${file} has no IHDR chunk`);
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}
