// Choosing the address this start of the app listens on (places.ts says where it may go): a
// fresh one where it may not be fixed, or the one the last start recorded when that is still the
// user's own, so a second copy finds the first (the listener then says "elsewhere") and a folder
// of the app's is reused rather than a new one left behind at every start.
import { randomBytes } from 'node:crypto';
import { lstat, mkdtemp } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { readAddressFile } from './address-file';
import { answers } from './listener';
import { PIPE_PREFIX, SOCKET_NAME, type SocketPlace } from './places';

export interface SocketAddress {
  path: string;
  /** Written to the address file once the app listens there (not when the environment gave it). */
  record: boolean;
  /** A folder made for this start (removed again if nothing listens in it). */
  madeFolder?: string;
}

/** A folder only this user can put anything in; checked, never created. */
async function isOwnPrivateFolder(folder: string): Promise<boolean> {
  try {
    const info = await lstat(folder);
    const ours = typeof process.getuid !== 'function' || info.uid === process.getuid();
    return info.isDirectory() && ours && (info.mode & 0o077) === 0;
  } catch {
    return false;
  }
}

export async function chooseSocketAddress(
  place: SocketPlace,
  companionDir: string,
  platform: NodeJS.Platform = process.platform,
): Promise<SocketAddress> {
  switch (place.kind) {
    case 'given':
      return { path: place.path, record: false };
    case 'runtime':
      return { path: place.path, record: true };
    case 'random-pipe': {
      // A pipe that answers at the recorded name is the user's own app: nobody else can read the
      // name. Listening there is refused as taken, which the listener reports as "elsewhere".
      const recorded = await readAddressFile(companionDir, platform);
      if (recorded !== undefined && (await answers(recorded))) {
        return { path: recorded, record: false };
      }
      return { path: `${PIPE_PREFIX}${randomBytes(16).toString('hex')}`, record: true };
    }
    case 'private-folder': {
      const recorded = await readAddressFile(companionDir, platform);
      if (recorded !== undefined && (await isOwnPrivateFolder(dirname(recorded)))) {
        return { path: recorded, record: true };
      }
      // mkdtemp makes a new folder of a random name, 0700, and fails rather than reuse one.
      const folder = await mkdtemp(join(place.parent, 'assistant-desktop-'));
      return { path: join(folder, SOCKET_NAME), record: true, madeFolder: folder };
    }
  }
}
