// scripts/launch-packaged.ts's pure parts: which unpacked folder and executable electron-builder
// leaves for each OS and architecture (checked against electron-builder.yml's own names, loaded by
// electron-builder), the command line, and --expect-companion's check on an unpacked layout. The
// launch itself runs in
// test/integration/packaged-app/launch.test.ts.

import { readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getConfig } from 'app-builder-lib/out/util/config/config';
import {
  checkCompanionRegistration,
  resourcesDirOf,
  waitForRegistration,
  type Look,
  type WaitClock,
} from '../../../scripts/packaged-app/companion';
import {
  APP_NAMES,
  installedDebExecutable,
  LocateError,
  packagedExecutable,
  unpackedFolderName,
} from '../../../scripts/packaged-app/locate';
import {
  parseCommandLine,
  UsageError,
  type LaunchOptions,
} from '../../../scripts/packaged-app/options';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

describe('where electron-builder leaves the unpacked app', () => {
  it('names the folder per OS, with no suffix for x64 and -<arch> otherwise', () => {
    expect(unpackedFolderName('linux', 'x64')).toBe('linux-unpacked');
    expect(unpackedFolderName('linux', 'arm64')).toBe('linux-arm64-unpacked');
    expect(unpackedFolderName('win32', 'x64')).toBe('win-unpacked');
    expect(unpackedFolderName('win32', 'ia32')).toBe('win-ia32-unpacked');
    expect(unpackedFolderName('darwin', 'x64')).toBe('mac');
    expect(unpackedFolderName('darwin', 'arm64')).toBe('mac-arm64');
    expect(unpackedFolderName('darwin', 'universal')).toBe('mac-universal');
  });

  it('finds the executable inside it: the Linux binary, the .exe, the binary in the .app', () => {
    expect(packagedExecutable('/r/release', 'linux', 'x64')).toBe(
      '/r/release/linux-unpacked/assistant-desktop',
    );
    expect(packagedExecutable('D:\\a\\app\\release', 'win32', 'x64')).toBe(
      'D:\\a\\app\\release\\win-unpacked\\Assistant Desktop.exe',
    );
    expect(packagedExecutable('/Users/runner/release', 'darwin', 'arm64')).toBe(
      '/Users/runner/release/mac-arm64/Assistant Desktop.app/Contents/MacOS/Assistant Desktop',
    );
  });

  it('refuses what electron-builder does not build, saying so', () => {
    expect(() => unpackedFolderName('freebsd', 'x64')).toThrow(LocateError);
    expect(() => unpackedFolderName('freebsd', 'x64')).toThrow(/Windows, macOS and Linux only/);
    expect(() => unpackedFolderName('linux', 'mips')).toThrow(/"mips" is not an architecture/);
    expect(() => unpackedFolderName('win32', 'universal')).toThrow(/Only macOS builds/);
  });

  it('uses the names electron-builder.yml gives the app', async () => {
    const config = await getConfig(repoRoot, null, null);
    const productName: unknown = config.productName;
    expect(productName).toBe(APP_NAMES.productName);
    expect(config.linux?.executableName).toBe(APP_NAMES.linuxExecutableName);
    // No defaultArch anywhere: electron-builder's default, x64, is the one without a suffix.
    expect(JSON.stringify(config)).not.toContain('defaultArch');
  });
});

describe('where the deb installs the app (release.yml launches it there on Linux)', () => {
  it('is /opt/<productName>/<executableName>, spaces and all, with its resources beside it', () => {
    expect(installedDebExecutable()).toBe('/opt/Assistant Desktop/assistant-desktop');
    expect(resourcesDirOf(installedDebExecutable(), 'linux')).toBe(
      '/opt/Assistant Desktop/resources',
    );
  });

  it('is what the release’s Linux leg passes to --executable, as one argument', () => {
    const workflow = readFileSync(path.join(repoRoot, '.github/workflows/release.yml'), 'utf8');
    expect(workflow).toContain(`--executable "${installedDebExecutable()}"`);
    // The shell hands the quoted path over whole; the parser keeps it so.
    const parsed = parseCommandLine([
      '--executable',
      installedDebExecutable(),
      '--expect-companion',
    ]);
    expect(parsed).toMatchObject({
      help: false,
      options: { executable: installedDebExecutable(), expectCompanion: true, appArgs: [] },
    });
  });
});

