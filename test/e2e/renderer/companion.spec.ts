// The browser companion's pairing as a salesperson meets it in browser mode: a browser's
// extension connects (the built relay, started by a process named as Chrome), the banner asks
// Allow / Deny, Allow serves the waiting connection, Settings → Browser companion lists the
// browser as connected, and Revoke (confirmed inline) cuts it and empties the list.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../support/fixtures';
import { chromeNamed, isType, type NativePort } from '../../integration/companion/native-port';
import { openExtensionPort } from '../../integration/companion/extension-port';
import { audit, nav } from './helpers';

const ORIGIN = `chrome-extension://${'g'.repeat(32)}/`;

test.use({ appOptions: { companion: true } });
test.skip(
  process.platform !== 'linux',
  'the banner and the list name Chrome, which the relay reads from its parent in /proc, on Linux alone; elsewhere they say "a browser"',
);

let folder: string | undefined;
let relay: NativePort | undefined;
test.afterEach(async () => {
  relay?.process.kill();
  if (folder !== undefined) await rm(folder, { recursive: true, force: true });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`asks about a new browser, allows it, lists it and revokes it (${colorScheme})`, async ({
    app,
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    folder = await mkdtemp(join(tmpdir(), 'companion-e2e-'));
    const chrome = await chromeNamed(folder);
    await app.open(page);

    await nav(page, 'Settings').click();
    const section = page.getByRole('region', { name: 'Browser companion' });
    await expect(section.getByText('No browser has asked yet.', { exact: false })).toBeVisible();

    relay = openExtensionPort(ORIGIN, app.companionEnv, { browser: chrome });
    await relay.next((m) => m.type === 'pairing' && m.state === 'pending');
    const banner = page.getByRole('region', { name: 'A browser asks to connect' });
    await expect(banner).toContainText('Allow Assistant in Chrome to ask agents about your deals?');
    const browsers = section.getByRole('list', { name: 'Browsers' });
    await expect(browsers.getByRole('listitem')).toContainText('Waiting for you to allow');
    await audit(page, `a browser waiting (${colorScheme})`);

    await banner.getByRole('button', { name: 'Allow' }).click();
    await relay.next((m) => m.type === 'pairing' && m.state === 'allowed');
    await expect(banner).toHaveCount(0);
    const row = browsers.getByRole('listitem').filter({ hasText: 'Chrome' });
    await expect(row).toContainText('Allowed · connected now');

    await row.getByRole('button', { name: 'Revoke' }).click();
    const confirm = row.getByRole('group', { name: /Revoke this browser\?/ });
    await expect(confirm).toBeVisible();
    await audit(page, `Revoke confirmed inline (${colorScheme})`);
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    expect((await relay.next(isType('refused'))).reason).toBe('revoked');
    await expect(section.getByText('No browser has asked yet.', { exact: false })).toBeVisible();
  });
}
