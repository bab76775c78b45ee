// The relay finds the app by the address file alone: the app chooses its address as a start does
// (a new private folder where there is no runtime folder; a random pipe on Windows), listens,
// records it, and the built relay, told nothing by the environment, reaches it and introduces the
// extension. A second copy then finds the first through the same file and says "elsewhere".
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAddressFile } from '../../../electron/companion/address-file';
import { listenOnSocket, type ListenOutcome } from '../../../electron/companion/listener';
import type { SocketPlace } from '../../../electron/companion/places';
import { chooseSocketAddress } from '../../../electron/companion/socket-address';
import { isType, openNativePort, type NativePort } from './native-port';

const ORIGIN = `chrome-extension://${'r'.repeat(32)}/`;
let work: string;
let first: ListenOutcome | undefined;
let port: NativePort | undefined;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'address-'));
});
afterAll(async () => {
  port?.close();
  if (first?.kind === 'listening') await first.close();
  await rm(work, { recursive: true, force: true });
});

/** The place a start without a runtime folder (Windows: any start) chooses from. */
async function place(): Promise<SocketPlace> {
  if (process.platform === 'win32') return { kind: 'random-pipe' };
  const parent = join(work, 'tmp');
  await mkdir(parent, { recursive: true });
  return { kind: 'private-folder', parent };
}

describe('the relay and the address the app records', () => {
  it('reaches the app through the address file, and a second copy finds the first', async () => {
    const companion = join(work, 'companion');
    const frames: Buffer[] = [];
    const address = await chooseSocketAddress(await place(), companion);
    first = await listenOnSocket(address.path, (socket: Socket) => {
      socket.on('data', (chunk: Buffer) => frames.push(chunk));
    });
    expect(first.kind).toBe('listening');
    await writeAddressFile(companion, address.path);

    port = openNativePort(ORIGIN, {
      ASSISTANT_COMPANION_DIR: companion,
      ASSISTANT_COMPANION_SOCKET: '',
      ASSISTANT_RELAY_WAIT_MS: '0',
    });
    await expect.poll(() => Buffer.concat(frames).toString()).toContain(ORIGIN);
    expect(port.received.filter(isType('relay-error'))).toEqual([]);

    const second = await chooseSocketAddress(await place(), companion);
    expect(second.path).toBe(address.path);
    const outcome = await listenOnSocket(second.path, () => undefined);
    expect(outcome.kind).toBe('elsewhere');
  });
});
