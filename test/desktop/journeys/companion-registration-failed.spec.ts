// An installed app whose relay is missing (a damaged install, an antivirus quarantine) cannot tell
// the browsers where it is: Settings → Browser companion says so in the salesperson's words and
// what to do, instead of the panel saying only that the app is not installed. The double only:
// a development binary is not an installed app.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../fixtures';
import { testSocketPath } from '../../support/socket-path';
import { installedResources } from './support';

test.skip(
  ({ driverKind }) => driverKind === 'electron',
  'an installed app is modelled by the double alone (app.isPackaged, process.resourcesPath)',
);

test('an installed app without its relay says in Settings that the browsers may not find it', async ({
  launchApp,
}) => {
  const work = await mkdtemp(join(tmpdir(), 'assistant-companion-no-relay-'));
  try {
    const { resources } = await installedResources(work, { relay: false });
    const userDataDir = join(work, 'profile');
    await mkdir(join(userDataDir, 'home'), { recursive: true });
    const app = await launchApp({
      userDataDir,
      packaged: { resourcesPath: resources },
      env: {
        ASSISTANT_COMPANION: 'on',
        XDG_CONFIG_HOME: join(userDataDir, 'home', '.config'),
        ASSISTANT_COMPANION_SOCKET: testSocketPath(join(work, 'socket'), 'companion'),
      },
    });
    const page = await app.appWindow();
    await page.evaluate("location.hash = '#/settings'");
    const companion = page.getByRole('region', { name: 'Browser companion' });
    await expect(companion.getByRole('alert')).toHaveText(
      /Your browsers could not be told where Assistant Desktop is.*send the log to your IT team/,
    );
    expect(await app.quit()).toBe(0);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});
