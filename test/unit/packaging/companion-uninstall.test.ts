// The NSIS installer and uninstaller stop the companion's relay before they touch files, as
// electron-builder's own check closes the app. Uninstalling removes the browser companion's
// registration: the NSIS include removes every
// registry key and file registration writes on Windows (the names from the same data the app
// uses), and the deb's post-removal script, run here as electron-builder renders it with stand-ins
// for the system's commands, removes this package's manifests and launch file from a user's home
// and nothing else.
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getConfig } from 'app-builder-lib/out/util/config/config';
import {
  allowedOrigins,
  FIREFOX_EXTENSION_ID,
} from '../../../electron/companion/registration/extension-ids';
import {
  FIREFOX_MANIFEST_FILE,
  firefoxHostManifest,
  firefoxRegistryPlace,
  hostManifest,
  registryPlaces,
} from '../../../electron/companion/registration/manifests';
import { NATIVE_HOST_NAME } from '../../../electron/companion/places';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);

describe('the NSIS uninstaller (resources/installer.nsh)', () => {
  const script = () => readFile(join(repoRoot, 'resources', 'installer.nsh'), 'utf8');
  /**
   * What the uninstaller does on a real uninstall (not an update): the `${ifNot} ${isUpdated}`
   * block of `!macro customUnInstall`. Lines may end with CRLF, as a checkout with
   * core.autocrlf and no .gitattributes gives them.
   */
  const companionBlock = (text: string): string => {
    const body = /!macro customUnInstall\r?\n([\s\S]*?)!macroend/.exec(text)?.[1] ?? '';
    return /\$\{ifNot\} \$\{isUpdated\}\r?\n([\s\S]*?)\$\{endIf\}/.exec(body)?.[1] ?? '';
  };

  it.each([
    ['as stored (LF)', (text: string) => text],
    ['with CRLF line endings', (text: string) => text.replace(/\r?\n/g, '\r\n')],
  ])(
    'deletes every browser’s key and the files registration writes, on a real uninstall only, read %s',
    async (_, endings) => {
      const companion = companionBlock(endings(await script()));
      for (const { key } of [...registryPlaces(), firefoxRegistryPlace()]) {
        expect(companion).toContain(`DeleteRegKey HKCU "${key.replace(/^HKCU\\/, '')}"`);
      }
      // The companion folder on Windows (places.ts: %LOCALAPPDATA%\Assistant Desktop\companion).
      const folder = '$LOCALAPPDATA\\Assistant Desktop\\companion';
      expect(companion).toContain(`Delete "${folder}\\${NATIVE_HOST_NAME}.json"`);
      expect(companion).toContain(`Delete "${folder}\\${FIREFOX_MANIFEST_FILE}"`);
      expect(companion).toContain(`Delete "${folder}\\launch"`);
      expect(companion).toContain(`Delete "${folder}\\address"`);
      expect(companion).not.toMatch(/RMDir \/r/);
    },
  );
});

describe('the NSIS installer and uninstaller stop the relay (resources/installer.nsh)', () => {
  const templates = join(repoRoot, 'node_modules', 'app-builder-lib', 'templates', 'nsis');
  const macro = (text: string, name: string): string =>
    new RegExp(`!macro ${name}\\r?\\n([\\s\\S]*?)!macroend`).exec(text)?.[1] ?? '';

  it('closes the app as electron-builder does, then this user’s relays, before any file changes', async () => {
    const ours = macro(
      await readFile(join(repoRoot, 'resources', 'installer.nsh'), 'utf8'),
      'customCheckAppRunning',
    );
    // electron-builder's CHECK_APP_RUNNING, which ours replaces: the same steps, in its order.
    const builders = macro(
      await readFile(join(templates, 'include', 'allowOnlyOneInstallerInstance.nsh'), 'utf8'),
      'CHECK_APP_RUNNING',
    );
    const own = /!else\s*([\s\S]*?)!endif/.exec(builders)?.[1] ?? '';
    const steps = (text: string) => [...text.matchAll(/!insertmacro (\w+)/g)].map((m) => m[1]);
    expect(steps(own)).toEqual(['IS_POWERSHELL_AVAILABLE', '_CHECK_APP_RUNNING']);
    expect(steps(ours)).toEqual(steps(own));
    const kill = ours.indexOf('taskkill.exe');
    expect(kill).toBeGreaterThan(ours.indexOf('_CHECK_APP_RUNNING'));
    expect(ours).toMatch(
      /nsExec::Exec `"\$SYSDIR\\taskkill\.exe" \/F \/IM assistant-relay\.exe \/FI "USERNAME eq \$R9"`/,
    );
    // Not the tree: the relay's child would be the app it started.
    expect(ours).not.toMatch(/taskkill[^\n]*\/T\b/);
    // Where electron-builder runs the check: before the installer extracts and the uninstaller
    // removes files (installSection.nsh, uninstaller.nsh's un.onInit).
    const install = await readFile(join(templates, 'installSection.nsh'), 'utf8');
    expect(install.indexOf('CHECK_APP_RUNNING')).toBeGreaterThan(-1);
    expect(install.indexOf('CHECK_APP_RUNNING')).toBeLessThan(
      install.indexOf('installApplicationFiles'),
    );
    expect(await readFile(join(templates, 'uninstaller.nsh'), 'utf8')).toMatch(
      /Function un\.checkAppRunning\r?\n\s*!insertmacro CHECK_APP_RUNNING/,
    );
  });
});

