// IT's policy file, live, in browser mode over the real socket: a policy.json (read and watched as
// /etc/assistant-desktop/policy.json is) names the company's service, so the app talks to it and
// waits for a sign-in, never the demo; it locks the morning time, which the page sees as locked
// and cannot change; a bad value is ignored with its reason in diagnostics; and a change to the
// file while the app runs applies without a restart.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedSettings, Result, Settings } from '../../../electron/contract';
import { policySources } from '../../../electron/core/policy/policy-sources';
import { startDemoService, type DemoService } from '../../../electron/demo-service';
import { startBrowserMode, type BrowserMode } from '../../../electron/web/browser-mode';
import { blankRendererDir, connectAsPage, type PageClient } from './support';

let work: string;
let dataDir: string;
let policyFile: string;
let company: DemoService;
let mode: BrowserMode;
let page: PageClient;

const writePolicy = (policy: unknown) => writeFile(policyFile, JSON.stringify(policy, null, 2));

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'web-policy-'));
  dataDir = join(work, 'data');
  const etc = join(work, 'etc', 'assistant-desktop');
  await mkdir(dataDir, { recursive: true });
  await mkdir(etc, { recursive: true });
  policyFile = join(etc, 'policy.json');
  // The company's service: a demo service the app was not started with.
  company = await startDemoService({ pacing: 'instant' });
  await writePolicy({
    ServiceBaseUrl: company.baseUrl,
    SignInUrl: company.loginUrl,
    AllowDemo: false,
    MorningTime: '07:30',
    LaunchAtLogin: 'yes',
    Recommended: {
      TranscriptMaxAgeDays: 14,
      // Credentials in an address: refused, and never written anywhere.
      ServiceBaseUrl: 'https://it:hunter2@assistant.example.com/api/v1/assistant',
    },
  });
  mode = await startBrowserMode({
    port: 0,
    dataDir,
    rendererDir: await blankRendererDir(work),
    scheduler: false,
    backend: { policies: policySources({ platform: 'linux', env: {}, linuxFile: policyFile }) },
  });
  page = await connectAsPage(mode.url);
});
afterAll(async () => {
  page?.close();
  await mode?.stop();
  await company?.stop();
  await rm(work, { recursive: true, force: true });
});

async function ok<T>(answer: Promise<Result<T>>): Promise<T> {
  const result = await answer;
  if (!result.ok) throw new Error(`Refused: ${JSON.stringify(result.error)}`);
  return result.data;
}

describe('a policy.json on a Linux computer', () => {
  it("talks to the company's service from the first start, signed out, with no demo", async () => {
    const info = await ok(page.bridge.invoke('app.info', {}));
    expect(info.service).toMatchObject({ baseUrl: company.baseUrl, demo: false });
    const session = await ok(page.bridge.invoke('session.status', {}));
    expect(session.signedIn).toBe(false);
    const settings = await ok(page.bridge.invoke('settings.get', {}));
    expect(settings).toMatchObject({
      serviceBaseUrl: company.baseUrl,
      signInUrl: company.loginUrl,
      allowDemo: false,
      transcriptRetention: { maxAgeDays: 14 },
    });
  });

  it('locks the morning time: shown as locked, refused with the reason', async () => {
    const managed = await ok(page.bridge.invoke('settings.managed', {}));
    expect(managed.locked).toContain('notifications.morningTime');
    expect(managed.recommended).toEqual(['transcriptRetention.maxAgeDays']);
    const refused = await page.bridge.invoke('settings.update', {
      notifications: { morningTime: '09:00' },
    });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error).toMatchObject({ code: 'locked', field: 'notifications.morningTime' });
      expect(refused.error.message).toMatch(/organisation/);
    }
    const settings = await ok(page.bridge.invoke('settings.get', {}));
    expect(settings.notifications.morningTime).toBe('07:30');
  });

  it('ignores a bad value, and diagnostics tell IT why', async () => {
    const managed = await ok(page.bridge.invoke('settings.managed', {}));
    expect(managed.problems).toEqual([
      expect.objectContaining({ policy: 'LaunchAtLogin', source: 'file', level: 'mandatory' }),
      expect.objectContaining({ policy: 'ServiceBaseUrl', source: 'file', level: 'recommended' }),
    ]);
    const { text } = await ok(page.bridge.invoke('diagnostics.copy', {}));
    expect(text).toContain('not applied: LaunchAtLogin (file, mandatory)');
    expect(text).toContain('not applied: ServiceBaseUrl (file, recommended)');
    const log = await readFile(join(dataDir, 'logs', 'main.log'), 'utf8');
    expect(log).toMatch(/A policy was not applied.*LaunchAtLogin/);
    expect(log).toMatch(/A policy was not applied.*ServiceBaseUrl/);
    expect(`${text}${log}`).not.toContain('hunter2');
    expect(text).toContain(
      'locked: serviceBaseUrl, signInUrl, allowDemo, notifications.morningTime',
    );
  });

  it('applies a change to the file while the app runs', async () => {
    const unlocked = page.nextEvent<ManagedSettings>(
      'settings.managedChanged',
      (next) => !next.locked.includes('notifications.morningTime'),
    );
    const changed = page.nextEvent<Settings>(
      'settings.changed',
      (next) => next.notifications.morningTime === '06:00',
    );
    await writePolicy({
      ServiceBaseUrl: company.baseUrl,
      SignInUrl: company.loginUrl,
      AllowDemo: false,
      Recommended: { MorningTime: '06:00' },
    });
    expect((await unlocked).recommended).toEqual(['notifications.morningTime']);
    await changed;
    const saved = await ok(
      page.bridge.invoke('settings.update', { notifications: { morningTime: '09:00' } }),
    );
    expect(saved.notifications.morningTime).toBe('09:00');
  });
});
