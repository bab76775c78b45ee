// settings.update with a secret in an address (the re-test of issue 35 sent
// `…/assistant?token=S3CRET`): refused with the reason the form shows, and the secret reaches
// neither settings.json nor main.log, over the real backend, its dispatcher and its files.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUERY_IN_URL_MESSAGE } from '../../../electron/contract/service-url';
import { createBackend, type Backend } from '../../../electron/core/backend';
import { createLogger } from '../../../electron/core/logs/logger';
import { createMemorySecretStore } from '../../../electron/core/session/secret-store';
import { startDemoService, type DemoService } from '../../../electron/demo-service';

let dataDir: string;
let service: DemoService;
let backend: Backend;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'address-secrets-'));
  service = await startDemoService({ pacing: 'instant' });
  backend = await createBackend({
    dataDir,
    hostKind: 'browser',
    appVersion: '0.0.0-test',
    platform: process.platform,
    secretStore: createMemorySecretStore(),
    log: createLogger({ filePath: join(dataDir, 'logs', 'main.log') }),
    demoService: () => Promise.resolve({ baseUrl: service.baseUrl, token: service.token }),
    scheduler: false,
  });
});

afterAll(async () => {
  await backend.close();
  await service.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('settings.update with a secret in an address', () => {
  it('is refused with the reason beside the field, and the secret is written nowhere', async () => {
    for (const patch of [
      { serviceBaseUrl: `${service.baseUrl}?token=S3CRET` },
      { serviceBaseUrl: `${service.baseUrl}#token=S3CRET` },
      { signInUrl: `${service.origin}/login?code=S3CRET` },
    ]) {
      const result = await backend.dispatch('settings.update', patch, { host: 'browser' });
      expect(result.ok, JSON.stringify(patch)).toBe(false);
      if (result.ok) continue;
      expect(result.error.code).toBe('invalid_input');
      expect(result.error.message).toContain(QUERY_IN_URL_MESSAGE);
      expect(JSON.stringify(result.error)).not.toContain('S3CRET');
    }
    // A good change is taken (written, and logged as "Service changed"), so the files below were
    // written at all.
    const other = `${service.origin}/api/v1/other`;
    const good = await backend.dispatch(
      'settings.update',
      { serviceBaseUrl: other },
      { host: 'browser' },
    );
    expect(good.ok).toBe(true);
    const settings = await readFile(join(dataDir, 'settings.json'), 'utf8');
    expect(settings).toContain(other);
    expect(settings).not.toContain('S3CRET');
    const log = await readFile(join(dataDir, 'logs', 'main.log'), 'utf8');
    expect(log).toContain(`Service changed {"baseUrl":"${other}"`);
    expect(log).not.toContain('S3CRET');
  });
});
