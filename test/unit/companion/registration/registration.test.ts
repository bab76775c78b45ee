// Registration at start: what gets written where for a user with some browsers (a fake home),
// nothing rewritten when it is already right, the launch file private, and removal. Windows's
// registry steps run against a stand-in that keeps the keys in a map, and on Windows (Wine in
// `npm run test:windows`) against the registry itself through the built relay.
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allowedOrigins } from '../../../../electron/companion/registration/extension-ids';
import {
  firefoxHostManifest,
  firefoxRegistryPlace,
  hostManifest,
  registryPlaces,
} from '../../../../electron/companion/registration/manifests';
import { FIREFOX_EXTENSION_ID } from '../../../../electron/companion/registration/extension-ids';
import {
  applyRegistration,
  registrationPlan,
  removeRegistration,
  syncRegistry,
  type RegistrationInputs,
  type RegistryAccess,
} from '../../../../electron/companion/registration/registration';
import { relayRegistry } from '../../../../electron/companion/registration/relay-registry';
import { relayBinary } from '../../../support/relay-binary';

const NAME = 'com.assistant.desktop.companion';
const RELAY = '/opt/Assistant Desktop/resources/relay/assistant-relay';
const LAUNCH = ['/opt/Assistant Desktop/assistant-desktop', '--background'];
const ORIGINS = allowedOrigins('development');
const windowsOnly = () => Promise.reject(new Error('the registry is Windows only'));
const noReg: RegistryAccess = { read: windowsOnly, write: windowsOnly, remove: windowsOnly };

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

