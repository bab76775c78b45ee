// Where browser mode keeps its data when not told: the OS's per-user folder for application
// state, never a shared one (the temporary folder is shared by every user of the machine).
// Paths are built by the rules of `platform`, whatever OS runs this, so each is testable anywhere.
import { homedir } from 'node:os';
import path from 'node:path';

export function defaultBrowserDataDir(
  env: Readonly<Record<string, string | undefined>> = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (platform === 'win32') {
    const { isAbsolute, join } = path.win32;
    const local = env.LOCALAPPDATA && isAbsolute(env.LOCALAPPDATA) ? env.LOCALAPPDATA : undefined;
    return join(local ?? join(home, 'AppData', 'Local'), 'Assistant Desktop', 'browser-mode');
  }
  const { isAbsolute, join } = path.posix;
  if (platform === 'darwin') {
    return join(home, 'Library', 'Application Support', 'Assistant Desktop', 'browser-mode');
  }
  // XDG Base Directory: a relative XDG_STATE_HOME is invalid and ignored.
  const state =
    env.XDG_STATE_HOME && isAbsolute(env.XDG_STATE_HOME)
      ? env.XDG_STATE_HOME
      : join(home, '.local', 'state');
  return join(state, 'assistant-desktop', 'browser-mode');
}
