// The address file the relay reads to find the app (relay/src/places.rs accepts the same form),
// and the address each start chooses: never a fixed path in /tmp, a private folder reused only
// while it is still the user's alone, a random pipe on Windows.
import { chmod, lstat, mkdir, mkdtemp, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressFileText,
  parseAddressFile,
  readAddressFile,
  writeAddressFile,
} from '../../../electron/companion/address-file';
import { PIPE_PREFIX, SOCKET_NAME } from '../../../electron/companion/places';
import { chooseSocketAddress } from '../../../electron/companion/socket-address';

const POSIX = process.platform !== 'win32';
const TABLE = join(resolve(import.meta.dirname, '../../..'), 'relay', 'testdata', 'addresses.tsv');
let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'address-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** The table both sides test against (the relay's side: relay/src/places.rs). */
function readTable(): { system: string; ok: boolean; address: string }[] {
  return readFileSync(TABLE, 'utf8')
    .split('\n')
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [system, verdict, ...rest] = line.split('\t');
      if (system === undefined || verdict === undefined || rest.length !== 1) {
        throw new Error(`not three fields in the table's line ${JSON.stringify(line)}`);
      }
      return { system, ok: verdict === 'ok', address: rest.join('\t') };
    });
}

describe('the address file’s text', () => {
  it('is read as the relay reads it, by the shared table', () => {
    const rows = readTable();
    // A table read as nothing must not pass.
    expect(rows.length).toBeGreaterThanOrEqual(18);
    for (const { system, ok, address } of rows) {
      const platform = system === 'windows' ? 'win32' : 'linux';
      expect(parseAddressFile(`${address}\n`, platform) !== undefined, address).toBe(ok);
      if (ok) expect(addressFileText(address, platform)).toBe(`${address}\n`);
    }
  });

  it('is one line: a line break ends it, and one only', () => {
    // Built from SOCKET_NAME: parsed here, never bound (which Windows could not).
    const path = `/run/user/1000/assistant-desktop/${SOCKET_NAME}`;
    expect(parseAddressFile(`${path}\r\n`, 'darwin')).toBe(path);
    expect(parseAddressFile(path, 'linux')).toBeUndefined();
    expect(parseAddressFile(`${path}\n${path}\n`, 'linux')).toBeUndefined();
    expect(() => addressFileText(`${path}\nx`, 'linux')).toThrow();
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
    expect(one.path.startsWith(PIPE_PREFIX)).toBe(true);
    expect(one.path.slice(PIPE_PREFIX.length)).toMatch(/^[0-9a-f]{32}$/);
    expect(one.path).not.toBe(two.path);
    expect(one.record).toBe(true);
  });

  it('given by the environment: used as it is and not recorded', async () => {
    const path = `/x/${SOCKET_NAME}`;
    const given = await chooseSocketAddress({ kind: 'given', path }, join(work, 'companion-given'));
    expect(given).toEqual({ path, record: false });
  });
});
