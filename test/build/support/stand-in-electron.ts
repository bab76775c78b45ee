// A stand-in for the Linux Electron distribution, so electron-builder can run its real packaging
// pipeline (file selection, asar, extra resources, fuses, app-update.yml) where the Electron
// binary cannot be downloaded. The only part of the binary electron-builder reads or writes is
// the fuse wire, which @electron/fuses finds after a fixed sentinel; everything else about the
// file is irrelevant to packaging.

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** @electron/fuses' sentinel (its constants.ts); the wire follows it: version, length, states. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const FUSE_WIRE_VERSION = 1;
/** The eight V1 fuses electron-builder knows, as Electron ships them ('1' on, '0' off). */
const SHIPPED_DEFAULTS = '10110001';

export function writeStandInElectron(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const binary = Buffer.concat([
    Buffer.from('stand-in for the Electron binary\n'),
    Buffer.from(FUSE_SENTINEL, 'latin1'),
    Buffer.from([FUSE_WIRE_VERSION, SHIPPED_DEFAULTS.length]),
    Buffer.from(SHIPPED_DEFAULTS, 'latin1'),
    Buffer.from('\n'),
  ]);
  writeFileSync(path.join(dir, 'electron'), binary, { mode: 0o755 });
  return dir;
}
