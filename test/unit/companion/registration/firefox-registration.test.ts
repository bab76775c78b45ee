// Firefox's registration: its own host manifest (`allowed_extensions`, the extension's Firefox id),
// where Firefox reads it on each OS (a folder of Mozilla's on Linux and macOS, Mozilla's HKCU key
// on Windows naming a file of its own beside the Chromium one), written in a fake home only for
// a user who has Firefox, and the caller form the relay introduces it by.
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CompanionOrigin } from '../../../../electron/contract';
import {
  allowedOrigins,
  FIREFOX_EXTENSION_ID,
  firefoxOrigin,
  servedOrigins,
} from '../../../../electron/companion/registration/extension-ids';
import {
  firefoxHostManifest,
  firefoxManifestPlace,
  firefoxRegistryPlace,
} from '../../../../electron/companion/registration/manifests';
import {
  applyRegistration,
  registrationPlan,
  removeRegistration,
  type RegistrationInputs,
  type RegistryAccess,
} from '../../../../electron/companion/registration/registration';
import { browserOf, extensionBuildOf } from '../../../../electron/companion/browser-name';

const NAME = 'com.assistant.desktop.companion';
const RELAY = '/opt/Assistant Desktop/resources/relay/assistant-relay';
const windowsOnly = () => Promise.reject(new Error('the registry is Windows only'));
const noReg: RegistryAccess = { read: windowsOnly, write: windowsOnly, remove: windowsOnly };

describe('Firefox’s host manifest', () => {
  it('names the relay and lets in the extension by its Firefox id, not by origin', () => {
    expect(firefoxHostManifest(RELAY, [FIREFOX_EXTENSION_ID])).toEqual({
      name: NAME,
      description: expect.any(String) as string,
      path: RELAY,
      type: 'stdio',
      allowed_extensions: ['companion@assistant-desktop.example'],
    });
  });
});

describe('where Firefox reads it', () => {
  it('Linux: ~/.mozilla/native-messaging-hosts, whatever XDG_CONFIG_HOME says, once ~/.mozilla exists', () => {
    expect(firefoxManifestPlace({ platform: 'linux', home: '/home/mia' })).toEqual({
      browser: 'firefox',
      browserDir: '/home/mia/.mozilla',
      manifestPath: `/home/mia/.mozilla/native-messaging-hosts/${NAME}.json`,
    });
    const plan = registrationPlan({
      platform: 'linux',
      env: { XDG_CONFIG_HOME: '/cfg' },
      home: '/home/mia',
      uid: 1000,
      username: 'mia',
      launchCommand: ['/opt/a'],
      relayPath: RELAY,
      allowedOrigins: [],
    });
    expect(plan.manifestFiles.filter((p) => p.browser === 'firefox')).toEqual([
      expect.objectContaining({
        manifestPath: `/home/mia/.mozilla/native-messaging-hosts/${NAME}.json`,
      }),
    ]);
  });

  it('macOS: Mozilla’s NativeMessagingHosts, once Firefox’s own folder exists', () => {
    expect(firefoxManifestPlace({ platform: 'darwin', home: '/Users/mia' })).toEqual({
      browser: 'firefox',
      browserDir: '/Users/mia/Library/Application Support/Firefox',
      manifestPath: `/Users/mia/Library/Application Support/Mozilla/NativeMessagingHosts/${NAME}.json`,
    });
  });

  it('Windows: no folder; Mozilla’s key under HKCU names Firefox’s own manifest file', () => {
    expect(firefoxManifestPlace({ platform: 'win32', home: 'C:\\Users\\mia' })).toBeUndefined();
    expect(firefoxRegistryPlace()).toEqual({
      browser: 'firefox',
      key: `HKCU\\Software\\Mozilla\\NativeMessagingHosts\\${NAME}`,
    });
  });
});

// Files and POSIX modes in a fake home (Windows registers through the registry instead:
// registration.test.ts's Windows blocks).
describe.skipIf(process.platform === 'win32')('registration in a fake home', () => {
  let home: string;
  let inputs: RegistrationInputs;
  const firefoxFile = () => join(home, '.mozilla', 'native-messaging-hosts', `${NAME}.json`);

  beforeEach(async () => {
    home = await mkdtemp(join(tmpdir(), 'companion-firefox-home-'));
    inputs = {
      platform: 'linux',
      env: {},
      home,
      uid: 1000,
      username: 'mia',
      launchCommand: ['/opt/a'],
      relayPath: RELAY,
      allowedOrigins: allowedOrigins('development'),
    };
  });
  afterEach(async () => {
    await rm(home, { recursive: true, force: true });
  });

  it('writes nothing for a user who never ran Firefox', async () => {
    const report = await applyRegistration(registrationPlan(inputs), noReg);
    expect(report.written).not.toContain(firefoxFile());
    await expect(stat(join(home, '.mozilla'))).rejects.toThrow();
  });

  it('writes Firefox’s manifest (not the Chromium one) where Firefox has run, and removes it', async () => {
    await mkdir(join(home, '.mozilla', 'firefox'), { recursive: true });
    const report = await applyRegistration(registrationPlan(inputs), noReg);
    expect(report.written).toContain(firefoxFile());
    expect(JSON.parse(await readFile(firefoxFile(), 'utf8'))).toEqual(
      firefoxHostManifest(RELAY, [FIREFOX_EXTENSION_ID]),
    );
    expect((await stat(firefoxFile())).mode & 0o777).toBe(0o644);
    // The next start finds it right and rewrites nothing.
    const next = await applyRegistration(registrationPlan(inputs), noReg);
    expect(next.written).toEqual([]);
    expect(next.unchanged).toContain(firefoxFile());

    expect(await removeRegistration(inputs, noReg)).toContain(firefoxFile());
    await expect(stat(firefoxFile())).rejects.toThrow();
  });
});

describe('the Firefox caller, as the relay introduces it', () => {
  it('is a companion origin of its own form; look-alikes are not', () => {
    expect(firefoxOrigin(FIREFOX_EXTENSION_ID)).toBe('firefox:companion@assistant-desktop.example');
    for (const good of [
      'firefox:companion@assistant-desktop.example',
      'firefox:{0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b}',
      `chrome-extension://${'a'.repeat(32)}/`,
    ]) {
      expect(CompanionOrigin.safeParse(good).success, good).toBe(true);
    }
    for (const bad of [
      'firefox:',
      'firefox:no-at-sign',
      'firefox:a b@example.com',
      'firefox:a@b/c',
      'moz-extension://companion@assistant-desktop.example/',
      `firefox:${'a'.repeat(80)}@example.com`,
    ]) {
      expect(CompanionOrigin.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('is served by every kind of run, named Firefox, and counted as the published build', () => {
    const firefox = firefoxOrigin(FIREFOX_EXTENSION_ID);
    expect(servedOrigins('packaged', {}, [])).toEqual([firefox]);
    expect(servedOrigins('development', {}, [])).toContain(firefox);
    // The relay reads no process name on macOS or Windows: the caller's form names the browser.
    expect(browserOf(firefox, undefined)).toBe('firefox');
    expect(browserOf(`chrome-extension://${'a'.repeat(32)}/`, 'msedge')).toBe('edge');
    expect(extensionBuildOf(firefox)).toBe('store');
    expect(extensionBuildOf(firefoxOrigin('other@example.com'))).toBe('other');
  });
});
