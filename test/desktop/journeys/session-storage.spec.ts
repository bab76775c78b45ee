// Where the OS keeps the session: only Linux's basic_text fallback means memory only (and the
// user is told); a stored session that no longer decrypts asks the user to sign in again.
// Under the double only: real Electron's storage backend is the machine's, not the test's.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../fixtures';
import { profileFor, sessionStatus, signIn } from './support';

test.beforeEach(({ driverKind }) => {
  test.skip(
    driverKind === 'electron',
    'real Electron: the keyring is the machine’s; the double chooses it per test',
  );
});

test('with only basic_text the session is kept in memory and the user is told', async ({
  launchApp,
  demo,
}) => {
  test.skip(process.platform !== 'linux', 'basic_text is a Linux fallback');
  const profile = await profileFor(demo);
  const app = await launchApp({ userDataDir: profile, safeStorage: 'basic_text' });
  const page = await app.appWindow();
  await signIn(app, page);
  const status = await sessionStatus(page);
  expect(status).toMatchObject({ signedIn: true, storage: 'memory-only' });
  expect(status.storageReason).toMatch(/keyring/i);
  expect(existsSync(join(profile, 'session.json'))).toBe(false);
  await page.evaluate("location.hash = '#/settings'");
  await expect(page.getByText(/kept in memory only/).first()).toBeVisible();
  expect(await app.quit()).toBe(0);

  const again = await launchApp({ userDataDir: profile, safeStorage: 'basic_text' });
  expect(await sessionStatus(await again.appWindow())).toMatchObject({ signedIn: false });
});

test('a stored session that no longer decrypts asks to sign in again', async ({
  launchApp,
  demo,
}) => {
  const profile = await profileFor(demo);
  const first = await launchApp({ userDataDir: profile, keyringSecret: 'keychain-before' });
  await signIn(first, await first.appWindow());
  expect(await first.quit()).toBe(0);
  expect(existsSync(join(profile, 'session.json'))).toBe(true);

  // Same keychain: still signed in.
  const same = await launchApp({ userDataDir: profile, keyringSecret: 'keychain-before' });
  expect(await sessionStatus(await same.appWindow())).toMatchObject({
    signedIn: true,
    storage: 'encrypted',
  });
  expect(await same.quit()).toBe(0);

  // The keychain was reset: the file cannot be decrypted any more.
  const after = await launchApp({ userDataDir: profile, keyringSecret: 'keychain-after' });
  const page = await after.appWindow();
  expect(await sessionStatus(page)).toMatchObject({ signedIn: false });
  await expect(page.getByText(/could not be read on this computer/).first()).toBeVisible();
  expect(existsSync(join(profile, 'session.json'))).toBe(false);
});
