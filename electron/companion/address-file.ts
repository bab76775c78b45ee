// The address file: where this app's companion socket listens, written to the user's companion
// folder at every start so the relay reads it rather than computing a path of its own (one rule,
// the app's). It is also how a second copy of the app knows the first: an address is recorded
// only in this user's own folder, so a live one found there is this user's own app.
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { z } from 'zod';
import { pathsOf } from '../core/platform/paths';
import { READ_NO_FOLLOW } from '../core/storage/private-files';
import { ADDRESS_FILE, MAX_SOCKET_PATH, PIPE_PREFIX, SOCKET_NAME } from './places';
import { replaceContents } from '../core/storage/json-file';
import { ensurePrivateFolder } from './registration/registration';

/** Larger files are refused unread: an address is a few dozen bytes. */
const MAX_BYTES = 4096;

const PIPE_NAME = new RegExp(`^${PIPE_PREFIX.replace(/[\\.]/g, '\\$&')}[0-9a-f]{32}$`);

/** An address as the app writes it on `platform` (relay/src/places.rs accepts the same). */
export function socketAddress(platform: NodeJS.Platform) {
  if (platform === 'win32') return z.string().regex(PIPE_NAME);
  return z
    .string()
    .refine((path) => path.startsWith('/') && path.endsWith(`/${SOCKET_NAME}`), 'not a socket path')
    .refine((path) => Buffer.byteLength(path) <= MAX_SOCKET_PATH, 'too long for a socket')
    .refine((path) => !/[\0\r\n]/.test(path), 'a control character')
    .refine((path) => !path.split('/').includes('..'), 'a parent step');
}

/** The file's text: the address on one line. */
export function addressFileText(address: string, platform: NodeJS.Platform): string {
  return `${socketAddress(platform).parse(address)}\n`;
}

export function parseAddressFile(text: string, platform: NodeJS.Platform): string | undefined {
  const line = /^([^\r\n]*)\r?\n$/.exec(text)?.[1];
  const parsed = socketAddress(platform).safeParse(line);
  return parsed.success ? parsed.data : undefined;
}

export function addressFilePath(companionDir: string, platform: NodeJS.Platform): string {
  return pathsOf(platform).join(companionDir, ADDRESS_FILE);
}

export async function writeAddressFile(
  companionDir: string,
  address: string,
  platform: NodeJS.Platform = process.platform,
): Promise<void> {
  await ensurePrivateFolder(companionDir);
  await replaceContents(
    addressFilePath(companionDir, platform),
    addressFileText(address, platform),
    0o600,
  );
}

/**
 * The address the last start recorded, or undefined when there is none this user alone could
 * have written: a link, a file of another user's or open to writing by others is not read.
 */
export async function readAddressFile(
  companionDir: string,
  platform: NodeJS.Platform = process.platform,
): Promise<string | undefined> {
  let handle;
  try {
    handle = await open(addressFilePath(companionDir, platform), READ_NO_FOLLOW | nonBlocking());
  } catch {
    return undefined;
  }
  try {
    // Checked on the handle that is then read: no swap between the check and the read.
    const info = await handle.stat();
    if (!info.isFile() || info.size > MAX_BYTES) return undefined;
    if (platform !== 'win32' && typeof process.getuid === 'function') {
      if (info.uid !== process.getuid() || (info.mode & 0o022) !== 0) return undefined;
    }
    return parseAddressFile(await handle.readFile('utf8'), platform);
  } finally {
    await handle.close();
  }
}

/** A FIFO in the file's place would otherwise hold the open until someone writes to it. */
function nonBlocking(): number {
  return constants.O_NONBLOCK ?? 0;
}
