// The installed form: `bin/assistant.js` (the package's bin) running the esbuild bundle that
// `npm run build:node` (and `prepare`, on npm ci) writes to out/cli/main.js.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DemoService } from '../../../electron/demo-service';
import { npmCommand } from '../../support/npm';
import { underWine } from '../../support/wine';
import { baseEnv, cli, closedPort, ROOT, serviceEnv, startService } from './support';

const run = promisify(execFile);
let service: DemoService;

beforeAll(async () => {
  // Under Wine the Windows run built out/cli before the suite, and the other command-line files
  // run that build (support.ts's ENTRY) at the same time: building it again here would rewrite
  // files under them.
  if (!underWine) await run(process.execPath, ['scripts/build-node.mjs'], { cwd: ROOT });
  service = await startService();
}, 120_000);

afterAll(async () => {
  await service?.stop();
});

it('bin/assistant.js runs the built command: --version, status --json, a followed run', async () => {
  const entry = ['bin/assistant.js'];
  const version = await cli(service, ['--version'], { entry });
  expect(version.code).toBe(0);
  expect(version.stdout).toMatch(/^assistant \d+\.\d+\.\d+\n$/);
  // bin/assistant.js answers `--version` alone itself; with another flag the command does: the same.
  const viaCommand = await cli(service, ['--version', '--no-color'], { entry });
  expect(viaCommand.stdout).toBe(version.stdout);

  const status = await cli(service, ['status', '--json'], { entry });
  expect(status.code, status.stderr).toBe(0);
  expect(JSON.parse(status.stdout)).toMatchObject({ version: 'v1', environment: 'demo' });

  const dealId = service.control.deals()[0]?.id ?? '';
  const followed = await cli(
    service,
    [
      'runs',
      'start',
      '--agent',
      'sales.deal_coach',
      '--deal',
      dealId,
      '--message',
      'Hi',
      '--follow',
    ],
    { entry },
  );
  expect(followed.code, followed.stderr).toBe(0);
  const runId = /^run (\S+) started/m.exec(followed.stderr)?.[1] ?? '';
  expect(followed.stdout).toBe(service.control.runOutput(runId));
  expect(`${followed.stdout}${followed.stderr}`).not.toContain(service.token);
});

it('the built command says what went wrong in core’s words, which it loads only then', async () => {
  // english-words.cjs (FormatJS and the English catalogue) is required on the first sentence;
  // test/build/cli-startup-graph.test.ts checks that `status` does not load it otherwise.
  const port = await closedPort();
  const result = await cli(undefined, ['status'], {
    entry: ['bin/assistant.js'],
    env: {
      ASSISTANT_BASE_URL: `http://127.0.0.1:${port}/api/v1/assistant`,
      ASSISTANT_SESSION_TOKEN: 'tok-unreachable-5678',
    },
  });
  expect(result.code).toBe(5);
  expect(result.stderr).toMatch(/Could not reach the service\. Check .*VPN.*\(code ECONNREFUSED\)/);
  expect(`${result.stdout}${result.stderr}`).not.toContain('tok-unreachable-5678');
});

it('runs as `npm run assistant -- …`, the way docs/command-line.md says, and the docs never say npx', async () => {
  const npm = npmCommand(['run', '-s', 'assistant', '--', 'status', '--json']);
  const { stdout } = await run(npm.file, npm.args, {
    cwd: ROOT,
    env: baseEnv(serviceEnv(service)),
  });
  expect(JSON.parse(stdout)).toMatchObject({ version: 'v1', environment: 'demo' });
  const guide = await readFile(join(ROOT, 'docs', 'command-line.md'), 'utf8');
  expect(guide).toContain('npm run -s assistant -- status');
  expect(guide).not.toMatch(/npx assistant/);
});
