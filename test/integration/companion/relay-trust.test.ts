// The built relay against what another local user could put where it looks for the app: a socket
// folder open to all, owned by another user or a link; a listener that runs as another user; a
// link in place of the launch or address file; and the shared /tmp path earlier versions fell back
// to. In every case the extension is told (`relay-error`) and the listener receives nothing of
// the browser's: not the handshake (which carries the origin), not the call sent at once.
// POSIX only (modes, owners, links, uids); Windows' check of the pipe server's user is exercised
// by every relay test there, against the app's own pipe.
import { spawn } from 'node:child_process';
import {
  chmod,
  chown,
  lchown,
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relayBinary } from '../../support/relay-binary';
import { isType, nativeFrame, openNativePort, type Message, type NativePort } from './native-port';

const ORIGIN = `chrome-extension://${'t'.repeat(32)}/`;
const CALL = '{"type":"call","id":1,"name":"deals.byRecord","input":{"title":"Floor price $410k"}}';
/** Another user where this test may be one: root can run a child as nobody. */
const OTHER_UID = 65534;
const IS_ROOT = process.getuid?.() === 0;
/** Modes, owners, links and uids are POSIX facts; on Windows every relay test checks the pipe's server. */
const posixOnly = (name: string) =>
  process.platform === 'win32'
    ? `${name} (skipped on Windows: POSIX owners and modes; the pipe server's user is checked in every relay test there)`
    : name;

/** A test's name, saying why it is skipped where it needs root. */
const asRoot = (name: string) =>
  IS_ROOT
    ? name
    : `${name} (skipped: needs root, to run a listener or own a folder as another user, uid 65534)`;

let work: string;
const servers: Server[] = [];

beforeAll(async () => {
  // Short: a socket path must fit sun_path (104 bytes on macOS).
  work = await mkdtemp(join(tmpdir(), 'trust-'));
});
afterAll(async () => {
  for (const server of servers) server.close();
  await rm(work, { recursive: true, force: true });
});

