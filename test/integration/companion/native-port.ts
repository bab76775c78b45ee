// A browser's side of native messaging, for tests: starts the relay as Chromium does (the
// extension's origin as its argument, frames on stdin/stdout in the machine's byte order) and
// reads what it sends back, message by message.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { symlink } from 'node:fs/promises';
import { endianness } from 'node:os';
import { join } from 'node:path';
import { relayBinary } from '../../support/relay-binary';

const little = endianness() === 'LE';

export function nativeFrame(body: string | Buffer): Buffer {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const header = Buffer.alloc(4);
  if (little) header.writeUInt32LE(bytes.length);
  else header.writeUInt32BE(bytes.length);
  return Buffer.concat([header, bytes]);
}

export type Message = Record<string, unknown> & { type?: string };

export interface NativePort {
  process: ChildProcessWithoutNullStreams;
  /** Every message received so far, in order. */
  received: Message[];
  send(message: unknown): void;
  sendRaw(bytes: Buffer): void;
  /** The first message (received or still to come) after `from` that `test` accepts. */
  next(test: (message: Message) => boolean, from?: number): Promise<Message>;
  /** Resolves with the exit code once the relay has ended and all it wrote has been read. */
  exited: Promise<number | null>;
  close(): void;
}

/**
 * Whether the relay names the browser that started it: on Linux alone, where it reads its
 * parent's name from /proc (relay/src/main.rs); on macOS and Windows the app says "a browser".
 */
export const RELAY_NAMES_BROWSER = process.platform === 'linux';

/**
 * A program called `chrome` in `folder`, for openNativePort's `browser`: a link to /bin/sh, so
 * the relay's parent is named as Chrome's would be. Linux only (RELAY_NAMES_BROWSER): elsewhere
 * undefined, and the relay is started directly.
 */
export async function chromeNamed(folder: string): Promise<string | undefined> {
  if (process.platform !== 'linux') return undefined;
  const chrome = join(folder, 'chrome');
  await symlink('/bin/sh', chrome);
  return chrome;
}

/**
 * `browser`: the relay is started by a shell run under that name (chromeNamed), so its parent
 * process is called as a browser's would be. `args`: the relay's arguments instead of `origin`
 * alone (Firefox passes the host manifest's path and the extension's id).
 */
export function openNativePort(
  origin: string,
  env: Record<string, string>,
  options: { browser?: string | undefined; cwd?: string; args?: readonly string[] } = {},
): NativePort {
  const args = options.args ?? [origin];
  const spawnOptions = {
    env: { ...process.env, ...env },
    stdio: 'pipe' as const,
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
  };
  // The shell's command goes on after the relay, so it forks the relay rather than exec it.
  const child =
    options.browser === undefined
      ? spawn(relayBinary(), [...args], spawnOptions)
      : spawn(options.browser, ['-c', '"$0" "$@"; exit $?', relayBinary(), ...args], spawnOptions);
  const received: Message[] = [];
  const waiters = new Set<() => void>();
  let buffer = Buffer.alloc(0);
  child.stdout.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    while (buffer.length >= 4) {
      const length = little ? buffer.readUInt32LE(0) : buffer.readUInt32BE(0);
      if (buffer.length < 4 + length) break;
      received.push(JSON.parse(buffer.subarray(4, 4 + length).toString('utf8')) as Message);
      buffer = buffer.subarray(4 + length);
    }
    for (const wake of [...waiters]) wake();
  });
  // 'close', not 'exit': on Windows the process's end can be reported before the last of its
  // stdout has been read, and a frame the relay wrote just before exiting would look missing.
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    process: child,
    received,
    send: (message) => child.stdin.write(nativeFrame(JSON.stringify(message))),
    sendRaw: (bytes) => child.stdin.write(bytes),
    next(test, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.slice(from).find(test);
          if (found !== undefined) {
            waiters.delete(check);
            resolve(found);
            return true;
          }
          return false;
        };
        if (check()) return;
        waiters.add(check);
        void exited.then(() => {
          if (!check()) {
            waiters.delete(check);
            reject(
              new Error(`The relay ended; received ${JSON.stringify(received).slice(0, 2000)}`),
            );
          }
        });
      });
    },
    exited,
    close: () => {
      child.stdin.end();
    },
  };
}

export const isType = (type: string) => (message: Message) => message.type === type;
export const resultOf = (id: number) => (message: Message) =>
  message.type === 'result' && message.id === id;

let nextCallId = 1;

/** A contract call through the relay, as the extension makes it, answered by its `result`. */
export async function call(on: NativePort, name: string, input: unknown) {
  const id = nextCallId;
  nextCallId += 1;
  on.send({ type: 'call', id, name, input });
  const message = await on.next(resultOf(id));
  return message.result as { ok: boolean; data?: unknown; error?: { code: string } };
}
