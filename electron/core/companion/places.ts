// Where the companion's pieces meet on this computer, by one rule the relay (relay/src/places.rs)
// follows too: the per-user socket (a Unix domain socket, or a named pipe on Windows) and the
// per-user companion folder (the launch file the relay starts the app with; on Windows, the host
// manifest the registry points at). Both can be moved by environment variables, which tests and
// unusual setups use; the browser starts the relay with the user's environment.
import { posix } from 'node:path';
import { pathsOf } from '../platform/paths';

export const NATIVE_HOST_NAME = 'com.assistant.desktop.companion';

/** Overrides, for tests and setups where the default is wrong. */
export const SOCKET_ENV = 'ASSISTANT_COMPANION_SOCKET';
export const COMPANION_DIR_ENV = 'ASSISTANT_COMPANION_DIR';

/** The flag the relay's launch command starts the app with: no window, just the socket. */
export const BACKGROUND_FLAG = '--background';

/** The launch file in the companion folder: the app's program, then one argument per line. */
export const LAUNCH_FILE = 'launch';

export interface PlaceInputs {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  home: string;
  /** POSIX user id (the temporary folder fallback is per user). */
  uid: number;
  /** Windows user name (the pipe's name includes it). */
  username: string;
}

function absolute(platform: NodeJS.Platform, value: string | undefined): string | undefined {
  return value !== undefined && value !== '' && pathsOf(platform).isAbsolute(value)
    ? value
    : undefined;
}

/**
 * A user name as a pipe name may hold it, by the rule relay/src/places.rs follows too: every
 * Unicode code point that is not an ASCII letter, digit, `.`, `_` or `-` becomes one `_`, and the
 * first 64 characters are kept. Per code point (the `u` flag), not per UTF-16 unit: an emoji is
 * one `_`, as in Rust's `chars()`. relay/testdata/pipe-names.tsv holds the cases both sides are
 * tested against.
 */
function pipeSafe(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/gu, '_').slice(0, 64);
}

export function socketPath(inputs: PlaceInputs): string {
  const { platform, env } = inputs;
  const override = env[SOCKET_ENV];
  if (override !== undefined && override !== '') return override;
  if (platform === 'win32') {
    return `\\\\.\\pipe\\assistant-desktop-companion-${pipeSafe(inputs.username)}`;
  }
  // XDG_RUNTIME_DIR is the user's own 0700 folder, emptied at log-out; macOS's TMPDIR is per user.
  const { join } = posix;
  const runtime = absolute(platform, platform === 'darwin' ? env.TMPDIR : env.XDG_RUNTIME_DIR);
  const folder =
    runtime !== undefined
      ? join(runtime, 'assistant-desktop')
      : join('/tmp', `assistant-desktop-${inputs.uid}`);
  return join(folder, 'companion.sock');
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
