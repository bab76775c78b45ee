import { describe, expect, it } from 'vitest';
import {
  createUpdateController,
  DAY,
  type UpdateFeed,
  type UpdateNotice,
  type UpdatePolicyInput,
  type UpdaterPort,
} from '../../../../electron/core/updates';
import { FakeClock } from '../../../support/fake-clock';

const MINUTE = 60_000;

/** Stands in for electron-updater's autoUpdater: counts calls, the test plays its events. */
class FakeUpdater implements UpdaterPort {
  checks = 0;
  installs = 0;
  nextCheck: () => Promise<unknown> = () => Promise.resolve({});

  checkForUpdates(): Promise<unknown> {
    this.checks += 1;
    return this.nextCheck();
  }

  quitAndInstall(): void {
    this.installs += 1;
  }
}

const enabled: UpdateFeed = { enabled: true, configPath: '/app/resources/app-update.yml' };
const policy: UpdatePolicyInput = { startupDelayMs: 10_000, retryBaseMs: 15 * MINUTE };

function setup(options: { feed?: UpdateFeed; live?: boolean; automatic?: () => boolean } = {}) {
  const clock = new FakeClock();
  const updater = new FakeUpdater();
  const notices: UpdateNotice[] = [];
  const runs = { live: options.live ?? false };
  const controller = createUpdateController({
    feed: options.feed ?? enabled,
    updater,
    isRunLive: () => runs.live,
    notify: (notice) => notices.push(notice),
    policy,
    ...(options.automatic
      ? {
          settings: () => ({
            automatic: options.automatic?.() ?? true,
            channel: 'stable' as const,
          }),
        }
      : {}),
    timers: clock,
    now: clock.now,
    random: () => 0.5,
  });
  return { clock, updater, notices, runs, controller };
}

