// Linux-only facts used without a platform guard, over the sources (support/platform-scan.ts says
// what each rule finds and what counts as a guard). The Node suites run on Windows and macOS in
// the release, and the app runs there: each rule is shown on small sources, then must find
// nothing in the tree.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  LINUX_HOST_TOOLS,
  modeAssertions,
  posixPrograms,
  procReads,
  socketFilePaths,
  tmpFallbacks,
  xdgReads,
} from './support/platform-scan';
import { REPO_ROOT, sourceFiles, type Finding } from './support/source-scan';

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const lines = (found: Finding[]) => found.map((each) => each.line);

/** The files of `dirs`, less the Linux host tools (each with its reason in platform-scan.ts). */
const tree = (...dirs: string[]) =>
  dirs
    .flatMap((dir) => sourceFiles(dir))
    .filter((file) => !LINUX_HOST_TOOLS.some(({ under }) => file.startsWith(under)));
const scanTree = (rule: (file: string, source: string) => Finding[], files: string[]) =>
  files.flatMap((file) => rule(file, read(file)));

describe('a .sock path in a test', () => {
  it('is found wherever a test names one', () => {
    const source = [
      "const path = join(work, 'a.sock');",
      'server.listen(`${dir}-run/companion.sock`);',
      "const env = { ASSISTANT_COMPANION_SOCKET: join(folder, 'run', 'companion.sock') };",
      'describe.skipIf(underWine)("a pipe taken", () => {',
      "  it('x', () => listen(join(work, 'b.sock')));",
      '});',
      "describe.skipIf(process.platform === 'darwin')('not on macOS', () => {",
      "  it('x', () => listen(join(work, 'c.sock')));",
      '});',
    ].join('\n');
    expect(lines(socketFilePaths('example.ts', source))).toEqual([1, 2, 3, 5, 8]);
  });

  it('is left alone from testSocketPath, where only read, and behind a win32 guard', () => {
    const source = [
      "const path = testSocketPath(work, 'a');",
      "expect(socketPath(base)).toBe('/tmp/assistant-desktop-1000/companion.sock');",
      "describe.skipIf(process.platform === 'win32')('the folder', () => {",
      "  it('refuses it open', () => listen(join(open, 'companion.sock')));",
      '});',
      "it.skipIf(process.platform === 'win32')(",
      "  'refuses an open folder',",
      "  async () => { await listen(join(open, 'x.sock')); },",
      ');',
      "if (process.platform !== 'win32') listen(join(dir, 'y.sock'));",
    ].join('\n');
    expect(socketFilePaths('example.ts', source)).toEqual([]);
  });

  it('appears in no test but the helper (test/support/socket-path.ts)', () => {
    const files = tree('test').filter((file) => file !== 'test/support/socket-path.ts');
    expect(scanTree(socketFilePaths, files)).toEqual([]);
  });
});

describe('/proc read', () => {
  it('is found without a guard, or behind one that lets macOS in', () => {
    const source = [
      "for (const entry of await readdir('/proc')) {}",
      "const status = await readFile(`/proc/${pid}/status`, 'utf8');",
      "describe.skipIf(process.platform === 'win32')('the app', () => {",
      "  it('runs', async () => { await readFile(join('/proc', pid, 'cmdline')); });",
      '});',
    ].join('\n');
    expect(lines(procReads('example.ts', source))).toEqual([1, 2, 4]);
  });

  it('is left alone on Linux alone, and where /proc is only named', () => {
    const source = [
      "const name = process.platform === 'linux' ? await readFile('/proc/self/comm', 'utf8') : '';",
      'async function comm(pid: number) {',
      "  if (process.platform !== 'linux') return undefined;",
      '  return readFile(`/proc/${pid}/comm`, "utf8");',
      '}',
      "describe.runIf(process.platform === 'linux')(",
      "  'the relay names its browser',",
      "  () => { it('x', async () => { await readdir('/proc'); }); },",
      ');',
      '// reads /proc',
      "expect(found).toEqual(['/proc']);",
      "const fact = { name: '/proc' };",
    ].join('\n');
    expect(procReads('example.ts', source)).toEqual([]);
  });

  it('is on Linux alone in electron/, test/, scripts/ and bench/', () => {
    expect(scanTree(procReads, tree('electron', 'test', 'scripts', 'bench'))).toEqual([]);
  });
});

