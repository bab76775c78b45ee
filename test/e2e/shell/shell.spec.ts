// The shell in Chromium against browser mode and the demo service: the app loads and shows who
// and where the user is, signs out and in again with a pasted token, and the session token is in
// nothing the page receives or keeps. Another origin cannot drive the host even with its secret.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  requests,
  readHostSecretFragment,
  type ServiceMetadata,
  WIRE_PATH,
  pageProtocols,
} from '../../../electron/contract';
import type { RunningApp } from '../support/app';
import { expect, test } from '../support/fixtures';
import { findSecrets } from '../support/leak-check';
import { selectors } from '../support/selectors';

/** What the service says about the user, asked through the same backend the page uses. */
async function metadataOf(app: RunningApp): Promise<ServiceMetadata> {
  const result = await app.mode.backend.dispatch(
    'service.metadata',
    { refresh: true },
    { host: 'test' },
  );
  if (!result.ok) throw new Error(`metadata failed: ${result.error.message}`);
  return requests['service.metadata'].output.parse(result.data).value;
}

test('loads, shows the metadata, signs out and in with a token, and never receives the token', async ({
  app,
  page,
  traffic,
}) => {
  const metadata = await metadataOf(app);

  await app.open(page);
  const sidebar = selectors.sidebar(page);
  await expect(sidebar).toContainText(metadata.org.name);
  // The service and environment are for IT: in the signed-in user's tooltip.
  await expect(sidebar.locator('.footer-user')).toHaveAttribute(
    'title',
    new RegExp(metadata.environment),
  );
  await expect(sidebar).toContainText('Demo');

  await selectors.navLink(page, 'Settings').click();
  const session = selectors.sessionSection(page);
  await expect(session).toContainText('Signed in');

  const signedOut = app.nextEvent('session.changed', (status) => !status.signedIn);
  await selectors.signOutButton(page).click();
  await signedOut;
  await expect(session).toContainText('Signed out');

  const token = app.newSessionToken();
  await selectors.pasteTokenButton(page).click();
  await selectors.tokenField(page).fill(token);
  const signedIn = app.nextEvent('session.changed', (status) => status.signedIn);
  await selectors.useTokenButton(page).click();
  await signedIn;
  await expect(session).toContainText('Signed in');
  await expect(selectors.tokenField(page)).toHaveCount(0);

  // A fresh load still gets everything through the contract, and still no token.
  await app.open(page);
  await expect(selectors.sidebar(page)).toContainText(metadata.org.name);

  expect(traffic.framesReceived.length).toBeGreaterThan(0);
  // The pasted token went out once, as the user's own input: the recording sees outgoing frames.
  expect(traffic.framesSent.some((frame) => frame.includes(token))).toBe(true);
  expect(await findSecrets(page, traffic, app.tokens)).toEqual([]);
});

test('a page from another origin cannot open the host socket, even with the secret', async ({
  app,
  page,
}) => {
  const secret = readHostSecretFragment(new URL(app.url).hash)?.secret;
  expect(secret).toBeTruthy();

  const other = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end('<!doctype html><title>elsewhere</title>');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  try {
    const port = (other.address() as AddressInfo).port;
    await page.goto(`http://127.0.0.1:${port}/`);
    const outcome = await page.evaluate(
      ({ url, protocols }) =>
        new Promise<string>((resolve) => {
          const socket = new WebSocket(url, protocols);
          socket.onopen = () => resolve('open');
          socket.onclose = () => resolve('closed');
        }),
      {
        url: `${app.mode.origin.replace('http', 'ws')}${WIRE_PATH}`,
        protocols: pageProtocols(secret ?? ''),
      },
    );
    expect(outcome).toBe('closed');
  } finally {
    other.close();
  }
});

test('opened without the printed address, the page holds no key: it says which address to open and opens no socket', async ({
  app,
  page,
}) => {
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await page.goto(`${app.mode.origin}/`);
  await expect(page.getByText('Open the address printed by the app')).toBeVisible();
  await expect(page.getByText('#token=…')).toBeVisible();
  expect(sockets).toEqual([]);

  // The printed address opens the app, and leaves no secret in the address bar.
  await app.open(page, '#/usage');
  expect(page.url()).toBe(`${app.mode.origin}/#/usage`);
  expect(page.url()).not.toContain('token');
  expect(sockets).toHaveLength(1);

  // A new tab reloaded the moment the secret has left its address (the page still starting, not
  // yet idle): the tab kept it, and the app opens again.
  const tab = await page.context().newPage();
  await tab.goto(app.url, { waitUntil: 'commit' });
  await tab.waitForFunction(
    () =>
      !(globalThis as unknown as { location: { hash: string } }).location.hash.includes('token='),
  );
  await tab.reload();
  await expect(
    tab.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Usage' }),
  ).toBeVisible();
  await expect(tab.getByText('Open the address printed by the app')).toHaveCount(0);
  await tab.close();
});
