// The browser companion's registration, as the installed app does it: at start the launch file and
// the host manifests appear in the user's home (a folder of the test's: the double's
// `app.getPath('home')`) for the browsers found there, pointing at the relay in the app's
// resources; a start in the background opens no window and rewrites nothing; and
// `--unregister-companion` removes them and exits. The double only: a development binary is not an
// installed app.
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../fixtures';
import { testSocketPath } from '../../support/socket-path';
import { installedResources } from './support';

const NAME = 'com.assistant.desktop.companion';

test.skip(
  ({ driverKind }) => driverKind === 'electron',
  'an installed app is modelled by the double alone (app.isPackaged, process.resourcesPath)',
);
test.skip(
  process.platform !== 'linux',
  "Linux's places and modes (~/.config, no Flatpak, 0600/0644): macOS's are registration.test.ts's, Windows's the registry's",
);

test('the installed app registers the companion at start, and --unregister-companion removes it', async ({
  launchApp,
}) => {
  const work = await mkdtemp(join(tmpdir(), 'assistant-companion-registration-'));
  try {
    const { resources, relay } = await installedResources(work);

    // A user with Chrome, and Chromium as a Flatpak (whose sandbox can neither run the relay nor
    // reach the socket folder: no manifest goes there), and no Edge or Brave.
    const userDataDir = join(work, 'profile');
    const home = join(userDataDir, 'home');
    await mkdir(join(home, '.config', 'google-chrome'), { recursive: true });
    const flatpakChromium = join(
      home,
      '.var',
      'app',
      'org.chromium.Chromium',
      'config',
      'chromium',
    );
    await mkdir(flatpakChromium, { recursive: true });
    const manifests = [
      join(home, '.config', 'google-chrome', 'NativeMessagingHosts', `${NAME}.json`),
    ];
    const launchFile = join(home, '.config', 'assistant-desktop', 'companion', 'launch');
    const env = {
      ASSISTANT_COMPANION: 'on',
      // Chromium's and the app's rule for the config folder: pinned, whatever this machine sets.
      XDG_CONFIG_HOME: join(home, '.config'),
      // This test's own socket, so the host never takes the real user's.
      ASSISTANT_COMPANION_SOCKET: testSocketPath(join(work, 'socket'), 'companion'),
    };
    const packaged = { resourcesPath: resources };
    const logText = () => readFile(join(userDataDir, 'logs', 'main.log'), 'utf8').catch(() => '');
    const registrations = async () =>
      (await logText()).split('\n').filter((line) => line.includes('Companion registration'))
        .length;

    const first = await launchApp({ userDataDir, packaged, env });
    await first.appWindow();
    await expect.poll(registrations).toBe(1);
    expect(await readFile(launchFile, 'utf8')).toBe(`${process.execPath}\n--background\n`);
    expect((await stat(launchFile)).mode & 0o777).toBe(0o600);
    for (const manifest of manifests) {
      expect(JSON.parse(await readFile(manifest, 'utf8'))).toMatchObject({
        name: NAME,
        type: 'stdio',
        path: relay,
      });
      expect((await stat(manifest)).mode & 0o777).toBe(0o644);
    }
    await expect(stat(join(home, '.config', 'microsoft-edge'))).rejects.toThrow();
    await expect(stat(join(flatpakChromium, 'NativeMessagingHosts'))).rejects.toThrow();
    const writtenAt = (await stat(manifests[0] ?? '')).mtimeMs;
    expect(await first.quit()).toBe(0);

    // Started by the relay: no window, and everything already right is left as it is.
    const background = await launchApp({ userDataDir, packaged, env, args: ['--background'] });
    await expect.poll(registrations).toBe(2);
    expect(await background.appWindowVisible()).toBe(false);
    expect(
      await background.evaluateMain(({ BrowserWindow }) => BrowserWindow.getAllWindows().length),
    ).toBe(0);
    expect((await stat(manifests[0] ?? '')).mtimeMs).toBe(writtenAt);
    expect(await background.quit()).toBe(0);

    // What an uninstaller runs: everything removed, no window, exit 0.
    const uninstall = await launchApp({
      userDataDir,
      packaged,
      env,
      args: ['--unregister-companion'],
    });
    expect(await uninstall.exited()).toBe(0);
    for (const path of [launchFile, ...manifests]) await expect(stat(path)).rejects.toThrow();
    expect((await stat(join(home, '.config', 'google-chrome'))).isDirectory()).toBe(true);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});