/** electron-builder's rendering of a package script (FpmTarget's writeConfigFile). */
function render(template: string, macros: Record<string, string>): string {
  return template.replace(/\$\{([a-zA-Z]+)\}/g, (_match, name: string) => {
    const value = macros[name];
    if (value === undefined) throw new Error(`Macro ${name} is not defined`);
    return value;
  });
}

describe.skipIf(process.platform === 'win32')('the deb’s post-removal script', () => {
  let work: string;
  let home: string;
  const relay = '/opt/Assistant Desktop/resources/relay/assistant-relay';
  const program = '/opt/Assistant Desktop/assistant-desktop';
  const chrome = () =>
    join(home, '.config/google-chrome/NativeMessagingHosts', `${NATIVE_HOST_NAME}.json`);
  const edgeFlatpak = () =>
    join(
      home,
      '.var/app/com.microsoft.Edge/config/microsoft-edge/NativeMessagingHosts',
      `${NATIVE_HOST_NAME}.json`,
    );
  const brave = () =>
    join(
      home,
      '.config/BraveSoftware/Brave-Browser/NativeMessagingHosts',
      `${NATIVE_HOST_NAME}.json`,
    );
  const launch = () => join(home, '.config/assistant-desktop/companion/launch');
  const firefox = () => join(home, '.mozilla/native-messaging-hosts', `${NATIVE_HOST_NAME}.json`);

  beforeEach(async () => {
    work = await mkdtemp(join(tmpdir(), 'after-remove-'));
    home = join(work, 'home', 'mia');
    const manifest = `${JSON.stringify(hostManifest(relay, allowedOrigins('packaged')), null, 2)}\n`;
    for (const file of [chrome(), edgeFlatpak()]) {
      await mkdir(join(file, '..'), { recursive: true });
      await writeFile(file, manifest);
    }
    await mkdir(join(firefox(), '..'), { recursive: true });
    await writeFile(
      firefox(),
      `${JSON.stringify(firefoxHostManifest(relay, [FIREFOX_EXTENSION_ID]), null, 2)}\n`,
    );
    // Another install's manifest (an AppImage's relay) is not this package's to remove.
    await mkdir(join(brave(), '..'), { recursive: true });
    await writeFile(
      brave(),
      `${JSON.stringify(hostManifest('/home/mia/Apps/relay', allowedOrigins('packaged')), null, 2)}\n`,
    );
    await mkdir(join(launch(), '..'), { recursive: true });
    await writeFile(launch(), `${program}\n--background\n`);
    await writeFile(
      join(launch(), '..', 'address'),
      '/run/user/1000/assistant-desktop/companion.sock\n',
    );
  });
  afterEach(async () => {
    await rm(work, { recursive: true, force: true });
  });

  /** The rendered script, with getent listing mia (and a system user), runuser running as us. */
  async function postrm(argument: string): Promise<void> {
    const afterRemove = (await getConfig(repoRoot, null, null)).deb?.afterRemove;
    if (typeof afterRemove !== 'string')
      throw new Error('electron-builder.yml sets no deb.afterRemove');
    const template = await readFile(join(repoRoot, afterRemove), 'utf8');
    const script = join(work, 'postrm');
    await writeFile(
      script,
      render(template, {
        executable: 'assistant-desktop',
        sanitizedProductName: 'Assistant Desktop',
        productFilename: 'Assistant Desktop',
      }),
    );
    const bin = join(work, 'bin');
    await mkdir(bin);
    const stub = async (name: string, body: string) => {
      await writeFile(join(bin, name), `#!/bin/sh\n${body}\n`);
      await chmod(join(bin, name), 0o755);
    };
    await stub(
      'getent',
      `echo 'daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin'\necho 'mia:x:1000:1000:Mia:${home}:/bin/bash'`,
    );
    await stub(
      'runuser',
      '[ "$1" = -u ] && [ "$2" = mia ] && [ "$3" = -- ] || exit 9\nshift 3\nexec "$@"',
    );
    await stub('update-alternatives', 'exit 0');
    await run('bash', [script, argument], { env: { PATH: `${bin}:${process.env.PATH ?? ''}` } });
  }

  it('on removal, removes this package’s manifests and launch file, and leaves the rest', async () => {
    await postrm('remove');
    await expect(stat(chrome())).rejects.toThrow();
    await expect(stat(edgeFlatpak())).rejects.toThrow();
    await expect(stat(firefox())).rejects.toThrow();
    await expect(stat(launch())).rejects.toThrow();
    await expect(stat(join(home, '.config', 'assistant-desktop'))).rejects.toThrow();
    expect(JSON.parse(await readFile(brave(), 'utf8')).path).toBe('/home/mia/Apps/relay');
    expect((await stat(join(home, '.config', 'google-chrome'))).isDirectory()).toBe(true);
  });

  it('on an upgrade, removes nothing (the new version registers at its start)', async () => {
    await postrm('upgrade');
    expect((await stat(chrome())).isFile()).toBe(true);
    expect((await stat(launch())).isFile()).toBe(true);
  });
});
