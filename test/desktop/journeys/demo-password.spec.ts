// The embedded demo service signs in with a password made up for each start, which no web page can
// know: Settings shows it beside Sign in, its sign-in page says where to find it (never what it
// is), it signs in there, and the public `demo` does not. A pasted token waits under "Other ways".
import { expect, test } from '../fixtures';
import { invoke, ok, profileWith, sessionStatus } from './support';

test('the embedded demo’s sign-in password is shown in Settings and signs in on its page', async ({
  launchApp,
}) => {
  const app = await launchApp({ userDataDir: await profileWith({}) });
  const page = await app.appWindow();
  const info = ok<{ service: { demo: boolean; demoPassword?: string } }>(
    await invoke(page, 'app.info'),
  );
  expect(info.service.demo).toBe(true);
  const password = info.service.demoPassword ?? '';
  expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);

  await invoke(page, 'session.signOut');
  await page.evaluate("location.hash = '#/settings'");
  const session = page.getByRole('region', { name: 'Session' });
  await expect(session.getByLabel('Demo password')).toHaveText(password);
  // Where a sign-in window opens, pasting a token is IT's way: folded away, one click off.
  const paste = session.getByRole('button', { name: 'Paste a session token' });
  await expect(paste).toBeHidden();
  await session.getByText('Other ways to sign in').click();
  await expect(paste).toBeVisible();

  await session.getByRole('button', { name: 'Sign in', exact: true }).click();
  const signInPage = await app.waitForWindow(/\/login/);
  await expect(
    signInPage.getByText('the password the app shows beside its Sign in button'),
  ).toBeVisible();
  expect(await signInPage.content()).not.toContain(password);
  await signInPage.getByLabel('Email').fill('sam@example.com');
  await signInPage.getByLabel('Password').fill('demo');
  await signInPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(signInPage.getByText('That password is not right.')).toBeVisible();
  await signInPage.getByLabel('Password').fill(password);
  await signInPage.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(async () => (await sessionStatus(page)).signedIn).toBe(true);
});