// Files and POSIX modes in a fake home; Windows registers a manifest in LOCALAPPDATA and points
// the registry at it instead, which the last block below does for real on Windows.
describe.skipIf(process.platform === 'win32')(
  'registration on Linux, in a fake home with some browsers',
  () => {
    let home: string;
    let inputs: RegistrationInputs;
    const chromium = () =>
      join(home, '.config', 'chromium', 'NativeMessagingHosts', `${NAME}.json`);
    const braveFlatpak = () =>
      join(
        home,
        '.var/app/com.brave.Browser/config/BraveSoftware/Brave-Browser/NativeMessagingHosts',
        `${NAME}.json`,
      );
    const launchFile = () => join(home, '.config', 'assistant-desktop', 'companion', 'launch');

    beforeEach(async () => {
      home = await mkdtemp(join(tmpdir(), 'companion-home-'));
      await mkdir(join(home, '.config', 'chromium'), { recursive: true });
      await mkdir(
        join(home, '.var', 'app', 'com.brave.Browser', 'config', 'BraveSoftware', 'Brave-Browser'),
        { recursive: true },
      );
      inputs = {
        platform: 'linux',
        env: {},
        home,
        uid: 1000,
        username: 'mia',
        launchCommand: LAUNCH,
        relayPath: RELAY,
        allowedOrigins: ORIGINS,
      };
    });
    afterEach(async () => {
      await rm(home, { recursive: true, force: true });
    });

    it('writes the launch file and a manifest for each browser the user has, and no other', async () => {
      const report = await applyRegistration(registrationPlan(inputs), noReg);
      expect(report).toEqual({
        written: [launchFile(), chromium()],
        unchanged: [],
        registryKeysSet: [],
        removed: [],
      });
      expect(await readFile(launchFile(), 'utf8')).toBe(`${LAUNCH.join('\n')}\n`);
      expect(await modeOf(launchFile())).toBe(0o600);
      expect(await modeOf(join(home, '.config', 'assistant-desktop', 'companion'))).toBe(0o700);
      expect(JSON.parse(await readFile(chromium(), 'utf8'))).toEqual(hostManifest(RELAY, ORIGINS));
      expect(await modeOf(chromium())).toBe(0o644);
      // Brave's Flatpak is installed, but its sandbox could not run the relay: no manifest.
      await expect(stat(braveFlatpak())).rejects.toThrow();
      // Chrome and Edge are not installed: no folder of theirs appears.
      await expect(stat(join(home, '.config', 'google-chrome'))).rejects.toThrow();
      await expect(stat(join(home, '.config', 'microsoft-edge'))).rejects.toThrow();
    });

    it('rewrites nothing that is already right, and only what changed after an update', async () => {
      await applyRegistration(registrationPlan(inputs), noReg);
      const before = (await stat(chromium())).mtimeMs;
      const again = await applyRegistration(registrationPlan(inputs), noReg);
      expect(again.written).toEqual([]);
      expect(again.unchanged).toEqual([launchFile(), chromium()]);
      expect((await stat(chromium())).mtimeMs).toBe(before);

      // An update moved the app: the manifests follow the relay, the launch file the executable.
      const moved = {
        ...inputs,
        relayPath: '/opt/Assistant Desktop 2/resources/relay/assistant-relay',
      };
      const after = await applyRegistration(registrationPlan(moved), noReg);
      expect(after.written).toEqual([chromium()]);
      expect(JSON.parse(await readFile(chromium(), 'utf8')).path).toBe(moved.relayPath);
    });

    it('puts back modes loosened since, and replaces a link rather than writing through it', async () => {
      await applyRegistration(registrationPlan(inputs), noReg);
      await chmod(launchFile(), 0o666);
      await chmod(join(home, '.config', 'assistant-desktop', 'companion'), 0o777);
      const elsewhere = join(home, 'elsewhere.json');
      await writeFile(elsewhere, 'not yours');
      await rm(chromium());
      await symlink(elsewhere, chromium());

      const report = await applyRegistration(registrationPlan(inputs), noReg);
      expect(report.written).toEqual([launchFile(), chromium()]);
      expect(await modeOf(launchFile())).toBe(0o600);
      expect(await modeOf(join(home, '.config', 'assistant-desktop', 'companion'))).toBe(0o700);
      expect(await readFile(elsewhere, 'utf8')).toBe('not yours');
      expect(JSON.parse(await readFile(chromium(), 'utf8')).path).toBe(RELAY);
    });

    it('follows XDG_CONFIG_HOME, as Chromium does', async () => {
      const config = join(home, 'cfg');
      await mkdir(join(config, 'google-chrome'), { recursive: true });
      const plan = registrationPlan({ ...inputs, env: { XDG_CONFIG_HOME: config } });
      const report = await applyRegistration(plan, noReg);
      expect(report.written).toEqual([
        join(config, 'assistant-desktop', 'companion', 'launch'),
        join(config, 'google-chrome', 'NativeMessagingHosts', `${NAME}.json`),
      ]);
    });

    it('removes a Flatpak build’s manifest an earlier version wrote, at start and on uninstall', async () => {
      await mkdir(join(braveFlatpak(), '..'), { recursive: true });
      await writeFile(braveFlatpak(), JSON.stringify(hostManifest(RELAY, ORIGINS)));
      const report = await applyRegistration(registrationPlan(inputs), noReg);
      expect(report.removed).toEqual([braveFlatpak()]);
      await expect(stat(braveFlatpak())).rejects.toThrow();
      // The browser's own folder stays: only our file goes.
      expect((await stat(join(braveFlatpak(), '..'))).isDirectory()).toBe(true);

      await writeFile(braveFlatpak(), JSON.stringify(hostManifest(RELAY, ORIGINS)));
      expect(await removeRegistration(inputs, noReg)).toEqual([
        launchFile(),
        chromium(),
        braveFlatpak(),
      ]);
    });

    it('AppImage: copies the relay into the companion folder and points the browsers at the copy', async () => {
      const mounted = join(home, 'mount-1', 'resources', 'relay', 'assistant-relay');
      await mkdir(join(mounted, '..'), { recursive: true });
      await writeFile(mounted, 'relay v1');
      const appImage = { ...inputs, relayPath: mounted, copyRelay: true };
      const copy = join(home, '.config', 'assistant-desktop', 'companion', 'assistant-relay');
      const report = await applyRegistration(registrationPlan(appImage), noReg);
      expect(report.written).toEqual([copy, launchFile(), chromium()]);
      expect(await readFile(copy, 'utf8')).toBe('relay v1');
      expect(await modeOf(copy)).toBe(0o700);
      expect(JSON.parse(await readFile(chromium(), 'utf8')).path).toBe(copy);

      // The next run mounts elsewhere: same relay, nothing rewritten; a new relay replaces the copy.
      const remounted = join(home, 'mount-2', 'assistant-relay');
      await mkdir(join(remounted, '..'), { recursive: true });
      await writeFile(remounted, 'relay v1');
      const again = await applyRegistration(
        registrationPlan({ ...appImage, relayPath: remounted }),
        noReg,
      );
      expect(again.written).toEqual([]);
      await writeFile(remounted, 'relay v2');
      const updated = await applyRegistration(
        registrationPlan({ ...appImage, relayPath: remounted }),
        noReg,
      );
      expect(updated.written).toEqual([copy]);
      expect(await readFile(copy, 'utf8')).toBe('relay v2');

      expect(await removeRegistration({ ...inputs, relayPath: remounted }, noReg)).toEqual([
        launchFile(),
        copy,
        chromium(),
      ]);
    });

    it('refuses a launch command that would not survive one argument per line', () => {
      expect(() => registrationPlan({ ...inputs, launchCommand: ['/opt/a\nb'] })).toThrow(
        /line break/,
      );
      expect(() => registrationPlan({ ...inputs, launchCommand: [] })).toThrow(/empty/);
    });

    it('removes the launch file and every manifest, and is content when they are gone', async () => {
      await applyRegistration(registrationPlan(inputs), noReg);
      expect(await removeRegistration(inputs, noReg)).toEqual([launchFile(), chromium()]);
      await expect(stat(launchFile())).rejects.toThrow();
      await expect(stat(chromium())).rejects.toThrow();
      // The browsers' own folders stay.
      expect((await stat(join(home, '.config', 'chromium'))).isDirectory()).toBe(true);
      expect(await removeRegistration(inputs, noReg)).toEqual([]);
    });

    it('removes the address file a start recorded, too', async () => {
      await applyRegistration(registrationPlan(inputs), noReg);
      const address = join(home, '.config', 'assistant-desktop', 'companion', 'address');
      await writeFile(address, '/run/user/1000/assistant-desktop/companion.sock\n');
      expect(await removeRegistration(inputs, noReg)).toEqual([launchFile(), address, chromium()]);
      await expect(stat(address)).rejects.toThrow();
    });
  },
);

