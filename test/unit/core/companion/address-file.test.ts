// The address file the relay reads to find the app (relay/src/places.rs accepts the same form),
// and the address each start chooses: never a fixed path in /tmp, a private folder reused only
// while it is still the user's alone, a random pipe on Windows.
import { chmod, lstat, mkdir, mkdtemp, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parseAddressFile,
  readAddressFile,
  writeAddressFile,
} from '../../../../electron/core/companion/address-file';
import { PIPE_PREFIX, SOCKET_NAME } from '../../../../electron/core/companion/places';
import { chooseSocketAddress } from '../../../../electron/core/companion/socket-address';

const POSIX = process.platform !== 'win32';
let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'address-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('the address file’s text', () => {
  it('is one socket path on one line, short enough to bind', () => {
    // Socket paths built from SOCKET_NAME: parsed here, never bound (which Windows could not).
    const path = `/run/user/1000/assistant-desktop/${SOCKET_NAME}`;
    expect(parseAddressFile(`${path}\n`, 'linux')).toBe(path);
    expect(parseAddressFile(`${path}\r\n`, 'darwin')).toBe(path);
    for (const bad of [
      path,
      `${path}\n${path}\n`,
      `run/${SOCKET_NAME}\n`,
      '/tmp/x/other.sock\n',
      `/tmp/../etc/${SOCKET_NAME}\n`,
      `/${'x'.repeat(100)}/${SOCKET_NAME}\n`,
      '',
    ]) {
      expect(parseAddressFile(bad, 'linux'), bad).toBeUndefined();
    }
  });

  it('on Windows, a pipe with 32 random hexadecimal digits, never one named for the user', () => {
    const pipe = `${PIPE_PREFIX}${'0f'.repeat(16)}`;
    expect(parseAddressFile(`${pipe}\r\n`, 'win32')).toBe(pipe);
    expect(parseAddressFile(`${PIPE_PREFIX}mia\n`, 'win32')).toBeUndefined();
    expect(parseAddressFile(`${PIPE_PREFIX}${'0F'.repeat(16)}\n`, 'win32')).toBeUndefined();
  });
});

describe.skipIf(!POSIX)('reading and writing it (POSIX: links, owners and modes)', () => {
  const address = `/run/user/1000/assistant-desktop/${SOCKET_NAME}`;

  it('is written 0600 in a 0700 folder and read back', async () => {
    const dir = join(work, 'written');
    await writeAddressFile(dir, address);
    expect((await stat(join(dir, 'address'))).mode & 0o777).toBe(0o600);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect(await readAddressFile(dir)).toBe(address);
  });

  it('is not read through a link, nor when others may write it', async () => {
    const planted = join(work, 'planted');
    await writeFile(planted, `${address}\n`, { mode: 0o600 });
    const linked = join(work, 'linked');
    await mkdir(linked, { mode: 0o700 });
    await symlink(planted, join(linked, 'address'));
    expect(await readAddressFile(linked)).toBeUndefined();

    const open = join(work, 'open');
    await mkdir(open, { mode: 0o700 });
    await writeFile(join(open, 'address'), `${address}\n`);
    await chmod(join(open, 'address'), 0o666);
    expect(await readAddressFile(open)).toBeUndefined();
  });
});

describe('the address a start chooses', () => {
  it.skipIf(!POSIX)(
    'without a runtime folder: a new private folder of a random name, reused while it stays private',
    async () => {
      const parent = join(work, 'tmp');
      await mkdir(parent);
      const companion = join(work, 'companion-a');
      const first = await chooseSocketAddress({ kind: 'private-folder', parent }, companion);
      expect(first.record).toBe(true);
      expect(dirname(first.path)).toMatch(/\/assistant-desktop-[A-Za-z0-9]{6}$/);
      expect(first.path).not.toBe(join(parent, `assistant-desktop-${process.getuid?.()}`));
      expect((await lstat(dirname(first.path))).mode & 0o777).toBe(0o700);

      await writeAddressFile(companion, first.path);
      const again = await chooseSocketAddress({ kind: 'private-folder', parent }, companion);
      expect(again.path).toBe(first.path);

      // Opened to others since: not reused, a new one is made.
      await chmod(dirname(first.path), 0o777);
      const fresh = await chooseSocketAddress({ kind: 'private-folder', parent }, companion);
      expect(dirname(fresh.path)).not.toBe(dirname(first.path));
      expect(fresh.madeFolder).toBe(dirname(fresh.path));
    },
  );

  it('on Windows: a new random pipe at each start when the recorded one does not answer', async () => {
    const companion = join(work, 'companion-win');
    const one = await chooseSocketAddress({ kind: 'random-pipe' }, companion, 'win32');
    const two = await chooseSocketAddress({ kind: 'random-pipe' }, companion, 'win32');
    expect(one.path).toMatch(/^\\\\\.\\pipe\\assistant-desktop-companion-[0-9a-f]{32}$/);
    expect(one.path).not.toBe(two.path);
    expect(one.record).toBe(true);
  });

  it('given by the environment: used as it is and not recorded', async () => {
    const path = `/x/${SOCKET_NAME}`;
    const given = await chooseSocketAddress({ kind: 'given', path }, join(work, 'companion-given'));
    expect(given).toEqual({ path, record: false });
  });
});
