// Signing in through the sign-in window on the service's own page: the session cookie is kept,
// the window closes, and the token never reaches the app's page.
import { expect, test } from '../fixtures';
import { invoke, profileFor, signIn } from './support';

test('sign in on the service’s page keeps the cookie, closes the window, and keeps the token from the page', async ({
  launchApp,
  demo,
}) => {
  const app = await launchApp({ userDataDir: await profileFor(demo) });
  const page = await app.appWindow();
  const before = (
    await invoke<{ ok: boolean; data: { signedIn: boolean } }>(page, 'session.status')
  ).data;
  expect(before.signedIn).toBe(false);

  const token = await signIn(app, page);

  // The window is gone; only the app window is left.
  await expect
    .poll(() =>
      app.evaluateMain(({ BrowserWindow }) =>
        BrowserWindow.getAllWindows().map((w) => w.webContents.getURL()),
      ),
    )
    .toEqual([expect.stringMatching(/index\.html/)]);
  // The app now talks to the service with that session: the service says who we are.
  const metadata = (
    await invoke<{ ok: boolean; data: { value: { principal: { userId: string } } } }>(
      page,
      'service.metadata',
    )
  ).data;
  expect(metadata.value.principal.userId).toBeTruthy();
  // And the page never saw the token: not in its DOM, storage, cookies or any answer it got.
  const seen = await page.evaluate<string>(`(async () => {
    const answers = await Promise.all(
      ['session.status', 'app.info', 'settings.get'].map((n) => window.assistant.invoke(n, {})),
    );
    return [
      document.documentElement.outerHTML,
      JSON.stringify({ ...localStorage }),
      JSON.stringify({ ...sessionStorage }),
      document.cookie,
      JSON.stringify(answers),
    ].join('\\n');
  })()`);
  expect(seen).not.toContain(token);
});
