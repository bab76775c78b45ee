// The command line of scripts/launch-packaged.ts, parsed and checked: a wrong option stops the
// launch with a message saying what is wrong, before anything starts.

import { parseArgs } from 'node:util';

export const USAGE = `Usage: tsx scripts/launch-packaged.ts [options] [-- app arguments]

Launches the app electron-builder packaged (its unpacked folder in the release folder) and checks
the first window: it is on the app's own origin, \`window.assistant\` is exactly { invoke, on }
with no Node in the page, and today's briefing from the embedded demo service is painted. Exits
non-zero, saying what failed, otherwise.

Options:
  --release <dir>         electron-builder's output folder (default: release)
  --arch <arch>           which build to launch: x64, arm64, ia32, armv7l, universal
                          (default: this machine's, ${process.arch})
  --executable <file>     launch this file instead of the one in the release folder, such as
                          the installed deb's /opt/Assistant Desktop/assistant-desktop
  --expect-origin <url>   the origin the first window must show (default: app://assistant)
  --timeout <seconds>     for each step: start, first window, briefing (default: 60)
  --screenshot <file>     save the first window as a PNG, whether the check passed or not
  --expect-companion      also check the browser companion's registration after the window:
                          the launch file, the shipped relay (and on Windows the manifest and
                          Chrome's registry key)
  --help                  this text
Arguments after \`--\` are passed to the app.`;

export interface LaunchOptions {
  releaseDir: string;
  arch: string;
  /** Set when `--executable` replaces the one found in the release folder. */
  executable: string | undefined;
  expectOrigin: string;
  timeoutMs: number;
  screenshot: string | undefined;
  expectCompanion: boolean;
  appArgs: string[];
}

export type ParsedCommandLine = { help: true } | { help: false; options: LaunchOptions };

export class UsageError extends Error {
  override name = 'UsageError';
}

/** `scheme://host[:port]` of a URL, for custom schemes too (their `URL.origin` is "null"). */
export function originOf(url: URL): string {
  return url.origin !== 'null' ? url.origin : `${url.protocol}//${url.host}`;
}

function expectedOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--expect-origin must be a URL such as app://assistant, not "${value}".`);
  }
  return originOf(url);
}

function secondsToMs(value: string): number {
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 3600) {
    throw new UsageError(`--timeout must be a number of seconds from 1 to 3600, not "${value}".`);
  }
  return Math.round(seconds * 1000);
}

export function parseCommandLine(argv: readonly string[], arch = process.arch): ParsedCommandLine {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        release: { type: 'string' },
        arch: { type: 'string' },
        executable: { type: 'string' },
        'expect-origin': { type: 'string' },
        timeout: { type: 'string' },
        screenshot: { type: 'string' },
        'expect-companion': { type: 'boolean' },
        help: { type: 'boolean' },
      },
      tokens: true,
    });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  }
  if (parsed.values.help === true) return { help: true };

  // Positionals are only the app's own arguments, after `--`: a stray word before it is a typo.
  const separator = parsed.tokens.find((token) => token.kind === 'option-terminator');
  const stray = parsed.tokens.find(
    (token) =>
      token.kind === 'positional' && (separator === undefined || token.index < separator.index),
  );
  if (stray !== undefined && stray.kind === 'positional') {
    throw new UsageError(
      `Unexpected argument "${stray.value}": put the app's own arguments after \`--\`.\n\n${USAGE}`,
    );
  }

  const { values } = parsed;
  const nonEmpty = (name: string, value: string | undefined): string | undefined => {
    if (value === '') throw new UsageError(`--${name} needs a value.`);
    return value;
  };
  return {
    help: false,
    options: {
      releaseDir: nonEmpty('release', values.release) ?? 'release',
      arch: nonEmpty('arch', values.arch) ?? arch,
      executable: nonEmpty('executable', values.executable),
      expectOrigin: expectedOrigin(values['expect-origin'] ?? 'app://assistant'),
      timeoutMs: secondsToMs(values.timeout ?? '60'),
      screenshot: nonEmpty('screenshot', values.screenshot),
      expectCompanion: values['expect-companion'] === true,
      appArgs: parsed.positionals,
    },
  };
}
