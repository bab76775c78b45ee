// The launch check's command line: parse it, run the check, print the outcome, and answer with
// the exit code (0 launched and checked, 1 the check failed, 2 a wrong command line). Kept apart
// from scripts/launch-packaged.ts so tests run it in process.

import { parseCommandLine, USAGE, UsageError } from './options';

export interface Output {
  log(line: string): void;
  error(line: string): void;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

export async function runLaunchCheck(
  argv: readonly string[],
  out: Output = console,
): Promise<number> {
  let command;
  try {
    command = parseCommandLine(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    out.error(error.message);
    return 2;
  }
  if (command.help) {
    out.log(USAGE);
    return 0;
  }

  // Loaded only for a launch: Playwright is large, and --help or a typo need none of it.
  const { LaunchFailure, launchPackagedApp } = await import('./launch');
  try {
    const report = await launchPackagedApp(command.options);
    out.log(`✓ The packaged app launched: ${report.executable}`);
    out.log(`  first window ${report.url} after ${seconds(report.windowAfterMs)}`);
    out.log('  window.assistant is exactly { invoke, on }; no require or process in the page');
    out.log(`  today's briefing painted after ${seconds(report.briefingAfterMs)}`);
    for (const found of report.companion ?? []) out.log(`  browser companion: ${found}`);
    for (const message of report.pageErrors) out.log(`  (the page reported an error: ${message})`);
    return 0;
  } catch (error) {
    if (!(error instanceof LaunchFailure)) throw error;
    out.error(`✗ The packaged app failed its launch check: ${error.message}`);
    if (error.output.length > 0) {
      out.error('  The app printed last:');
      for (const line of error.output) out.error(`  | ${line}`);
    }
    return 1;
  }
}
