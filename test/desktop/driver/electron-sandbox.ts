// Chromium's sandbox for the real-Electron journeys: on, as the app ships, so the sandbox users
// get is the one tested. Playwright's _electron adds --no-sandbox on Linux unless it is launched
// with `chromiumSandbox: true`. The one exception is root (a container), where Chromium refuses to
// start sandboxed; the CI job that proves the binary (ASSISTANT_REQUIRE_ELECTRON) may not run so.

/** Whether to launch with `chromiumSandbox: true`, for a process of user `uid` (none on Windows). */
export function electronSandbox(
  uid: number | undefined,
  env: Readonly<Record<string, string | undefined>>,
): boolean {
  if (uid !== 0) return true;
  if (env.ASSISTANT_REQUIRE_ELECTRON === '1') {
    throw new Error(
      'ASSISTANT_REQUIRE_ELECTRON is set, but the journeys run as root, where Chromium refuses its sandbox: run them as a normal user, sandboxed, as the app ships.',
    );
  }
  return false;
}