/** A listener that counts what reaches it. */
async function listener(path: string) {
  const seen = { connections: 0, bytes: 0 };
  const server = createServer((socket) => {
    seen.connections += 1;
    socket.on('data', (chunk: Buffer) => (seen.bytes += chunk.length));
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(path, done));
  return seen;
}

/** A companion folder of ours whose address file names `socket`. */
async function companionNaming(name: string, socket: string): Promise<string> {
  const dir = join(work, `${name}-companion`);
  await mkdir(dir, { mode: 0o700 });
  await writeFile(join(dir, 'address'), `${socket}\n`, { mode: 0o600 });
  return dir;
}

/** The browser's first call, written at once: the relay may have refused and ended already. */
function sendCall(port: NativePort): void {
  port.process.stdin.on('error', () => undefined);
  port.sendRaw(nativeFrame(CALL));
}

/** The relay as the browser starts it, told of the app by `companion`, sent a call at once. */
async function refusal(companion: string): Promise<{ error: Message; code: number | null }> {
  const port = openNativePort(ORIGIN, {
    ASSISTANT_COMPANION_DIR: companion,
    ASSISTANT_COMPANION_SOCKET: '',
    ASSISTANT_RELAY_WAIT_MS: '0',
  });
  sendCall(port);
  const error = await port.next(isType('relay-error'));
  return { error, code: await port.exited };
}

describe.skipIf(process.platform === 'win32')(
  posixOnly('the relay refuses a socket not the user’s own'),
  () => {
    it('in a folder open to other users (0777)', async () => {
      const folder = join(work, 'open');
      await mkdir(folder);
      await chmod(folder, 0o777);
      const socket = join(folder, 'companion.sock');
      const seen = await listener(socket);
      const { error, code } = await refusal(await companionNaming('open', socket));
      expect(error).toMatchObject({ code: 'app-untrusted' });
      expect(String(error.message)).toContain('open to other users (mode 777)');
      expect(code).toBe(1);
      expect(seen).toEqual({ connections: 0, bytes: 0 });
    });

    it.skipIf(!IS_ROOT)(asRoot('in a folder another user owns'), async () => {
      const folder = join(work, 'theirs');
      await mkdir(folder, { mode: 0o700 });
      const socket = join(folder, 'companion.sock');
      const seen = await listener(socket);
      await chown(folder, OTHER_UID, OTHER_UID);
      const { error } = await refusal(await companionNaming('theirs', socket));
      expect(error).toMatchObject({ code: 'app-untrusted' });
      expect(String(error.message)).toContain('belongs to another user');
      expect(seen).toEqual({ connections: 0, bytes: 0 });
    });

    it('in a folder that is a link (even to a private folder of the user’s)', async () => {
      const real = join(work, 'real');
      await mkdir(real, { mode: 0o700 });
      const seen = await listener(join(real, 'companion.sock'));
      const link = join(work, 'link');
      await symlink(real, link);
      const { error } = await refusal(await companionNaming('link', join(link, 'companion.sock')));
      expect(error).toMatchObject({ code: 'app-untrusted' });
      expect(String(error.message)).toContain('is a link');
      expect(seen).toEqual({ connections: 0, bytes: 0 });
    });

    it.skipIf(!IS_ROOT)(
      asRoot('served by a process of another user, in a folder and socket of the user’s'),
      async () => {
        // The other user's listener, in a folder it may write; its socket is then moved into a
        // private folder of ours and given to us, so only the peer's uid can tell.
        const theirs = await mkdtemp(join(tmpdir(), 'trust-nobody-'));
        await chmod(theirs, 0o755);
        await chown(theirs, OTHER_UID, OTHER_UID);
        const script = resolve(import.meta.dirname, 'fixtures', 'counting-listener.mjs');
        // It takes the other user's uid itself, once started (counting-listener.mjs says why).
        const child = spawn(
          process.execPath,
          [script, join(theirs, 'companion.sock'), String(OTHER_UID)],
          { stdio: ['ignore', 'pipe', 'inherit'] },
        );
        const lines: string[] = [];
        child.stdout
          .setEncoding('utf8')
          .on('data', (text: string) => lines.push(...text.split('\n')));
        try {
          await expect.poll(() => lines.includes('listening'), { timeout: 10_000 }).toBe(true);
          const ours = join(work, 'ours');
          await mkdir(ours, { mode: 0o700 });
          const socket = join(ours, 'companion.sock');
          await rename(join(theirs, 'companion.sock'), socket);
          await lchown(socket, process.getuid?.() ?? 0, process.getgid?.() ?? 0);
          expect((await lstat(socket)).isSocket()).toBe(true);

          const { error } = await refusal(await companionNaming('peer', socket));
          expect(error).toMatchObject({ code: 'app-untrusted' });
          expect(String(error.message)).toContain(`runs as another user (uid ${OTHER_UID})`);
          // It connected (the places passed), then sent nothing: the listener saw no byte.
          await expect.poll(() => lines.includes('closed'), { timeout: 10_000 }).toBe(true);
          expect(lines.filter((line) => line.startsWith('bytes'))).toEqual([]);
        } finally {
          child.kill();
          await rm(theirs, { recursive: true, force: true });
        }
      },
    );
  },
);

describe.skipIf(process.platform === 'win32')(
  posixOnly('the relay’s files are read without following links'),
  () => {
    it('refuses a link in place of the address file, and sends nothing', async () => {
      const folder = join(work, 'addr-target');
      await mkdir(folder, { mode: 0o700 });
      const socket = join(folder, 'companion.sock');
      const seen = await listener(socket);
      const elsewhere = join(work, 'planted-address');
      await writeFile(elsewhere, `${socket}\n`, { mode: 0o600 });
      const companion = join(work, 'addr-link-companion');
      await mkdir(companion, { mode: 0o700 });
      await symlink(elsewhere, join(companion, 'address'));
      const { error } = await refusal(companion);
      expect(error).toMatchObject({ code: 'app-untrusted' });
      expect(String(error.message)).toContain('the file is a link');
      expect(seen).toEqual({ connections: 0, bytes: 0 });
    });

    it('does not run a launch file that is a link, even to a private file of the user’s', async () => {
      const marker = join(work, 'ran.json');
      const standIn = resolve(import.meta.dirname, 'fixtures', 'stand-in-app.mjs');
      const planted = join(work, 'planted-launch');
      await writeFile(
        planted,
        `${[process.execPath, standIn, join(work, 'never.sock'), marker].join('\n')}\n`,
        { mode: 0o600 },
      );
      const companion = join(work, 'launch-link-companion');
      await mkdir(companion, { mode: 0o700 });
      await symlink(planted, join(companion, 'launch'));
      const { error, code } = await refusal(companion);
      expect(error).toMatchObject({ code: 'app-not-running' });
      expect(String(error.message)).toContain('the file is a link');
      expect(code).toBe(1);
      await expect(readFile(marker)).rejects.toThrow();
    });
  },
);

describe.skipIf(process.platform === 'win32')(posixOnly('no shared fallback'), () => {
  // Root runs the relay as another user, whose shared path is surely not in use by a test run.
  const uid = IS_ROOT ? OTHER_UID : (process.getuid?.() ?? 0);
  // The path earlier versions used without a runtime folder; another user could make it first.
  const shared = join('/tmp', `assistant-desktop-${uid}`);

  it('without a runtime folder or an address file, the relay connects to nothing in /tmp', async (context) => {
    const exists = await lstat(shared).then(
      () => true,
      () => false,
    );
    if (exists) context.skip(`${shared} exists already, and is not this test's to replace`);
    // As a squatter would leave it: open to all, a listener inside.
    await mkdir(shared);
    await chmod(shared, 0o777);
    try {
      const seen = await listener(join(shared, 'companion.sock'));
      const relay = spawn(relayBinary(), [ORIGIN], {
        // A home with no companion folder: no address file, no launch file.
        env: { PATH: process.env.PATH ?? '', HOME: join(tmpdir(), `trust-no-home-${process.pid}`) },
        stdio: 'pipe',
        ...(IS_ROOT ? { uid, gid: uid } : {}),
      });
      relay.stdin.on('error', () => undefined);
      relay.stdin.write(nativeFrame(CALL));
      let out = Buffer.alloc(0);
      relay.stdout.on('data', (chunk: Buffer) => (out = Buffer.concat([out, chunk])));
      const code = await new Promise<number | null>((done) => relay.on('close', done));
      const first = JSON.parse(out.subarray(4, 4 + out.readUInt32LE(0)).toString()) as Message;
      expect(first).toMatchObject({ type: 'relay-error', code: 'app-not-running' });
      expect(code).toBe(1);
      expect(seen).toEqual({ connections: 0, bytes: 0 });
    } finally {
      await rm(shared, { recursive: true, force: true });
    }
  });
});
