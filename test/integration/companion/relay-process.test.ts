// The built relay as Chromium runs it, against a stand-in app on a real socket: Chrome's frames on
// stdin/stdout (a native-endian length, UTF-8 JSON), the app's frames on the socket (little-endian),
// the handshake carrying the extension's origin, the browser's 1 MiB limit on what the app sends,
// the app started from the launch file when its socket is missing (and not from a launch file
// others could have written), and the same companion folder as the app computes.
import { spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companionDir } from '../../../electron/companion/places';
import { relayBinary } from '../../support/relay-binary';
import { testSocketPath } from '../../support/socket-path';
import { isType, nativeFrame, openNativePort, type NativePort } from './native-port';

const ORIGIN = `chrome-extension://${'k'.repeat(32)}/`;
let work: string;
const ports: NativePort[] = [];

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'relay-'));
});
afterAll(async () => {
  for (const port of ports) port.process.kill();
  await rm(work, { recursive: true, force: true });
});

function littleFrame(value: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(value));
  const header = Buffer.alloc(4);
  header.writeUInt32LE(body.length);
  return Buffer.concat([header, body]);
}

/** A stand-in app: records every frame the relay sends and hands out the connection. */
async function standInApp(path: string) {
  const frames: Buffer[] = [];
  let connection: Socket | undefined;
  let buffer = Buffer.alloc(0);
  const server: Server = createServer((socket) => {
    connection = socket;
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      while (buffer.length >= 4 && buffer.length >= 4 + buffer.readUInt32LE(0)) {
        const length = buffer.readUInt32LE(0);
        frames.push(buffer.subarray(4, 4 + length));
        buffer = buffer.subarray(4 + length);
      }
    });
  });
  await new Promise<void>((done) => server.listen(path, done));
  return {
    frames,
    connection: () => connection,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

describe('the relay as the browser runs it', () => {
  it('introduces the extension, then passes frames both ways in each side’s format', async () => {
    const path = testSocketPath(work, 'a');
    const app = await standInApp(path);
    const port = openNativePort(ORIGIN, { ASSISTANT_COMPANION_SOCKET: path });
    ports.push(port);
    await expect.poll(() => app.frames.length).toBe(1);
    // The relay's parent is this test's process: on Linux the relay names it, as it would name
    // the browser that started it.
    const parentName =
      process.platform === 'linux' ? (await readFile('/proc/self/comm', 'utf8')).trim() : undefined;
    expect(JSON.parse(app.frames[0]?.toString() ?? '')).toEqual({
      type: 'hello',
      origin: ORIGIN,
      relay: '0.1.0',
      protocol: 1,
      ...(parentName === undefined ? {} : { browser: parentName }),
    });

    const text = '{"type":"call","id":1,"name":"agents.list","input":{},"note":"é ✓ 😀"}';
    port.sendRaw(nativeFrame(text));
    await expect.poll(() => app.frames.length).toBe(2);
    expect(app.frames[1]?.toString('utf8')).toBe(text);

    app.connection()?.write(littleFrame({ type: 'result', id: 1, text: 'é ✓ 😀' }));
    expect(await port.next((m) => m.type === 'result')).toEqual({
      type: 'result',
      id: 1,
      text: 'é ✓ 😀',
    });

    // Over the browser's 1 MiB: refused, and the stream stays in step for the next message.
    const from = port.received.length;
    app.connection()?.write(littleFrame({ type: 'big', text: 'x'.repeat(1024 * 1024) }));
    app.connection()?.write(Buffer.from([5, 0, 0, 0, ...Buffer.from('{"a":')]));
    app.connection()?.write(littleFrame({ type: 'after' }));
    expect(await port.next((m) => m.type === 'relay-error', from)).toMatchObject({
      code: 'frame-too-large',
    });
    await port.next(isType('after'), from);
    expect(port.received.slice(from).map((m) => m.type ?? m.code)).toEqual([
      'relay-error',
      'relay-error',
      'after',
    ]);
    expect(port.received.at(-2)).toMatchObject({ code: 'malformed-frame' });

    // The browser closing the port ends the relay.
    port.close();
    expect(await port.exited).toBe(0);
    await app.close();
  });

  it('tells the extension when the app closes the connection', async () => {
    const path = testSocketPath(work, 'b');
    const app = await standInApp(path);
    const port = openNativePort(ORIGIN, { ASSISTANT_COMPANION_SOCKET: path });
    ports.push(port);
    await expect.poll(() => app.frames.length).toBe(1);
    app.connection()?.end();
    expect(await port.next(isType('relay-error'))).toMatchObject({ code: 'app-closed' });
    expect(await port.exited).toBe(0);
    await app.close();
  });

  it('refuses to start for anything but an extension', async () => {
    const port = openNativePort('--parent-window=0', {
      ASSISTANT_COMPANION_SOCKET: testSocketPath(work, 'none'),
    });
    ports.push(port);
    expect(await port.next(isType('relay-error'))).toMatchObject({ code: 'bad-origin' });
    expect(await port.exited).toBe(2);
  });
});

describe('starting the app', () => {
  const standIn = resolve(import.meta.dirname, 'fixtures', 'stand-in-app.mjs');

  async function launchFile(dir: string, lines: string[], mode = 0o600) {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const file = join(dir, 'launch');
    await writeFile(file, `${lines.join('\n')}\n`, { mode });
    await chmod(file, mode);
  }

  it('starts the app from the launch file when its socket is missing, and waits for it', async () => {
    const dir = join(work, 'companion-ok');
    const path = testSocketPath(work, 'started');
    const marker = join(work, 'started.json');
    await launchFile(dir, [process.execPath, standIn, path, marker, '--background']);
    const port = openNativePort(ORIGIN, {
      ASSISTANT_COMPANION_SOCKET: path,
      ASSISTANT_COMPANION_DIR: dir,
      ASSISTANT_RELAY_WAIT_MS: '10000',
    });
    ports.push(port);
    expect(await port.next(isType('relay-status'))).toEqual({
      type: 'relay-status',
      state: 'starting-app',
    });
    const greeted = await port.next(isType('stand-in'));
    expect(greeted).toMatchObject({ hello: { origin: ORIGIN }, argv: ['--background'] });
    const started = JSON.parse(await readFile(marker, 'utf8')) as { argv: string[] };
    expect(started.argv).toEqual([path, marker, '--background']);
    port.close();
    expect(await port.exited).toBe(0);
  });

  it('says so when the app is not running and there is no launch file', async () => {
    const port = openNativePort(ORIGIN, {
      ASSISTANT_COMPANION_SOCKET: testSocketPath(work, 'missing'),
      ASSISTANT_COMPANION_DIR: join(work, 'nothing-here'),
    });
    ports.push(port);
    expect(await port.next(isType('relay-error'))).toMatchObject({ code: 'app-not-running' });
    expect(await port.exited).toBe(1);
  });

  // POSIX only: a file's mode says who may write it. On Windows the relay checks only that the
  // launch file is a file (relay/src/launch.rs): the user's local application data folder it
  // sits in is kept to the user by its ACL, which no mode here can open.
  it.skipIf(process.platform === 'win32')(
    'does not run a launch file other users could have written',
    async () => {
      const dir = join(work, 'companion-open');
      const marker = join(work, 'never.json');
      const never = testSocketPath(work, 'never');
      await launchFile(dir, [process.execPath, standIn, never, marker], 0o666);
      const port = openNativePort(ORIGIN, {
        ASSISTANT_COMPANION_SOCKET: never,
        ASSISTANT_COMPANION_DIR: dir,
      });
      ports.push(port);
      const error = await port.next(isType('relay-error'));
      expect(error).toMatchObject({ code: 'app-not-running' });
      expect(String(error.message)).toContain('not this user');
      await expect(readFile(marker)).rejects.toThrow();
    },
  );

  it('gives up, saying so, when the app it started never answers', async () => {
    const dir = join(work, 'companion-silent');
    await launchFile(dir, [process.execPath, '-e', 'setTimeout(() => {}, 100)']);
    const port = openNativePort(ORIGIN, {
      ASSISTANT_COMPANION_SOCKET: testSocketPath(work, 'silent'),
      ASSISTANT_COMPANION_DIR: dir,
      ASSISTANT_RELAY_WAIT_MS: '300',
    });
    ports.push(port);
    expect(await port.next(isType('relay-error'))).toMatchObject({ code: 'app-not-started' });
    expect(await port.exited).toBe(1);
  });
});

describe('the places', () => {
  it('are the companion folder the app computes: its address file and launch file', () => {
    const user = userInfo();
    // On Windows the folder is under LOCALAPPDATA: given as the app's own process has it.
    const windows: Record<string, string> =
      process.platform === 'win32' && process.env.LOCALAPPDATA !== undefined
        ? { LOCALAPPDATA: process.env.LOCALAPPDATA }
        : {};
    const envs: Array<Record<string, string>> = [
      { XDG_RUNTIME_DIR: '/run/user/4242', XDG_CONFIG_HOME: '/cfg', ...windows },
      { XDG_RUNTIME_DIR: '', HOME: '/home/someone', ...windows },
    ];
    for (const env of envs) {
      const printed = spawnSync(relayBinary(), ['--print-places'], {
        env: { PATH: process.env.PATH ?? '', HOME: user.homedir, ...env },
        encoding: 'utf8',
      });
      const inputs = {
        platform: process.platform,
        env,
        home: env.HOME ?? user.homedir,
        uid: user.uid,
        username: user.username,
      };
      expect(printed.stdout.trim().split('\n')).toEqual([
        join(companionDir(inputs), 'address'),
        join(companionDir(inputs), 'launch'),
      ]);
    }
  });
});