// macOS's places, decided by the plan's platform whatever OS runs this (files and POSIX modes
// again, so not on Windows): Application Support for the browsers and the companion folder, and
// XDG_CONFIG_HOME, Linux's, moves nothing.
describe.skipIf(process.platform === 'win32')('registration on macOS, in a fake home', () => {
  let home: string;
  beforeEach(async () => {
    home = await mkdtemp(join(tmpdir(), 'companion-mac-home-'));
  });
  afterEach(async () => {
    await rm(home, { recursive: true, force: true });
  });

  it('writes the launch file and the manifest of each browser the user has in Application Support', async () => {
    const support = join(home, 'Library', 'Application Support');
    await mkdir(join(support, 'Google', 'Chrome'), { recursive: true });
    const inputs: RegistrationInputs = {
      platform: 'darwin',
      env: { XDG_CONFIG_HOME: join(home, 'cfg') },
      home,
      uid: 501,
      username: 'mia',
      launchCommand: ['/Applications/Assistant Desktop.app/Contents/MacOS/Assistant Desktop'],
      relayPath: RELAY,
      allowedOrigins: ORIGINS,
    };
    const launchFile = join(support, 'Assistant Desktop', 'companion', 'launch');
    const chrome = join(support, 'Google', 'Chrome', 'NativeMessagingHosts', `${NAME}.json`);
    const report = await applyRegistration(registrationPlan(inputs), noReg);
    expect(report).toEqual({
      written: [launchFile, chrome],
      unchanged: [],
      registryKeysSet: [],
      removed: [],
    });
    expect(await modeOf(launchFile)).toBe(0o600);
    expect(JSON.parse(await readFile(chrome, 'utf8'))).toEqual(hostManifest(RELAY, ORIGINS));
    await expect(stat(join(home, 'cfg'))).rejects.toThrow();
    await expect(stat(join(home, '.config'))).rejects.toThrow();
    expect(await removeRegistration(inputs, noReg)).toEqual([launchFile, chrome]);
  });
});

