// Changing the service while the old one still has work in flight, over real HTTP with two demo
// services: a session belongs to its service. The old service's live run is no longer followed
// (kept in history, saying why), its retries stop, the new service's token never reaches it, and
// nothing it answers (a 401 for a token it does not know) can expire the new session.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveRunSummary } from '../../../electron/contract';
import { createBackend, type Backend, type BackendOptions } from '../../../electron/core/backend';
import { createLogger } from '../../../electron/core/logs/logger';
import { createMemorySecretStore } from '../../../electron/core/session/secret-store';
import { startDemoService, type DemoService } from '../../../electron/demo-service';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';

let dataDir: string;
let serviceA: DemoService;
let serviceB: DemoService;
/** In front of A: its log is every request A received, headers included. */
let proxyA: FaultProxy;
let proxyB: FaultProxy;
let backend: Backend | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'service-switch-'));
  // A streams slowly, so its run is still going when the service changes.
  serviceA = await startDemoService({ pacing: 20 });
  serviceA.control.setRunLength(2_000);
  serviceB = await startDemoService({ pacing: 'instant' });
  proxyA = await startFaultProxy({ target: serviceA.baseUrl });
  proxyB = await startFaultProxy({ target: serviceB.baseUrl });
});

afterEach(async () => {
  await backend?.close();
  backend = undefined;
  await proxyA.stop();
  await proxyB.stop();
  await serviceA.stop();
  await serviceB.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function startOnA(extra: Partial<BackendOptions> = {}): Promise<Backend> {
  // Settings name A, so a settings change can move the app to B (an override would pin it).
  await writeFile(
    join(dataDir, 'settings.json'),
    JSON.stringify({ serviceBaseUrl: proxyA.url, signInUrl: `${proxyA.origin}/login` }),
  );
  backend = await createBackend({
    ...extra,
    dataDir,
    hostKind: 'browser',
    appVersion: '0.0.0-test',
    platform: process.platform,
    secretStore: createMemorySecretStore(),
    log: createLogger({ filePath: join(dataDir, 'logs', 'main.log') }),
    initialToken: serviceA.token,
    scheduler: false,
  });
  return backend;
}

async function call<T>(name: string, input: unknown): Promise<T> {
  if (!backend) throw new Error('no backend');
  const result = await backend.dispatch(name as never, input as never, { host: 'browser' });
  if (!result.ok) throw new Error(`${name}: ${result.error.code} ${result.error.message}`);
  return result.data as T;
}

function sentToA(token: string): string[] {
  return proxyA.stats.log
    .filter((request) => String(request.headers.cookie ?? '').includes(token))
    .map((request) => `${request.method} ${request.path}`);
}

function waitFor<T>(check: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      const value = check();
      if (value !== undefined) return resolve(value);
      if (Date.now() - started > timeoutMs) return reject(new Error(`timed out: ${what}`));
      setTimeout(tick, 20);
    };
    tick();
  });
}

async function switchToB(): Promise<void> {
  // The update answers once the app has moved to B; then the user signs in to B.
  await call('settings.update', { serviceBaseUrl: serviceB.baseUrl });
  await call('session.setToken', { token: serviceB.token });
}

describe('changing the service mid-run', () => {
  it("never sends B's token to A: A's run is no longer followed, and B's session stays valid", async () => {
    const app = await startOnA();
    const started = await call<LiveRunSummary>('runs.start', {
      agentId: 'sales.deal_coach',
      message: 'Prepare me for the call',
      dealId: serviceA.control.deals()[0]?.id,
    });
    // Streaming from A.
    await waitFor(
      () => (serviceA.control.runOutput(started.runId)?.length ? true : undefined),
      'output from A',
    );

    await switchToB();
    // A network change makes every followed stream reconnect at once: the old run's reconnect
    // is where B's token used to go to A.
    app.onNetworkChange(true);
    app.onResume();

    // Either the old run stops being followed, or its reconnect reaches A (the leak).
    await waitFor(
      () =>
        app.liveRuns().some((run) => run.runId === started.runId && run.done) ||
        sentToA(serviceB.token).length > 0
          ? true
          : undefined,
      'the old run is no longer followed',
    );
    expect(sentToA(serviceB.token)).toEqual([]);
    const old = app.liveRuns().find((run) => run.runId === started.runId);
    expect(old?.error?.code).toBe('service_changed');
    expect(old?.error?.message).toMatch(/service changed/i);

    // B works with B's token, and is still signed in after A had its chance to answer.
    const meta = await call<{ value: unknown }>('service.metadata', { refresh: true });
    expect(meta.value).toBeDefined();
    const session = await call<{ signedIn: boolean; expired: boolean }>('session.status', {});
    expect(session).toMatchObject({ signedIn: true, expired: false });
    expect(sentToA(serviceB.token)).toEqual([]);

    // The old run stays in history, saying why it stopped.
    const transcript = await call<{ error?: { code: string } } | null>('runs.transcript', {
      runId: started.runId,
    });
    expect(transcript?.error?.code).toBe('service_changed');
  });

  it("stops A's retries in flight: the retry never carries B's token to A", async () => {
    await startOnA();
    // A's next answer is a 503 asking to come back in a second: the client waits to retry.
    proxyA.set({
      paths: ['/usage/summary'],
      failNext: { count: 1, answer: '503' },
      retryAfterSeconds: 1,
    });
    const pending = backend!.dispatch('usage.summary', {}, { host: 'browser' });
    await waitFor(() => (proxyA.stats.injected['503'] > 0 ? true : undefined), 'A answered 503');

    await switchToB();
    // The call ends because the switch retired A's client, which ends its wait to retry: the
    // retry loop is over, so no retry can go to A later (no need to wait past the Retry-After).
    const answer = await pending;
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error.code).toBe('service_changed');
    expect(sentToA(serviceB.token)).toEqual([]);
    expect(proxyA.stats.log.filter((r) => r.path.endsWith('/usage/summary'))).toHaveLength(1);
    const session = await call<{ signedIn: boolean }>('session.status', {});
    expect(session.signedIn).toBe(true);
  });

  it('keeps the sign-in window bound to the service it was opened for', async () => {
    let finishSignIn: (token: string) => void = () => {};
    const opened: string[] = [];
    await startOnA({
      openSignInWindow: (_signInUrl, serviceOrigin) => {
        opened.push(serviceOrigin);
        return new Promise((resolve) => {
          finishSignIn = resolve;
        });
      },
    });
    const signingIn = backend!.dispatch('session.signIn', {}, { host: 'browser' });
    await waitFor(() => (opened.length > 0 ? true : undefined), 'the window opens');
    expect(opened).toEqual([proxyA.origin]);

    // The user moves to B while A's sign-in page is still open, then finishes signing in to A.
    await call('settings.update', { serviceBaseUrl: proxyB.url });
    const tokenForA = serviceA.control.createSession();
    finishSignIn(tokenForA);
    const answer = await signingIn;

    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error.code).toBe('service_changed');
    // A's session was never shown to B, and is not kept as B's.
    expect(
      proxyB.stats.log.filter((request) =>
        String(request.headers.cookie ?? '').includes(tokenForA),
      ),
    ).toEqual([]);
    const session = await call<{ signedIn: boolean }>('session.status', {});
    expect(session.signedIn).toBe(false);
  });
});
