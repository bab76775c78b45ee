// Which display server a Linux session runs: both the global shortcut's check and the desktop
// capabilities Settings shows read it, so it sits apart from either.
export type LinuxSession = 'wayland' | 'x11';

/**
 * The display server of a Linux session, from the environment the desktop sets; none elsewhere
 * (an XQuartz or WSL variable on macOS or Windows says nothing about the app's own session).
 */
export function linuxSessionOf(
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>>,
): LinuxSession | undefined {
  if (platform !== 'linux') return undefined;
  const type = env.XDG_SESSION_TYPE?.trim().toLowerCase();
  if (type === 'wayland' || type === 'x11') return type;
  if (env.WAYLAND_DISPLAY) return 'wayland';
  if (env.DISPLAY) return 'x11';
  return undefined;
}