describe('the command line', () => {
  function options(argv: string[]): LaunchOptions {
    const parsed = parseCommandLine(argv, 'arm64');
    if (parsed.help) throw new Error('expected options, got --help');
    return parsed.options;
  }

  it('defaults to this machine’s build in release/, on app://assistant, 60 s per step', () => {
    expect(options([])).toEqual({
      releaseDir: 'release',
      arch: 'arm64',
      executable: undefined,
      expectOrigin: 'app://assistant',
      timeoutMs: 60_000,
      screenshot: undefined,
      expectCompanion: false,
      appArgs: [],
    });
  });

  it('takes every option, and passes what follows -- to the app untouched', () => {
    expect(
      options([
        '--release',
        'out/release',
        '--arch=x64',
        '--executable',
        '/opt/app/app',
        '--expect-origin',
        'http://127.0.0.1:5173/index.html',
        '--timeout',
        '2.5',
        '--screenshot',
        'shot.png',
        '--expect-companion',
        '--',
        '--enable-logging',
        'assistant://deal/1',
      ]),
    ).toEqual({
      releaseDir: 'out/release',
      arch: 'x64',
      executable: '/opt/app/app',
      expectOrigin: 'http://127.0.0.1:5173',
      timeoutMs: 2500,
      screenshot: 'shot.png',
      expectCompanion: true,
      appArgs: ['--enable-logging', 'assistant://deal/1'],
    });
  });

  it('answers --help', () => {
    expect(parseCommandLine(['--help'])).toEqual({ help: true });
  });

  it('refuses a wrong command line with a message that says what to change', () => {
    const refused = (argv: string[]): string => {
      try {
        parseCommandLine(argv);
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        return (error as Error).message;
      }
      throw new Error(`accepted: ${argv.join(' ')}`);
    };
    expect(refused(['--releas', 'x'])).toMatch(/Unknown option '--releas'/);
    expect(refused(['release'])).toMatch(
      /Unexpected argument "release": put the app's own arguments after `--`/,
    );
    expect(refused(['--timeout', 'soon'])).toMatch(/--timeout must be a number of seconds/);
    expect(refused(['--timeout', '0'])).toMatch(/--timeout must be a number of seconds/);
    expect(refused(['--expect-origin', 'assistant'])).toMatch(/--expect-origin must be a URL/);
    expect(refused(['--release', ''])).toMatch(/--release needs a value/);
    expect(refused(['--screenshot'])).toMatch(/argument missing/);
  });
});

/** A clock that moves only when the wait pauses: `step` ms per pause, nothing really waited. */
function steppingClock(step: number): WaitClock & { pauses: number } {
  let time = 0;
  const clock = {
    pauses: 0,
    now: () => time,
    pause: async () => {
      clock.pauses += 1;
      time += step;
    },
  };
  return clock;
}

describe('--expect-companion’s wait for the whole registration', () => {
  it('looks again until one look finds everything, not just the first file', async () => {
    const looks: Look[] = [
      { done: false, missing: 'no launch file' },
      { done: false, missing: 'no manifest' },
      { done: false, missing: 'Edge’s key does not name the manifest' },
      { done: true, found: ['launch file', 'manifest', 'four keys'] },
    ];
    let looked = 0;
    const clock = steppingClock(250);
    const found = await waitForRegistration(
      async () => looks[looked++] ?? { done: false, missing: 'looked too often' },
      60_000,
      clock,
    );
    expect(found).toEqual(['launch file', 'manifest', 'four keys']);
    expect(looked).toBe(4);
    expect(clock.pauses).toBe(3);
  });

  it('gives up after the deadline saying what the last look was missing', async () => {
    let looked = 0;
    const clock = steppingClock(250);
    await expect(
      waitForRegistration(
        async () => {
          looked += 1;
          return { done: false, missing: looked < 3 ? 'no launch file' : 'Brave’s key is missing' };
        },
        1000,
        clock,
      ),
    ).rejects.toThrow('Brave’s key is missing (after 1 s)');
    // Looked at 0, 250, 500, 750, 1000 and once past the deadline.
    expect(looked).toBe(6);
  });
});

describe.skipIf(process.platform === 'win32')('--expect-companion’s check', () => {
  let work: string;
  let executable: string;
  let companion: string;

  beforeEach(async () => {
    // An unpacked Linux build's layout: the executable, resources/relay/ beside it.
    work = await mkdtemp(path.join(tmpdir(), 'launch-companion-'));
    executable = path.join(work, 'linux-unpacked', 'assistant-desktop');
    await mkdir(path.join(work, 'linux-unpacked', 'resources', 'relay'), { recursive: true });
    await writeFile(executable, '');
    const relay = path.join(work, 'linux-unpacked', 'resources', 'relay', 'assistant-relay');
    await writeFile(relay, '');
    await chmod(relay, 0o755);
    companion = path.join(work, 'companion');
    await mkdir(companion);
  });
  afterEach(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('passes with the launch file naming the executable and the relay shipped', async () => {
    await writeFile(path.join(companion, 'launch'), `${executable}\n--background\n`);
    expect(await checkCompanionRegistration(companion, executable, 'linux', 1000)).toEqual([
      `launch file ${path.join(companion, 'launch')}`,
      `relay ${path.join(work, 'linux-unpacked', 'resources', 'relay', 'assistant-relay')}`,
    ]);
  });

  it('fails on a launch file naming another program, none at all, or a relay not shipped', async () => {
    await expect(checkCompanionRegistration(companion, executable, 'linux', 0)).rejects.toThrow(
      /no launch file/,
    );
    await writeFile(path.join(companion, 'launch'), '/opt/elsewhere/app\n--background\n');
    await expect(checkCompanionRegistration(companion, executable, 'linux', 0)).rejects.toThrow(
      /not .* --background/,
    );
    await writeFile(path.join(companion, 'launch'), `${executable}\n--background\n`);
    await rm(path.join(work, 'linux-unpacked', 'resources', 'relay'), { recursive: true });
    await expect(checkCompanionRegistration(companion, executable, 'linux', 0)).rejects.toThrow(
      /relay is not shipped/,
    );
  });

  it('finds the resources beside the executable, in a macOS bundle too', () => {
    expect(resourcesDirOf('/r/mac-arm64/A.app/Contents/MacOS/A', 'darwin')).toBe(
      '/r/mac-arm64/A.app/Contents/Resources',
    );
    expect(resourcesDirOf('/r/linux-unpacked/assistant-desktop', 'linux')).toBe(
      '/r/linux-unpacked/resources',
    );
    expect(resourcesDirOf('C:\\r\\win-unpacked\\Assistant Desktop.exe', 'win32')).toBe(
      'C:\\r\\win-unpacked\\resources',
    );
  });
});
