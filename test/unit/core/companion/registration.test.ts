// Registration at start: what gets written where for a user with some browsers (a fake home),
// nothing rewritten when it is already right, the launch file private, and removal. Windows's
// registry steps run against a stand-in for reg.exe that keeps the keys in a map.
import { chmod, mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allowedOrigins } from '../../../../electron/core/companion/extension-ids';
import { hostManifest, registryPlaces } from '../../../../electron/core/companion/manifests';
import {
  applyRegistration,
  registrationPlan,
  registryDefaultValue,
  removeRegistration,
  syncRegistry,
  type RegistrationInputs,
  type RegRunner,
} from '../../../../electron/core/companion/registration';
import { regExe } from '../../../../electron/core/companion/reg-exe';

const NAME = 'com.assistant.desktop.companion';
const RELAY = '/opt/Assistant Desktop/resources/relay/assistant-relay';
const LAUNCH = ['/opt/Assistant Desktop/assistant-desktop', '--background'];
const ORIGINS = allowedOrigins('development');
const noReg: RegRunner = () => Promise.reject(new Error('reg.exe is Windows only'));

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
        written: [launchFile(), chromium(), braveFlatpak()],
        unchanged: [],
        registryKeysSet: [],
      });
      expect(await readFile(launchFile(), 'utf8')).toBe(`${LAUNCH.join('\n')}\n`);
      expect(await modeOf(launchFile())).toBe(0o600);
      expect(await modeOf(join(home, '.config', 'assistant-desktop', 'companion'))).toBe(0o700);
      for (const manifest of [chromium(), braveFlatpak()]) {
        expect(JSON.parse(await readFile(manifest, 'utf8'))).toEqual(hostManifest(RELAY, ORIGINS));
        expect(await modeOf(manifest)).toBe(0o644);
      }
      // Chrome, Edge and the other Flatpaks are not installed: no folder of theirs appears.
      await expect(stat(join(home, '.config', 'google-chrome'))).rejects.toThrow();
      await expect(stat(join(home, '.config', 'microsoft-edge'))).rejects.toThrow();
    });

    it('rewrites nothing that is already right, and only what changed after an update', async () => {
      await applyRegistration(registrationPlan(inputs), noReg);
      const before = (await stat(chromium())).mtimeMs;
      const again = await applyRegistration(registrationPlan(inputs), noReg);
      expect(again.written).toEqual([]);
      expect(again.unchanged).toEqual([launchFile(), chromium(), braveFlatpak()]);
      expect((await stat(chromium())).mtimeMs).toBe(before);

      // An update moved the app: the manifests follow the relay, the launch file the executable.
      const moved = {
        ...inputs,
        relayPath: '/opt/Assistant Desktop 2/resources/relay/assistant-relay',
      };
      const after = await applyRegistration(registrationPlan(moved), noReg);
      expect(after.written).toEqual([chromium(), braveFlatpak()]);
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
      expect(report.written).toEqual([copy, launchFile(), chromium(), braveFlatpak()]);
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
        braveFlatpak(),
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
      expect(await removeRegistration(inputs, noReg)).toEqual([
        launchFile(),
        chromium(),
        braveFlatpak(),
      ]);
      await expect(stat(launchFile())).rejects.toThrow();
      await expect(stat(chromium())).rejects.toThrow();
      // The browsers' own folders stay.
      expect((await stat(join(home, '.config', 'chromium'))).isDirectory()).toBe(true);
      expect(await removeRegistration(inputs, noReg)).toEqual([]);
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
    expect(report).toEqual({ written: [launchFile, chrome], unchanged: [], registryKeysSet: [] });
    expect(await modeOf(launchFile)).toBe(0o600);
    expect(JSON.parse(await readFile(chrome, 'utf8'))).toEqual(hostManifest(RELAY, ORIGINS));
    await expect(stat(join(home, 'cfg'))).rejects.toThrow();
    await expect(stat(join(home, '.config'))).rejects.toThrow();
    expect(await removeRegistration(inputs, noReg)).toEqual([launchFile, chrome]);
  });
});

