// A plain-http service address on another computer is refused everywhere it can be given (the
// settings, ASSISTANT_BASE_URL for browser mode and the command, --base-url), with a clear error
// and nothing sent: the session would cross the network in clear text.
//
// "Another computer" without leaving this one: the child processes resolve `assistant.test` to a
// server on 127.0.0.1 (a preload replaces dns.lookup for that one name), so a request that got
// through would land on that server, and the test can see that none did. A control run proves
// the name really leads there.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../electron/core/api/client';
import { sessionFor } from '../../../electron/core/api/config';
import { createBackend } from '../../../electron/core/backend';
import { createSilentLogger } from '../../../electron/core/logs/logger';
import { startDemoService, type DemoService } from '../../../electron/demo-service';
import { testBackendOptions } from '../../support/backend-options';
import { ROOT, baseEnv, cli } from '../cli/support';

const NAME = 'assistant.test';

let dir: string;
let preload: string;
let server: Server;
let connections = 0;
let remoteBase: string;
let demo: DemoService;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plain-http-'));
  preload = join(dir, 'resolve-assistant-test.cjs');
  await writeFile(
    preload,
    `const dns = require('node:dns');
const original = dns.lookup;
dns.lookup = function (hostname, options, callback) {
  if (hostname !== ${JSON.stringify(NAME)}) return original.apply(this, arguments);
  if (typeof options === 'function') callback = options;
  if (options && options.all) return process.nextTick(callback, null, [{ address: '127.0.0.1', family: 4 }]);
  return process.nextTick(callback, null, '127.0.0.1', 4);
};
`,
  );
  server = createServer((_request, response) => response.end('{}'));
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  remoteBase = `http://${NAME}:${(server.address() as AddressInfo).port}/api/v1/assistant`;
  demo = await startDemoService({ pacing: 'instant' });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await demo.stop();
  await rm(dir, { recursive: true, force: true });
});

/**
 * The preload after this process's own Node options, so a child runs as the test runner does
 * (under Wine those carry scripts/windows-tests' bridges, without which no fetch connects).
 */
function withPreload(): string {
  return [process.env.NODE_OPTIONS, `--require ${preload}`].filter(Boolean).join(' ');
}

function run(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: baseEnv({ NODE_OPTIONS: withPreload(), ...env }),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('a plain-http address on another computer', () => {
  it('(control) would reach the local server through the mapped name', async () => {
    const before = connections;
    const control = await run(
      ['-e', `fetch(${JSON.stringify(remoteBase)}).then((r) => console.log(r.status))`],
      {},
    );
    expect(control.stdout.trim()).toBe('200');
    expect(connections).toBe(before + 1);
  });

  it('is refused by the command, from ASSISTANT_BASE_URL or --base-url: exit 2, nothing sent', async () => {
    const before = connections;
    const fromEnv = await cli(undefined, ['status'], {
      env: {
        ASSISTANT_BASE_URL: remoteBase,
        ASSISTANT_SESSION_TOKEN: 'tok_secret_value',
        NODE_OPTIONS: withPreload(),
      },
    });
    expect(fromEnv.code).toBe(2);
    expect(fromEnv.stderr).toMatch(/plain http.*https:\/\//i);
    expect(fromEnv.stderr).not.toContain('tok_secret_value');
    const fromFlag = await cli(undefined, ['status', '--base-url', remoteBase], {
      env: { ASSISTANT_SESSION_TOKEN: 'tok_secret_value', NODE_OPTIONS: withPreload() },
    });
    expect(fromFlag.code).toBe(2);
    expect(fromFlag.stderr).toMatch(/https:\/\//);
    expect(connections).toBe(before);
  });

  it('is refused by browser mode from ASSISTANT_BASE_URL: exit 2, nothing sent, nothing served', async () => {
    const before = connections;
    const web = await run(['--import', 'tsx', 'electron/web/cli.ts', '--no-build', '--port', '0'], {
      ASSISTANT_BASE_URL: remoteBase,
      ASSISTANT_SESSION_TOKEN: 'tok_secret_value',
      ASSISTANT_DATA_DIR: join(dir, 'web-data'),
    });
    expect(web.code).toBe(2);
    expect(web.stderr).toMatch(/plain http.*https:\/\//i);
    expect(web.stdout).toBe('');
    expect(connections).toBe(before);
  });

  it('is refused by the settings, and the client refuses it at the lowest layer', async () => {
    const requested: string[] = [];
    const backend = await createBackend({
      ...testBackendOptions({
        dataDir: join(dir, 'backend'),
        log: createSilentLogger(),
        baseUrl: demo.baseUrl,
        token: demo.token,
      }),
      baseUrlOverride: undefined,
      demoService: async () => ({ baseUrl: demo.baseUrl, token: demo.token }),
      scheduler: false,
      fetch: (input, init) => {
        requested.push(String(input));
        return globalThis.fetch(input, init);
      },
    });
    try {
      for (const patch of [{ serviceBaseUrl: remoteBase }, { signInUrl: `http://${NAME}/login` }]) {
        const answer = await backend.dispatch('settings.update', patch, { host: 'browser' });
        expect(answer.ok).toBe(false);
        if (!answer.ok) {
          expect(answer.error.code).toBe('invalid_input');
          expect(answer.error.message).toMatch(/https:\/\//);
        }
      }
      const settings = await backend.dispatch('settings.get', {}, { host: 'browser' });
      expect(settings.ok && (settings.data as { serviceBaseUrl: unknown }).serviceBaseUrl).toBe(
        null,
      );
      // Loopback stays allowed in plain http (the demo service, a local proxy).
      const local = await backend.dispatch(
        'settings.update',
        { serviceBaseUrl: 'http://localhost:9/api/v1/assistant' },
        { host: 'browser' },
      );
      expect(local.ok).toBe(true);
    } finally {
      await backend.close();
    }
    expect(requested.filter((url) => url.includes(NAME))).toEqual([]);

    const before = connections;
    const client = createApiClient({
      baseUrl: remoteBase,
      session: sessionFor(remoteBase, 'tok_secret_value'),
    });
    await expect(client.getMetadata()).rejects.toMatchObject({
      kind: 'invalid_input',
      field: 'baseUrl',
    });
    expect(connections).toBe(before);
  });
});
