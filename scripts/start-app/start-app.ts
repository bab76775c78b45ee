// `npm start`'s decision: Electron's binary present (or fetched now) → build, then open the app;
// no binary to be had → say how to run browser mode instead, and exit non-zero. The steps are
// passed in so a test can take every path without a network or a display.

import type { FetchOutcome } from './electron-binary';

export interface StartSteps {
  findBinary(): string | undefined;
  fetchBinary(): FetchOutcome;
  /** `npm run build`; answers its exit code. */
  build(): number;
  /** Runs Electron on the built app until it quits; answers its exit code. */
  launch(binary: string): Promise<number>;
  /** One message for the person at the terminal (stderr). */
  tell(message: string): void;
}

/** Exit code when Electron cannot be had here: the app did not start. */
export const NO_ELECTRON_EXIT_CODE = 1;

export function browserModeAdvice(reason: string): string {
  return [
    `npm start: Electron's binary is not installed and could not be downloaded (${reason}).`,
    'Run the same app in your browser instead (browser mode, no Electron needed):',
    '',
    '    npm run web',
    '',
    'then open the "url" it prints (http://127.0.0.1:5180/#token=…).',
    'npm start tries the download again each time (ELECTRON_MIRROR names a mirror to use).',
  ].join('\n');
}

export async function startApp(steps: StartSteps): Promise<number> {
  let binary = steps.findBinary();
  if (binary === undefined) {
    steps.tell('npm start: downloading Electron (once per install)…');
    const fetched = steps.fetchBinary();
    binary = fetched.ok ? steps.findBinary() : undefined;
    if (binary === undefined) {
      const reason = fetched.ok ? 'the download left no binary' : fetched.reason;
      steps.tell(browserModeAdvice(reason));
      return NO_ELECTRON_EXIT_CODE;
    }
  }
  const built = steps.build();
  if (built !== 0) {
    steps.tell('npm start: the build failed (see above); Electron was not started.');
    return built;
  }
  return steps.launch(binary);
}
