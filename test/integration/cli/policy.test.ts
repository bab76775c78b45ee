// IT's policies and the `assistant` command, as a child process: the service IT set is the one
// used when none is named, a locked one cannot be swapped for another with --base-url, and where
// IT allows no demo the command says so instead of starting one.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoService } from '../../../electron/demo-service';
import { cli, startService } from './support';

let service: DemoService;
let dir: string;

beforeAll(async () => {
  service = await startService();
  dir = await mkdtemp(join(tmpdir(), 'cli-policy-'));
});
afterAll(async () => {
  await service.stop();
  await rm(dir, { recursive: true, force: true });
});

async function policyFile(name: string, policy: unknown): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, JSON.stringify(policy));
  return path;
}

describe('assistant under a policy', () => {
  it('uses the service IT set when none is named, and no demo', async () => {
    const file = await policyFile('service.json', { ServiceBaseUrl: service.baseUrl });
    const requests = service.control.usage().requests.count;
    const result = await cli(service, ['status', '--json'], {
      env: { ASSISTANT_POLICY_FILE: file, ASSISTANT_SESSION_TOKEN: service.token },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/demo/i);
    expect(service.control.usage().requests.count).toBeGreaterThan(requests);
  });

  it('refuses another service than the one IT locked, before sending anything', async () => {
    const file = await policyFile('locked.json', { ServiceBaseUrl: service.baseUrl });
    const requests = service.control.usage().requests.count;
    const result = await cli(
      service,
      ['status', '--base-url', 'https://elsewhere.example/api/v1/assistant'],
      {
        env: { ASSISTANT_POLICY_FILE: file, ASSISTANT_SESSION_TOKEN: service.token },
      },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Set by your organisation.*\(code locked\)/);
    expect(service.control.usage().requests.count).toBe(requests);
  });

  it('says IT allows only its own service instead of starting the demo', async () => {
    const file = await policyFile('no-demo.json', { AllowDemo: false });
    const result = await cli(undefined, ['status'], { env: { ASSISTANT_POLICY_FILE: file } });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/allows only its own service.*\(code no_service\)/);
    expect(result.stderr).not.toMatch(/embedded demo/);
  });
});