/** Lets the check's promise settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

function downloadVersion(
  controller: ReturnType<typeof setup>['controller'],
  version: string,
): void {
  controller.handle({ type: 'checking' });
  controller.handle({ type: 'available', version });
  controller.handle({ type: 'progress', percent: 40 });
  controller.handle({ type: 'downloaded', version });
}

describe('update schedule', () => {
  it('checks shortly after start and then once a day', () => {
    const { clock, updater, controller } = setup();
    controller.start();
    clock.advance(9_999);
    expect(updater.checks).toBe(0);
    clock.advance(1);
    expect(updater.checks).toBe(1);

    controller.handle({ type: 'not-available' });
    expect(controller.status()).toMatchObject({ state: 'idle', nextCheckAt: 10_000 + DAY });
    clock.advance(DAY - 1);
    expect(updater.checks).toBe(1);
    clock.advance(1);
    expect(updater.checks).toBe(2);

    controller.handle({ type: 'not-available' });
    clock.advance(DAY);
    expect(updater.checks).toBe(3);
  });

  it('does not check while automatic updates are off (Settings or policy), and resumes when on', () => {
    const wanted = { automatic: false };
    const { clock, updater, controller } = setup({ automatic: () => wanted.automatic });
    controller.start();
    clock.advance(10_000);
    controller.checkNow();
    clock.advance(DAY);
    expect(updater.checks).toBe(0);
    // Turned on (IT lifted the policy) while the app runs: the next scheduled check runs.
    wanted.automatic = true;
    clock.advance(DAY);
    expect(updater.checks).toBe(1);
  });

  it('checks at once after sleep when the daily check is overdue', () => {
    const { clock, updater, controller } = setup();
    controller.start();
    clock.advance(10_000);
    controller.handle({ type: 'not-available' });
    // Timers do not run while the machine sleeps; the clock does.
    clock.time += DAY + 5 * MINUTE;
    controller.onResume();
    expect(updater.checks).toBe(2);
  });

  it('is off without a publish target: no checks, nothing to install', () => {
    const { clock, updater, controller, notices } = setup({
      feed: { enabled: false, reason: 'This build has no update server configured.' },
    });
    controller.start();
    controller.checkNow();
    controller.onResume();
    clock.advance(3 * DAY);
    expect(updater.checks).toBe(0);
    expect(controller.status()).toEqual({
      state: 'disabled',
      reason: 'This build has no update server configured.',
    });
    expect(controller.requestRestart()).toMatchObject({ outcome: 'unavailable' });
    expect(updater.installs).toBe(0);
    expect(notices).toEqual([]);
  });
});

describe('download and install', () => {
  it('downloads in the background and tells the user it installs on quit', () => {
    const { clock, updater, controller, notices } = setup();
    controller.start();
    clock.advance(10_000);
    controller.handle({ type: 'checking' });
    controller.handle({ type: 'available', version: '1.2.0' });
    controller.handle({ type: 'progress', percent: 55 });
    expect(controller.status()).toEqual({ state: 'downloading', version: '1.2.0', percent: 55 });
    expect(notices).toEqual([]);

    controller.handle({ type: 'downloaded', version: '1.2.0' });
    expect(controller.status()).toEqual({
      state: 'ready',
      version: '1.2.0',
      restartDeferred: false,
    });
    expect(notices).toEqual([
      {
        kind: 'ready',
        title: 'Update ready',
        body: 'Assistant Desktop 1.2.0 has been downloaded. It installs when you quit.',
        version: '1.2.0',
      },
    ]);
    // Installing is left to the next quit; nothing restarts by itself.
    expect(updater.installs).toBe(0);
  });

  it('restarts at once on request when no run is live', () => {
    const { clock, updater, controller } = setup();
    controller.start();
    clock.advance(10_000);
    downloadVersion(controller, '1.2.0');
    expect(controller.requestRestart()).toEqual({ outcome: 'installing', version: '1.2.0' });
    expect(updater.installs).toBe(1);
    expect(controller.status()).toEqual({ state: 'installing', version: '1.2.0' });
  });

  it('never installs a version that was not announced as downloaded', () => {
    const { clock, updater, controller } = setup();
    controller.start();
    clock.advance(10_000);
    controller.handle({ type: 'available', version: '1.2.0' });
    controller.handle({ type: 'progress', percent: 99 });
    expect(controller.requestRestart()).toMatchObject({ outcome: 'unavailable' });
    expect(updater.installs).toBe(0);
  });

  it('withdraws readiness while a newer version downloads', () => {
    const { clock, updater, controller } = setup();
    controller.start();
    clock.advance(10_000);
    downloadVersion(controller, '1.2.0');
    clock.advance(DAY);
    controller.handle({ type: 'available', version: '1.3.0' });
    expect(controller.requestRestart()).toMatchObject({ outcome: 'unavailable' });
    controller.handle({ type: 'downloaded', version: '1.3.0' });
    expect(controller.requestRestart()).toEqual({ outcome: 'installing', version: '1.3.0' });
    expect(updater.installs).toBe(1);
  });
});

describe('never restart during a live run', () => {
  it('defers a requested restart, says why, and installs once no run is live', () => {
    const { clock, updater, controller, notices, runs } = setup({ live: true });
    controller.start();
    clock.advance(10_000);
    downloadVersion(controller, '1.2.0');

    const answer = controller.requestRestart();
    expect(answer).toEqual({
      outcome: 'deferred',
      message:
        'A run is still live, so the app will not restart now. ' +
        'The update installs as soon as no run is live, or when you quit.',
    });
    expect(controller.status()).toMatchObject({ state: 'ready', restartDeferred: true });
    expect(notices.at(-1)).toMatchObject({ kind: 'restart-deferred', title: 'Restart postponed' });

    // Time passes, the run is still streaming, the daily check comes and goes: no restart.
    clock.advance(DAY + MINUTE);
    controller.runsChanged();
    expect(updater.installs).toBe(0);

    runs.live = false;
    controller.runsChanged();
    expect(updater.installs).toBe(1);
  });

  it('notices the run ended even without being told', () => {
    const { clock, updater, controller, runs } = setup({ live: true });
    controller.start();
    clock.advance(10_000);
    downloadVersion(controller, '1.2.0');
    controller.requestRestart();
    clock.advance(60_000);
    expect(updater.installs).toBe(0);
    runs.live = false;
    clock.advance(5_000);
    expect(updater.installs).toBe(1);
  });

  it('asks again at the moment of restarting: a run started meanwhile defers it', () => {
    const { clock, updater, controller, runs } = setup({ live: true });
    controller.start();
    clock.advance(10_000);
    downloadVersion(controller, '1.2.0');
    controller.requestRestart();
    runs.live = false;
    runs.live = true; // a new run began before anything looked
    clock.advance(30_000);
    controller.runsChanged();
    expect(updater.installs).toBe(0);
  });

  it('drops a deferred restart the user withdrew', () => {
    const { clock, updater, controller, runs } = setup({ live: true });
    controller.start();
    clock.advance(10_000);
    downloadVersion(controller, '1.2.0');
    controller.requestRestart();
    controller.cancelRestart();
    runs.live = false;
    controller.runsChanged();
    clock.advance(60_000);
    expect(updater.installs).toBe(0);
    expect(controller.status()).toMatchObject({ state: 'ready', restartDeferred: false });
  });
});

describe('failed and corrupt downloads', () => {
  const checksumError = Object.assign(
    new Error('sha512 checksum mismatch, expected abc, got def'),
    { code: 'ERR_CHECKSUM_MISMATCH' },
  );
  const networkError = Object.assign(new Error('getaddrinfo ENOTFOUND updates.example.com'), {
    code: 'ENOTFOUND',
  });

  it('reports a corrupt download, installs nothing, and retries later with backoff', () => {
    const { clock, updater, controller, notices } = setup();
    controller.start();
    clock.advance(10_000);
    controller.handle({ type: 'available', version: '1.2.0' });
    controller.handle({ type: 'error', error: checksumError });

    expect(controller.status()).toEqual({
      state: 'failed',
      kind: 'integrity',
      message: 'The downloaded update was damaged (its checksum did not match) and was discarded.',
      attempt: 1,
      retryAt: 10_000 + 15 * MINUTE,
    });
    expect(notices).toEqual([
      {
        kind: 'failed',
        title: 'Update failed',
        body:
          'The downloaded update was damaged (its checksum did not match) and was discarded. ' +
          'Assistant Desktop will try again later.',
      },
    ]);
    expect(controller.requestRestart()).toMatchObject({ outcome: 'unavailable' });
    expect(updater.installs).toBe(0);

    clock.advance(15 * MINUTE - 1);
    expect(updater.checks).toBe(1);
    clock.advance(1);
    expect(updater.checks).toBe(2);

    // A second failure waits twice as long, and a network blip is not announced again.
    controller.handle({ type: 'error', error: networkError });
    expect(controller.status()).toMatchObject({ state: 'failed', kind: 'network', attempt: 2 });
    expect(notices).toHaveLength(1);
    clock.advance(30 * MINUTE);
    expect(updater.checks).toBe(3);

    // Success resets the backoff: the next check is a day away.
    downloadVersion(controller, '1.2.0');
    expect(controller.status()).toMatchObject({ state: 'ready', version: '1.2.0' });
    clock.advance(DAY - 1);
    expect(updater.checks).toBe(3);
  });

  it('reports a failure once when it arrives as an event and as a rejected check', async () => {
    const { clock, updater, controller, notices } = setup();
    updater.nextCheck = () => {
      controller.handle({ type: 'error', error: networkError });
      return Promise.reject(networkError);
    };
    controller.start();
    clock.advance(10_000);
    await settle();
    expect(controller.status()).toMatchObject({ state: 'failed', attempt: 1 });
    expect(notices).toHaveLength(1);
  });

  it('reports a check that throws before any event', async () => {
    const { clock, updater, controller } = setup();
    updater.nextCheck = () => Promise.reject(new Error('socket hang up'));
    controller.start();
    clock.advance(10_000);
    await settle();
    expect(controller.status()).toMatchObject({ state: 'failed', kind: 'network' });
  });

  it('keeps a verified update ready when a later check fails', () => {
    const { clock, controller, notices } = setup();
    controller.start();
    clock.advance(10_000);
    downloadVersion(controller, '1.2.0');
    clock.advance(DAY);
    controller.handle({ type: 'error', error: networkError });
    expect(controller.status()).toMatchObject({ state: 'ready', version: '1.2.0' });
    expect(notices.map((notice) => notice.kind)).toEqual(['ready']);
  });

  it('caps the backoff at a day', () => {
    const { clock, updater, controller } = setup();
    controller.start();
    clock.advance(10_000);
    for (let attempt = 1; attempt <= 12; attempt += 1) {
      controller.handle({ type: 'error', error: networkError });
      clock.advance(DAY);
      expect(updater.checks).toBe(attempt + 1);
    }
  });
});