describe('registration on Windows (the plan, and the registry keys it sets)', () => {
  const inputs: RegistrationInputs = {
    platform: 'win32',
    env: { LOCALAPPDATA: 'C:\\Users\\mia\\AppData\\Local' },
    home: 'C:\\Users\\mia',
    uid: -1,
    username: 'mia',
    launchCommand: [
      'C:\\Users\\mia\\AppData\\Local\\Programs\\Assistant Desktop\\A.exe',
      '--background',
    ],
    relayPath:
      'C:\\Users\\mia\\AppData\\Local\\Programs\\Assistant Desktop\\resources\\relay\\assistant-relay.exe',
    allowedOrigins: ORIGINS,
  };
  const manifestPath = `C:\\Users\\mia\\AppData\\Local\\Assistant Desktop\\companion\\${NAME}.json`;
  const firefoxManifestPath = `C:\\Users\\mia\\AppData\\Local\\Assistant Desktop\\companion\\${NAME}.firefox.json`;

  /** The registry's keys and their default values, in a map, with every call recorded. */
  function fakeRegistry(keys: Map<string, string>): { registry: RegistryAccess; calls: string[] } {
    const calls: string[] = [];
    const registry: RegistryAccess = {
      read: async (key) => {
        calls.push('read');
        return keys.get(key);
      },
      write: async (key, value) => {
        calls.push('write');
        keys.set(key, value);
      },
      remove: async (key) => {
        calls.push('remove');
        return keys.delete(key);
      },
    };
    return { registry, calls };
  }

  it('puts the manifest in the companion folder and points every browser’s key at it', () => {
    const plan = registrationPlan(inputs);
    expect(plan.manifestFiles).toEqual([]);
    expect(plan.launchFile.path).toBe(
      'C:\\Users\\mia\\AppData\\Local\\Assistant Desktop\\companion\\launch',
    );
    expect(plan.launchFile.text).toBe(`${inputs.launchCommand.join('\n')}\n`);
    expect(plan.windows).toEqual({
      manifestPath,
      keys: registryPlaces().map(({ key }) => key),
      // Firefox's manifest differs (allowed_extensions): a file of its own, and Mozilla's key.
      firefox: {
        manifestPath: firefoxManifestPath,
        keys: [`HKCU\\Software\\Mozilla\\NativeMessagingHosts\\${NAME}`],
      },
    });
    expect(JSON.parse(plan.firefoxManifestText)).toEqual(
      firefoxHostManifest(inputs.relayPath, [FIREFOX_EXTENSION_ID]),
    );
  });

  it('sets only the keys that do not already name the manifest', async () => {
    const plan = registrationPlan(inputs);
    const windows = plan.windows;
    if (windows === undefined) throw new Error('no Windows plan');
    const [chrome, chromium, edge, brave] = registryPlaces().map(({ key }) => key);
    const keys = new Map([
      [chrome ?? '', manifestPath],
      [edge ?? '', 'C:\\old\\place.json'],
    ]);
    const fake = fakeRegistry(keys);
    expect(await syncRegistry(windows, fake.registry)).toEqual([chromium, edge, brave]);
    expect([...keys.values()]).toEqual([manifestPath, manifestPath, manifestPath, manifestPath]);
    // Next start: four reads, no write.
    const next = fakeRegistry(keys);
    expect(await syncRegistry(windows, next.registry)).toEqual([]);
    expect(next.calls).toEqual(['read', 'read', 'read', 'read']);
  });

  it('stops at a key the registry refuses, so the start can say registration failed', async () => {
    const windows = registrationPlan(inputs).windows;
    if (windows === undefined) throw new Error('no Windows plan');
    const refusing: RegistryAccess = {
      read: async () => undefined,
      write: () => Promise.reject(new Error('Access is denied. (os error 5)')),
      remove: async () => false,
    };
    await expect(syncRegistry(windows, refusing)).rejects.toThrow(/Access is denied/);
  });

  it('removes the keys that exist and passes over the others', async () => {
    const [chrome, , edge] = registryPlaces().map(({ key }) => key);
    const firefox = firefoxRegistryPlace().key;
    const keys = new Map([
      [chrome ?? '', manifestPath],
      [edge ?? '', manifestPath],
      [firefox, firefoxManifestPath],
    ]);
    const fake = fakeRegistry(keys);
    // The files are on a Windows disk this machine does not have: none is found, none removed.
    expect(await removeRegistration(inputs, fake.registry)).toEqual([chrome, edge, firefox]);
    expect(keys.size).toBe(0);
    expect(fake.calls).toEqual(['remove', 'remove', 'remove', 'remove', 'remove']);
  });
});

