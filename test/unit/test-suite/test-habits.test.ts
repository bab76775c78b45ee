// Two habits the test suite keeps, checked over its own sources (support/source-scan.ts):
// - npm and npx are never started by name: on Windows that fails (test/support/npm.ts says why),
//   and the release workflow runs the unit and integration tests there;
// - an integration test proves that something did not happen with an event or the fake clock
//   (test/support/fake-clock.ts), not by sleeping: no sleep over 200 ms in test/integration.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { longSleeps, npmByName, REPO_ROOT, sourceFiles } from './support/source-scan';

const SLEEP_LIMIT_MS = 200;

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

describe('npm and npx by name', () => {
  it('are found however they are started', () => {
    const source = [
      "execFile('npm', ['run', 'build']);",
      'spawn("npx.cmd", ["vitest"]);',
      "const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';",
      "execSync('npx playwright test');",
      'child_process.exec(`npm ci`);',
    ].join('\n');
    expect(npmByName('example.ts', source).map((found) => [found.line, found.text])).toEqual([
      [1, "'npm'"],
      [2, '"npx.cmd"'],
      [3, "'npm.cmd'"],
      [3, "'npm'"],
      [4, "execSync('npx playwright test')"],
      [5, 'child_process.exec(`npm ci`)'],
    ]);
  });

  it('are not confused with npm in words, comments or messages', () => {
    const source = [
      '// `npm run build` first',
      "const npm = npmCommand(['run', 'build']);",
      'execFile(npm.file, npm.args);',
      'throw new Error(`run \\`npm run build\\` before the journeys`);',
      'expect(readme).not.toMatch(/npx assistant/);',
      "if (tool === 'npm') return;",
      "expect(simpleCommands('npm ci')).toEqual([['npm', 'ci']]);",
    ].join('\n');
    expect(npmByName('example.ts', source)).toEqual([]);
  });

  it('appear nowhere in the tests', () => {
    const found = sourceFiles('test').flatMap((file) => npmByName(file, read(file)));
    expect(found).toEqual([]);
  });
});

describe(`sleeps over ${SLEEP_LIMIT_MS} ms`, () => {
  it('are found in each way a test sleeps', () => {
    const source = [
      'const HOLD_MS = 3_000;',
      'const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));',
      'async function pause(ms: number) { await new Promise((r) => { setTimeout(() => r(), ms); }); }',
      'await new Promise((resolve) => setTimeout(resolve, 1_300));',
      'await sleep(HOLD_MS + 1_000);',
      'await pause(500);',
      "import { setTimeout as wait } from 'node:timers/promises';",
      'await wait(1500);',
      'await new Promise((resolve) => setTimeout(() => resolve(undefined), 2 * 1000));',
    ].join('\n');
    expect(longSleeps('example.ts', source, SLEEP_LIMIT_MS).map((found) => found.line)).toEqual([
      4, 5, 6, 8, 9,
    ]);
  });

  it('are not confused with short sleeps, deadlines, timers that do something, or fault settings', () => {
    const source = [
      'const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));',
      'await sleep(20);',
      'await new Promise((resolve) => setTimeout(resolve, 200));',
      "const timer = setTimeout(() => reject(new Error('no line within 20 s')), 20_000);",
      'setTimeout(() => controller.abort(), 5_000);',
      "setTimeout(() => res.end('data: two'), 1_000);",
      'demo.control.delayNextRequests({ ms: 20_000, count: 1 });',
      'await waitForBriefing(page, 1000);',
      "const page = '<script>setTimeout(() => paint(), 300)</script>';",
    ].join('\n');
    expect(longSleeps('example.ts', source, SLEEP_LIMIT_MS)).toEqual([]);
  });

  it('appear nowhere in test/integration', () => {
    const found = sourceFiles('test/integration').flatMap((file) =>
      longSleeps(file, read(file), SLEEP_LIMIT_MS),
    );
    expect(found).toEqual([]);
  });
});
