// Where the companion's pieces meet on this computer: the per-user companion folder (the launch
// file the relay starts the app with, the address file that tells the relay where the app
// listens; on Windows, the host manifest the registry points at), by one rule the relay
// (relay/src/places.rs) follows too, and where the app's socket goes. The socket's address is the
// app's alone to choose: it writes it to the address file at every start (address-file.ts), so
// the relay computes none. Both can be moved by environment variables, which tests and unusual
// setups use; the browser starts the relay with the user's environment.
import { posix } from 'node:path';
import { pathsOf } from '../core/platform/paths';

export const NATIVE_HOST_NAME = 'com.assistant.desktop.companion';

/** Overrides, for tests and setups where the default is wrong. */
export const SOCKET_ENV = 'ASSISTANT_COMPANION_SOCKET';
export const COMPANION_DIR_ENV = 'ASSISTANT_COMPANION_DIR';

/** The flag the relay's launch command starts the app with: no window, just the socket. */
export const BACKGROUND_FLAG = '--background';

/** The launch file in the companion folder: the app's program, then one argument per line. */
export const LAUNCH_FILE = 'launch';

/** The address file in the companion folder: the socket path or pipe name, on one line. */
export const ADDRESS_FILE = 'address';

/** The Windows pipe's name before its 32 random hexadecimal digits (relay/src/places.rs too). */
export const PIPE_PREFIX = '\\\\.\\pipe\\assistant-desktop-companion-';

/** The longest socket path: macOS's sun_path holds 104 bytes with the closing NUL (Linux 108). */
export const MAX_SOCKET_PATH = 103;

/** The socket's file name inside its folder. */
export const SOCKET_NAME = 'companion.sock';

export interface PlaceInputs {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  home: string;
  /**
   * POSIX user id and Windows user name: no place is built from them any more (the socket's
   * address is chosen at start); kept so registration's callers stay as they are.
   */
  uid: number;
  username: string;
}

function absolute(platform: NodeJS.Platform, value: string | undefined): string | undefined {
  return value !== undefined && value !== '' && pathsOf(platform).isAbsolute(value)
    ? value
    : undefined;
}

/**
 * Where the socket goes, before anything is made:
 * - `given`: the environment names it (tests); nothing is recorded, the relay is told the same way.
 * - `runtime`: in the user's own 0700 runtime folder (XDG_RUNTIME_DIR on Linux, emptied at
 *   log-out; the per-user TMPDIR on macOS), a fixed name inside it.
 * - `private-folder`: no runtime folder: a folder of the app's own, made with an unpredictable
 *   name and mode 0700 under `parent` (never a shared predictable /tmp path, which another user
 *   could create first).
 * - `random-pipe`: Windows: a pipe named with 128 random bits at each start; only the address
 *   file in the user's own local application data folder tells it.
 */
export type SocketPlace =
  | { kind: 'given'; path: string }
  | { kind: 'runtime'; path: string }
  | { kind: 'private-folder'; parent: string }
  | { kind: 'random-pipe' };

export function socketPlace(inputs: PlaceInputs): SocketPlace {
  const { platform, env } = inputs;
  const override = env[SOCKET_ENV];
  if (override !== undefined && override !== '') return { kind: 'given', path: override };
  if (platform === 'win32') return { kind: 'random-pipe' };
  const { join } = posix;
  const runtime = absolute(platform, platform === 'darwin' ? env.TMPDIR : env.XDG_RUNTIME_DIR);
  if (runtime !== undefined) {
    const path = join(runtime, 'assistant-desktop', SOCKET_NAME);
    // A runtime folder so deep the path cannot be bound is passed over for a short one.
    if (Buffer.byteLength(path) <= MAX_SOCKET_PATH) return { kind: 'runtime', path };
  }
  return { kind: 'private-folder', parent: '/tmp' };
}

export function companionDir(inputs: PlaceInputs): string {
  const { platform, env, home } = inputs;
  const { join } = pathsOf(platform);
  const override = absolute(platform, env[COMPANION_DIR_ENV]);
  if (override !== undefined) return override;
  if (platform === 'win32') {
    const local = absolute(platform, env.LOCALAPPDATA) ?? join(home, 'AppData', 'Local');
    return join(local, 'Assistant Desktop', 'companion');
  }
  if (platform === 'darwin') {
    return join(home, 'Library', 'Application Support', 'Assistant Desktop', 'companion');
  }
  const config = absolute(platform, env.XDG_CONFIG_HOME) ?? join(home, '.config');
  return join(config, 'assistant-desktop', 'companion');
}

/** This process's inputs. */
export function currentPlaceInputs(
  env: Readonly<Record<string, string | undefined>>,
  user: { homedir: string; uid: number; username: string },
): PlaceInputs {
  return {
    platform: process.platform,
    env,
    home: user.homedir,
    uid: user.uid,
    username: user.username,
  };
}
