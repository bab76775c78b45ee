import { describe, expect, it } from 'vitest';
import {
  classifyUpdateError,
  detectUpdateFeed,
  LINUX_UPDATES,
  progressEvent,
  resolveUpdatePolicy,
  retryDelayMs,
  versionEvent,
  type UpdateFeedProbe,
} from '../../../../electron/core/updates';

describe('classifyUpdateError', () => {
  const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

  it.each([
    [coded('sha512 checksum mismatch, expected a, got b', 'ERR_CHECKSUM_MISMATCH'), 'integrity'],
    [new Error('checksum mismatch: expected a but got b (X-Checksum-Sha2 header)'), 'integrity'],
    [
      coded(
        'New version 1.2.0 is not signed by the application owner',
        'ERR_UPDATER_INVALID_SIGNATURE',
      ),
      'signature',
    ],
    [new Error('Code signature at URL file:///x did not pass validation'), 'signature'],
    [coded('getaddrinfo ENOTFOUND updates.example.com', 'ENOTFOUND'), 'network'],
    [new Error('net::ERR_INTERNET_DISCONNECTED'), 'network'],
    [Object.assign(new Error('HTTP error: 503'), { statusCode: 503 }), 'network'],
    [Object.assign(new Error('HTTP error: 404'), { statusCode: 404 }), 'feed'],
    [
      coded(
        'Cannot find latest.yml in the latest release artifacts',
        'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND',
      ),
      'feed',
    ],
    [new Error('something else'), 'other'],
    ['a string was thrown', 'other'],
  ])('%s is %s', (error, kind) => {
    const failure = classifyUpdateError(error);
    expect(failure.kind).toBe(kind);
    expect(failure.message).not.toMatch(/https?:|file:/);
  });

  it('keeps the detail for the log, shortened', () => {
    const failure = classifyUpdateError(new Error('x'.repeat(2_000)));
    expect(failure.detail).toHaveLength(500);
  });
});

describe('retryDelayMs', () => {
  const policy = resolveUpdatePolicy({ retryBaseMs: 1_000, retryMaxMs: 10_000 });

  it('doubles from the base and stops at the cap', () => {
    expect([1, 2, 3, 4, 5, 40].map((n) => retryDelayMs(policy, n, () => 0.5))).toEqual([
      1_000, 2_000, 4_000, 8_000, 10_000, 10_000,
    ]);
  });

  it('spreads retries by at most a fifth either way, never past the cap', () => {
    expect(retryDelayMs(policy, 1, () => 0)).toBe(800);
    expect(retryDelayMs(policy, 1, () => 0.999_999)).toBe(1_200);
    expect(retryDelayMs(policy, 9, () => 0.999_999)).toBe(10_000);
  });

  it('refuses a policy that makes no sense', () => {
    expect(() => resolveUpdatePolicy({ checkIntervalMs: 0 })).toThrow();
    expect(() => resolveUpdatePolicy({ retryBaseMs: -1 })).toThrow();
  });
});

describe('detectUpdateFeed', () => {
  const resources = 'C:\\Program Files\\Assistant Desktop\\resources';
  const linux = '/opt/assistant-desktop/resources';
  const files = new Set([
    `${resources}\\app-update.yml`,
    `${linux}/app-update.yml`,
    `${linux}/package-type`,
  ]);
  const probe = (overrides: Partial<UpdateFeedProbe> = {}): UpdateFeedProbe => ({
    isPackaged: true,
    resourcesPath: resources,
    platform: 'win32',
    env: {},
    isNonEmptyFile: (file) => files.has(file),
    ...overrides,
  });

  it('is on for a packaged build that carries app-update.yml', () => {
    expect(detectUpdateFeed(probe())).toEqual({
      enabled: true,
      configPath: `${resources}\\app-update.yml`,
    });
    const mac = '/Applications/Assistant Desktop.app/Contents/Resources';
    files.add(`${mac}/app-update.yml`);
    expect(detectUpdateFeed(probe({ platform: 'darwin', resourcesPath: mac }))).toEqual({
      enabled: true,
      configPath: `${mac}/app-update.yml`,
    });
  });

  it('is off when the build has no publish target', () => {
    expect(detectUpdateFeed(probe({ resourcesPath: '/elsewhere' }))).toEqual({
      enabled: false,
      reason: 'This build has no update server configured.',
    });
  });

  it('is off in development and when an administrator turns it off', () => {
    expect(detectUpdateFeed(probe({ isPackaged: false })).enabled).toBe(false);
    const off = detectUpdateFeed(probe({ env: { ASSISTANT_UPDATES: 'off' } }));
    expect(off).toEqual({
      enabled: false,
      reason: 'Updates are turned off (ASSISTANT_UPDATES=off).',
    });
  });

  it('is off on Linux whatever the build carries, and says where updates come from', () => {
    // electron-updater checks no signature on an AppImage or deb: the feed alone would decide.
    for (const env of [{}, { APPIMAGE: '/home/me/a.AppImage' }]) {
      expect(detectUpdateFeed(probe({ platform: 'linux', resourcesPath: linux, env }))).toEqual({
        enabled: false,
        reason: LINUX_UPDATES,
      });
    }
    expect(LINUX_UPDATES).toMatch(/^Updates come from your package manager on Linux/);
  });
});

describe('updater payloads', () => {
  it('reads the version of an announced update', () => {
    expect(versionEvent('downloaded', { version: '1.2.0', files: [], extra: 1 })).toEqual({
      type: 'downloaded',
      version: '1.2.0',
    });
    expect(versionEvent('available', { version: '2.0.0-beta.1' })).toEqual({
      type: 'available',
      version: '2.0.0-beta.1',
    });
  });

  it('turns update information without a usable version into a feed error', () => {
    for (const info of [undefined, {}, { version: 'latest' }, { version: '1.2.0\n--x' }]) {
      const event = versionEvent('downloaded', info);
      expect(event.type).toBe('error');
      expect(event.type === 'error' && classifyUpdateError(event.error).kind).toBe('feed');
    }
  });

  it('drops malformed progress', () => {
    expect(progressEvent({ percent: 12.5, bytesPerSecond: 1 })).toEqual({
      type: 'progress',
      percent: 12.5,
    });
    expect(progressEvent({ percent: 'x' })).toBeUndefined();
  });
});