describe('a POSIX program by its path', () => {
  it('is found run, linked to or written as a script, without a win32 guard', () => {
    const source = [
      "await symlink('/bin/sh', chrome);",
      "spawn('/usr/bin/env', ['node', 'x.js']);",
      "await writeFile(stub, '#!/bin/sh\\nexit 7\\n');",
      'await writeFile(stub, `#!/usr/bin/env node\\n${body}`);',
    ].join('\n');
    expect(lines(posixPrograms('example.ts', source))).toEqual([1, 2, 3, 4]);
  });

  it('is left alone behind a guard, and as other places', () => {
    const source = [
      'async function chromeNamed(folder: string) {',
      "  if (process.platform !== 'linux') return undefined;",
      "  await symlink('/bin/sh', join(folder, 'chrome'));",
      '}',
      "it.skipIf(process.platform === 'win32')('a stub', async () => {",
      "  await writeFile(stub, '#!/bin/sh\\nexit 7\\n');",
      '});',
      "const places = ['/usr/bin/chromium', '/bin/shell-of-mine'];",
      '// a link to /bin/sh',
    ].join('\n');
    expect(posixPrograms('example.ts', source)).toEqual([]);
  });

  it('is behind a win32 guard in electron/, test/, scripts/ and bench/', () => {
    expect(scanTree(posixPrograms, tree('electron', 'test', 'scripts', 'bench'))).toEqual([]);
  });
});

describe('product code: /tmp fallbacks and XDG variables', () => {
  it('are found without a guard; XDG also where only Windows was ruled out', () => {
    const source = [
      "const dir = env.TMPDIR ?? '/tmp';",
      "const folder = join('/tmp', `assistant-${uid}`);",
      "const config = env.XDG_CONFIG_HOME ?? join(home, '.config');",
      "const data = process.env['XDG_DATA_HOME'];",
      'function runtime(platform: string, env: Env) {',
      "  if (platform === 'win32') return PIPE;",
      '  return env.XDG_RUNTIME_DIR;',
      '}',
    ].join('\n');
    expect(lines(tmpFallbacks('example.ts', source))).toEqual([1, 2]);
    expect(lines(xdgReads('example.ts', source))).toEqual([3, 4, 7]);
  });

  it('are left alone where the platform decides', () => {
    const source = [
      'function folder(platform: NodeJS.Platform, env: Env, home: string) {',
      "  if (platform === 'win32') return join(env.LOCALAPPDATA, 'App');",
      "  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'App');",
      "  return join(env.XDG_STATE_HOME ?? join(home, '.local', 'state'), 'app');",
      '}',
      "const configHome = platform === 'linux' ? env.XDG_CONFIG_HOME : undefined;",
      'function socket(platform: NodeJS.Platform, env: Env) {',
      "  if (platform === 'win32') return PIPE;",
      "  const runtime = platform === 'darwin' ? env.TMPDIR : env.XDG_RUNTIME_DIR;",
      "  return join(runtime ?? join('/tmp', 'app'), 'app.sock');",
      '}',
    ].join('\n');
    expect(tmpFallbacks('example.ts', source)).toEqual([]);
    expect(xdgReads('example.ts', source)).toEqual([]);
  });

  it('are decided by the platform in electron/ and scripts/', () => {
    const files = tree('electron', 'scripts');
    expect(scanTree(tmpFallbacks, files)).toEqual([]);
    expect(scanTree(xdgReads, files)).toEqual([]);
  });
});

describe('a POSIX file mode asserted', () => {
  it('is found in an expect outside a win32 guard', () => {
    const source = [
      'expect((await stat(file)).mode & 0o777).toBe(0o600);',
      'expect([file, await modeOf(file)]).toEqual([file, 0o600]);',
      "describe.skipIf(underWine)('the socket', () => {",
      "  it('is private', async () => { expect(await modeOf(dir)).toBe(0o700); });",
      '});',
    ].join('\n');
    expect(lines(modeAssertions('example.ts', source))).toEqual([1, 2, 4]);
  });

  it('is left alone behind a win32 guard, and where a mode is only set', () => {
    const source = [
      'await mkdir(dir, { mode: 0o700 });',
      'if (!windows) expect(await modeOf(dir)).toBe(0o700);',
      "it.skipIf(windows).each(['linux', 'darwin'] as const)('on %s', async () => {",
      '  expect(await modeOf(own)).toBe(0o700);',
      '});',
      "test.skip(process.platform === 'win32', 'no modes there');",
      "test('the launch file', async () => {",
      '  expect((await stat(launchFile)).mode & 0o777).toBe(0o600);',
      '});',
    ].join('\n');
    expect(modeAssertions('example.ts', source)).toEqual([]);
  });

  it('is behind a win32 guard in every test', () => {
    expect(scanTree(modeAssertions, tree('test'))).toEqual([]);
  });
});
