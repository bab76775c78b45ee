// The per-user socket the relays connect to. On macOS and Linux a Unix domain socket of mode 0600
// in a folder of mode 0700: the folder is refused (nothing listens, and the log says why) when it
// is not this user's alone, since another user could then replace the socket with their own. On
// Windows a named pipe with a random name (socket-address.ts): libuv creates its first instance
// with FILE_FLAG_FIRST_PIPE_INSTANCE (so a pipe made first by someone else is refused, not joined)
// and the default security descriptor, which gives full access to the creator, SYSTEM and
// administrators only (others may at most read, which cannot complete a handshake). A live socket
// in the private folder, or a pipe at the name only this user's address file holds, is this
// user's: another copy of the app ("elsewhere").
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { chmod, lstat, mkdir, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';

export type ListenOutcome =
  | { kind: 'listening'; server: Server; close: () => Promise<void> }
  /** Another instance of the app already serves this user's companion. */
  | { kind: 'elsewhere'; reason: string }
  | { kind: 'refused'; reason: string };

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error ? String(error.code) : undefined;
}

/** The socket's folder: created 0700, and refused unless it is a real folder of ours alone. */
export async function checkPrivateFolder(folder: string): Promise<string | undefined> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const info = await lstat(folder);
  if (!info.isDirectory()) return `${folder} is not a folder`;
  if (typeof process.getuid === 'function' && info.uid !== process.getuid()) {
    return `${folder} belongs to another user`;
  }
  if ((info.mode & 0o077) !== 0) {
    return `${folder} is open to other users (mode ${(info.mode & 0o777).toString(8)}); it must be 700`;
  }
  return undefined;
}

/** Whether something answers on the socket at `path` (another instance of the app). */
export function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createConnection(path);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/** A socket file left by an app that ended without removing it is removed; a live one is not. */
async function clearStaleSocket(path: string): Promise<ListenOutcome | undefined> {
  let info;
  try {
    info = await lstat(path);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
  if (!info.isSocket()) return { kind: 'refused', reason: `${path} exists and is not a socket` };
  if (await answers(path)) return { kind: 'elsewhere', reason: `another app answers on ${path}` };
  await unlink(path);
  return undefined;
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

export async function listenOnSocket(
  path: string,
  onConnection: (socket: Socket) => void,
  platform: NodeJS.Platform = process.platform,
): Promise<ListenOutcome> {
  const server = createServer({ pauseOnConnect: false }, onConnection);
  if (platform === 'win32') {
    // Asked first rather than left to listen's EADDRINUSE: under Wine a second listen on a live
    // pipe's name succeeded (relay-address.test.ts in the Windows run), and asking means the same
    // on every Windows.
    if (await answers(path)) return { kind: 'elsewhere', reason: `another app answers on ${path}` };
    try {
      await listen(server, path);
    } catch (error) {
      if (errorCode(error) === 'EADDRINUSE') {
        return { kind: 'elsewhere', reason: `the pipe ${path} is already taken` };
      }
      throw error;
    }
    return { kind: 'listening', server, close: () => closeServer(server) };
  }
  const problem = await checkPrivateFolder(dirname(path));
  if (problem !== undefined) return { kind: 'refused', reason: problem };
  const stale = await clearStaleSocket(path);
  if (stale !== undefined) return stale;
  await listen(server, path);
  // The folder already keeps others out; the socket's own mode says so too.
  await chmod(path, 0o600);
  const { ino } = await lstat(path);
  return {
    kind: 'listening',
    server,
    close: async () => {
      await closeServer(server);
      // Removed only if it is still ours (a later instance may have replaced it).
      const now = await lstat(path).catch(() => undefined);
      if (now?.ino === ino) await unlink(path).catch(() => undefined);
    },
  };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}