describe('registration on Windows (the plan, and the registry through reg.exe)', () => {
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

  /** reg.exe's add, query and delete over a map of keys to their default values. */
  function fakeReg(keys: Map<string, string>): { run: RegRunner; calls: string[][] } {
    const calls: string[][] = [];
    const run: RegRunner = async (args) => {
      calls.push([...args]);
      const [verb, key = ''] = args;
      if (verb === 'add') {
        keys.set(key, args[args.indexOf('/d') + 1] ?? '');
        return 'The operation completed successfully.\r\n';
      }
      const value = keys.get(key);
      if (value === undefined)
        throw new Error(
          'ERROR: The system was unable to find the specified registry key or value.',
        );
      if (verb === 'delete') {
        keys.delete(key);
        return 'The operation completed successfully.\r\n';
      }
      // Windows in German labels the default value "(Standard)": only the type is relied on.
      return `\r\n${key}\r\n    (Standard)    REG_SZ    ${value}\r\n\r\n`;
    };
    return { run, calls };
  }

  it('puts the manifest in the companion folder and points every browser’s key at it', () => {
    const plan = registrationPlan(inputs);
    expect(plan.manifestFiles).toEqual([]);
    expect(plan.launchFile.path).toBe(
      'C:\\Users\\mia\\AppData\\Local\\Assistant Desktop\\companion\\launch',
    );
    expect(plan.launchFile.text).toBe(`${inputs.launchCommand.join('\n')}\n`);
    expect(plan.windows?.manifestPath).toBe(manifestPath);
    expect(plan.windows?.registry.map((command) => command.args)).toEqual(
      registryPlaces().map(({ key }) => [
        'add',
        key,
        '/ve',
        '/t',
        'REG_SZ',
        '/d',
        manifestPath,
        '/f',
      ]),
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
    const reg = fakeReg(keys);
    expect(await syncRegistry(windows, reg.run)).toEqual([chromium, edge, brave]);
    expect(reg.calls.filter(([verb]) => verb === 'add').map((args) => args[1])).toEqual([
      chromium,
      edge,
      brave,
    ]);
    expect([...keys.values()]).toEqual([manifestPath, manifestPath, manifestPath, manifestPath]);
    // Next start: four queries, no add.
    const next = fakeReg(keys);
    expect(await syncRegistry(windows, next.run)).toEqual([]);
    expect(next.calls.map(([verb]) => verb)).toEqual(['query', 'query', 'query', 'query']);
  });

  it('reads the default value whatever the system calls it', () => {
    expect(
      registryDefaultValue(
        '\r\nHKEY_CURRENT_USER\\X\r\n    (Default)    REG_SZ    C:\\a b\\c.json\r\n',
      ),
    ).toBe('C:\\a b\\c.json');
    expect(
      registryDefaultValue('\r\nHKEY_CURRENT_USER\\X\r\n    (Default)    REG_DWORD    0x1\r\n'),
    ).toBeUndefined();
  });

  it('removes the keys that exist and passes over the others', async () => {
    const [chrome, , edge] = registryPlaces().map(({ key }) => key);
    const keys = new Map([
      [chrome ?? '', manifestPath],
      [edge ?? '', manifestPath],
    ]);
    const reg = fakeReg(keys);
    // The files are on a Windows disk this machine does not have: none is found, none removed.
    expect(await removeRegistration(inputs, reg.run)).toEqual([chrome, edge]);
    expect(keys.size).toBe(0);
    expect(reg.calls.filter(([verb]) => verb === 'delete')).toHaveLength(4);
  });
});

// The registry itself, on Windows (under Wine in `npm run test:windows`): the keys written, read
// back with reg.exe's own query (not from the plan), and removed. Whatever the user had under
// those keys before is put back.
describe.runIf(process.platform === 'win32')('registration on Windows, in the registry', () => {
  const hostKeys = [
    'Software\\Google\\Chrome',
    'Software\\Chromium',
    'Software\\Microsoft\\Edge',
    'Software\\BraveSoftware\\Brave-Browser',
  ].map((browser) => `HKCU\\${browser}\\NativeMessagingHosts\\${NAME}`);
  let local: string;
  let before: (string | undefined)[];

  /** The key's default value as reg.exe prints it, or undefined when there is no such key. */
  async function readKey(key: string): Promise<string | undefined> {
    const output = await regExe(['query', key, '/ve']).catch(() => undefined);
    return output === undefined ? undefined : /REG_SZ\s+(.+?)\s*$/m.exec(output)?.[1];
  }

  beforeEach(async () => {
    local = await mkdtemp(join(tmpdir(), 'companion-local-'));
    before = await Promise.all(hostKeys.map(readKey));
  });
  afterEach(async () => {
    for (const [index, key] of hostKeys.entries()) {
      const value = before[index];
      await (value === undefined
        ? regExe(['delete', key, '/f']).catch(() => '')
        : regExe(['add', key, '/ve', '/t', 'REG_SZ', '/d', value, '/f']));
    }
    await rm(local, { recursive: true, force: true });
  });

  it('points every browser’s key at the manifest, and removes them again', async () => {
    const inputs: RegistrationInputs = {
      platform: 'win32',
      env: { LOCALAPPDATA: local },
      home: local,
      uid: -1,
      username: userInfo().username,
      launchCommand: ['C:\\Program Files\\Assistant Desktop\\A.exe', '--background'],
      relayPath: 'C:\\Program Files\\Assistant Desktop\\resources\\relay\\assistant-relay.exe',
      allowedOrigins: ORIGINS,
    };
    const manifest = join(local, 'Assistant Desktop', 'companion', `${NAME}.json`);
    const report = await applyRegistration(registrationPlan(inputs), regExe);
    expect(report.registryKeysSet).toEqual(hostKeys);
    expect(await Promise.all(hostKeys.map(readKey))).toEqual(hostKeys.map(() => manifest));
    expect(JSON.parse(await readFile(manifest, 'utf8'))).toEqual(
      hostManifest(inputs.relayPath, ORIGINS),
    );

    // The next start finds every key right and sets none.
    expect((await applyRegistration(registrationPlan(inputs), regExe)).registryKeysSet).toEqual([]);

    const removed = await removeRegistration(inputs, regExe);
    expect(removed).toEqual(expect.arrayContaining([manifest, ...hostKeys]));
    expect(await Promise.all(hostKeys.map(readKey))).toEqual(hostKeys.map(() => undefined));
  });
});
