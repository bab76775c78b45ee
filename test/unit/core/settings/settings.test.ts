// Settings on disk: defaults when there is no file, a corrupt file set aside with a message for
// the user (never silently dropped), partial updates merged, validated and written atomically.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Settings } from '../../../../electron/contract';
import { createSilentLogger } from '../../../../electron/core/logs/logger';
import {
  applyPatch,
  createSettingsService,
  DEFAULT_SETTINGS,
  unreadableSettingsNotice,
} from '../../../../electron/core/settings';

let dir: string;
let filePath: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'settings-test-'));
  filePath = join(dir, 'settings.json');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const service = () => createSettingsService({ filePath, log: createSilentLogger() });

describe('settings service', () => {
  it('uses the defaults when there is no file: the demo service, system theme', async () => {
    const settings = service();
    expect(await settings.load()).toEqual({});
    expect(settings.get()).toEqual(DEFAULT_SETTINGS);
    expect(settings.get()).toMatchObject({ serviceBaseUrl: null, theme: 'system' });
  });

  it('fills what an older, partial file lacks', async () => {
    await writeFile(
      filePath,
      JSON.stringify({ theme: 'dark', notifications: { morningTime: '07:00' } }),
    );
    const settings = service();
    await settings.load();
    expect(settings.get().theme).toBe('dark');
    expect(settings.get().notifications.morningTime).toBe('07:00');
    expect(settings.get().notifications.meetingLeadMinutes).toBe(15);
  });

  it.each([
    ['not JSON', '{ "theme": '],
    ['a wrong value', JSON.stringify({ theme: 'purple' })],
  ])('sets a corrupt file (%s) aside, uses defaults and says so', async (_what, contents) => {
    await writeFile(filePath, contents);
    const settings = service();
    const { unreadable } = await settings.load();
    const notice = unreadable && unreadableSettingsNotice(unreadable);
    expect(notice).toMatch(/could not be read/);
    expect(settings.get()).toEqual(DEFAULT_SETTINGS);
    const files = await readdir(dir);
    const setAside = files.find((name) => name.startsWith('settings.json.corrupt-'));
    expect(setAside).toBeDefined();
    expect(notice).toContain(setAside);
    expect(await readFile(join(dir, setAside ?? ''), 'utf8')).toBe(contents);
  });

  it('applies a partial update, writes it, and reads it back after a restart', async () => {
    const settings = service();
    await settings.load();
    const seen: Settings[] = [];
    settings.subscribe((next) => seen.push(next));
    const next = await settings.update({
      theme: 'light',
      notifications: { enabled: { quota: false }, meetingLeadMinutes: 30 },
    });
    expect(next.theme).toBe('light');
    expect(next.notifications.enabled).toEqual({
      'morning-briefing': true,
      'meeting-briefing': true,
      quota: false,
      'run-finished': true,
    });
    expect(next.notifications.meetingLeadMinutes).toBe(30);
    expect(next.notifications.morningTime).toBe('08:00');
    expect(seen).toEqual([next]);

    const again = service();
    await again.load();
    expect(again.get()).toEqual(next);
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses an update that would make invalid settings and keeps the old ones', async () => {
    const settings = service();
    await settings.load();
    await expect(
      settings.update({ notifications: { morningTime: '8 o’clock' } }),
    ).rejects.toThrow();
    expect(settings.get()).toEqual(DEFAULT_SETTINGS);
  });

  it('applies quick successive updates in order, none lost', async () => {
    const settings = service();
    await settings.load();
    await Promise.all([
      settings.update({ theme: 'dark' }),
      settings.update({ launchAtLogin: true }),
      settings.update({ notifications: { doNotDisturb: true } }),
    ]);
    const again = service();
    await again.load();
    expect(again.get()).toMatchObject({
      theme: 'dark',
      launchAtLogin: true,
      notifications: { doNotDisturb: true },
    });
  });
});

describe('applyPatch', () => {
  it('leaves everything not named as it was', () => {
    expect(applyPatch(DEFAULT_SETTINGS, {})).toEqual(DEFAULT_SETTINGS);
    expect(applyPatch(DEFAULT_SETTINGS, { serviceBaseUrl: 'https://x.example/api/v1/a' })).toEqual({
      ...DEFAULT_SETTINGS,
      serviceBaseUrl: 'https://x.example/api/v1/a',
    });
  });

  it('can set the service back to the demo with null', () => {
    const custom = applyPatch(DEFAULT_SETTINGS, { serviceBaseUrl: 'https://x.example/api/v1/a' });
    expect(applyPatch(custom, { serviceBaseUrl: null }).serviceBaseUrl).toBeNull();
  });
});