// The registry itself, on Windows (under Wine in `npm run test:windows`): the keys written through
// the built relay, read back with reg.exe's own query (not the code under test), and removed.
// Whatever the user had under those keys before is put back.
describe.runIf(process.platform === 'win32')('registration on Windows, in the registry', () => {
  const hostKeys = [
    'Software\\Google\\Chrome',
    'Software\\Chromium',
    'Software\\Microsoft\\Edge',
    'Software\\BraveSoftware\\Brave-Browser',
  ].map((browser) => `HKCU\\${browser}\\NativeMessagingHosts\\${NAME}`);
  const firefoxKey = `HKCU\\Software\\Mozilla\\NativeMessagingHosts\\${NAME}`;
  const allKeys = [...hostKeys, firefoxKey];
  let local: string;
  let before: (string | undefined)[];

  /** reg.exe, as a person would check by hand; its output is in the console's code page. */
  const regExe = (args: string[]) =>
    new Promise<string>((resolve, reject) => {
      const reg = join(process.env.SystemRoot ?? 'C:\\Windows', 'System32', 'reg.exe');
      execFile(reg, args, { windowsHide: true }, (error, stdout) =>
        error === null ? resolve(stdout) : reject(error),
      );
    });

  /** The key's default value as reg.exe prints it, or undefined when there is no such key. */
  async function readKey(key: string): Promise<string | undefined> {
    const output = await regExe(['query', key, '/ve']).catch(() => undefined);
    return output === undefined ? undefined : /REG_SZ\s+(.+?)\s*$/m.exec(output)?.[1];
  }

  beforeEach(async () => {
    local = await mkdtemp(join(tmpdir(), 'companion-local-'));
    before = await Promise.all(allKeys.map(readKey));
  });
  afterEach(async () => {
    for (const [index, key] of allKeys.entries()) {
      const value = before[index];
      await (value === undefined
        ? regExe(['delete', key, '/f']).catch(() => '')
        : regExe(['add', key, '/ve', '/t', 'REG_SZ', '/d', value, '/f']));
    }
    await rm(local, { recursive: true, force: true });
  });

  const inputsIn = (folder: string): RegistrationInputs => ({
    platform: 'win32',
    env: { LOCALAPPDATA: folder },
    home: folder,
    uid: -1,
    username: userInfo().username,
    launchCommand: ['C:\\Program Files\\Assistant Desktop\\A.exe', '--background'],
    relayPath: 'C:\\Program Files\\Assistant Desktop\\resources\\relay\\assistant-relay.exe',
    allowedOrigins: ORIGINS,
  });

  it('points every browser’s key at the manifest through the relay, and removes them again', async () => {
    const inputs = inputsIn(local);
    const registry = relayRegistry(relayBinary());
    const manifest = join(local, 'Assistant Desktop', 'companion', `${NAME}.json`);
    const firefoxManifest = join(local, 'Assistant Desktop', 'companion', `${NAME}.firefox.json`);
    const report = await applyRegistration(registrationPlan(inputs), registry);
    expect(report.registryKeysSet).toEqual(allKeys);
    expect(await Promise.all(hostKeys.map(readKey))).toEqual(hostKeys.map(() => manifest));
    expect(await readKey(firefoxKey)).toBe(firefoxManifest);
    expect(JSON.parse(await readFile(manifest, 'utf8'))).toEqual(
      hostManifest(inputs.relayPath, ORIGINS),
    );
    expect(JSON.parse(await readFile(firefoxManifest, 'utf8'))).toEqual(
      firefoxHostManifest(inputs.relayPath, [FIREFOX_EXTENSION_ID]),
    );

    // The next start finds every key right and sets none.
    expect((await applyRegistration(registrationPlan(inputs), registry)).registryKeysSet).toEqual(
      [],
    );

    const removed = await removeRegistration(inputs, registry);
    expect(removed).toEqual(expect.arrayContaining([manifest, firefoxManifest, ...allKeys]));
    expect(await Promise.all(allKeys.map(readKey))).toEqual(allKeys.map(() => undefined));
  });

  it('keeps a profile folder’s name outside ASCII as it is, so the next start rewrites nothing', async () => {
    // A user named Zoë with an emoji in her folder: UTF-16 from the app to the registry and back.
    const folder = join(local, 'Zoë 😀');
    await mkdir(folder);
    const inputs = inputsIn(folder);
    const registry = relayRegistry(relayBinary());
    const manifest = join(folder, 'Assistant Desktop', 'companion', `${NAME}.json`);
    expect((await applyRegistration(registrationPlan(inputs), registry)).registryKeysSet).toEqual(
      allKeys,
    );
    expect(await registry.read(hostKeys[0] ?? '')).toBe(manifest);
    // reg.exe sees the key too (its output's code page aside, the file name is ASCII).
    expect(await readKey(hostKeys[0] ?? '')).toMatch(new RegExp(`${NAME}\\.json$`));
    expect((await applyRegistration(registrationPlan(inputs), registry)).registryKeysSet).toEqual(
      [],
    );
  });

  it('refuses, through the signed relay, any key but the five', async () => {
    const registry = relayRegistry(relayBinary());
    const run = 'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run';
    await expect(registry.write(run, 'C:\\evil.exe')).rejects.toMatchObject({
      name: 'RegistryError',
      reason: 'refused',
    });
  });
});
