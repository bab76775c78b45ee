// Issue #27's walk once with the desktop app as the host: the app (under the double) registers
// the companion at start in a home of the test's, Debian's Chromium runs with the built
// extension in that home's Chromium profile (so the manifest it reads is the one the app wrote,
// pointing at the built relay), a fake Salesforce deal page is opened, the app asks Allow in its
// message box (reached from its notification, the app's window not being in front), the panel
// shows the deal, and an answer asked there streams to its end, is copied, Open in Assistant
// brings the app's window forward on the deal, and the answer is listed in the app's own window:
// the same run on both sides. A run from the sources asked
// to register (ASSISTANT_COMPANION_REGISTER=1), not the installed app: the unpacked extension has
// the development id, which an installed app never lets in (extension-ids.ts); the installed
// app's registration is companion-registration.spec.ts's.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoService, type DemoService } from '../../../electron/demo-service';
import { NATIVE_HOST_NAME } from '../../../electron/companion/places';
import type { DoubleLaunch } from '../double';
import type { DesktopApp } from '../driver/types';
import { expect, test } from '../fixtures';
import { demoCrmDeals } from '../../support/demo-crm-deals';
import { testSocketPath } from '../../support/socket-path';
import {
  launchWithExtension,
  PANEL_URL,
  tabIdOf,
  type ExtensionBrowser,
} from '../../extension/browser';
import { startCrmPages, type CrmPages } from '../../extension/crm-pages';
import { relayBinary } from '../../support/relay-binary';
import { invoke, ok, signIn } from './support';

test.skip(
  ({ driverKind }) => driverKind === 'electron',
  'real Electron: its message box cannot be answered from a test; the double models it',
);
test.skip(
  process.platform !== 'linux',
  "Chromium finds the app's manifest in its profile under XDG_CONFIG_HOME on Linux alone (macOS: Application Support; Windows: the registry)",
);

let work: string | undefined;
let demo: DemoService | undefined;
let pages: CrmPages | undefined;
let browser: ExtensionBrowser | undefined;
let app: DesktopApp | undefined;
test.afterEach(async () => {
  await browser?.close();
  // Before its folder goes (the fixture would end it only after this hook).
  await app?.close();
  await pages?.close();
  await demo?.stop();
  if (work !== undefined) await rm(work, { recursive: true, force: true });
});

test('a Salesforce deal in Chromium, the app allows the extension, and the answer asked in the panel is the app’s run', async ({
  launchApp,
}) => {
  test.setTimeout(120_000);
  const deal = demoCrmDeals(1).find((d) => d.crm === 'salesforce');
  if (deal === undefined) throw new Error('The demo has no Salesforce deal.');
  work = await mkdtemp(join(tmpdir(), 'assistant-companion-walk-'));
  demo = await startDemoService({ profile: 'salesforce', pacing: 2_000, password: 'demo' });

  // A user with Chromium: its config folder is the browser's profile below, so the manifest the
  // app registers there is the one Chromium reads (<user-data-dir>/NativeMessagingHosts).
  const userDataDir = join(work, 'profile');
  const home = join(userDataDir, 'home');
  const chromiumProfile = join(home, '.config', 'chromium');
  await mkdir(chromiumProfile, { recursive: true });
  await writeFile(
    join(userDataDir, 'settings.json'),
    JSON.stringify({ serviceBaseUrl: demo.baseUrl, signInUrl: demo.loginUrl }),
  );
  const env = {
    ASSISTANT_COMPANION: 'on',
    XDG_CONFIG_HOME: join(home, '.config'),
    ASSISTANT_COMPANION_SOCKET: testSocketPath(join(work, 'run'), 'companion'),
    ASSISTANT_COMPANION_DIR: join(work, 'companion'),
  };
  app = await launchApp({ userDataDir, env: { ...env, ASSISTANT_COMPANION_REGISTER: '1' } });
  const page = await app.appWindow();
  await signIn(app, page);
  const double = (app as unknown as { double: DoubleLaunch }).double;
  const manifest = join(chromiumProfile, 'NativeMessagingHosts', `${NATIVE_HOST_NAME}.json`);
  await expect.poll(() => readFile(manifest, 'utf8').catch(() => '')).toContain(relayBinary());

  pages = await startCrmPages();
  browser = await launchWithExtension({
    crmPort: pages.port,
    env,
    profile: chromiumProfile,
    unregistered: true,
  });
  const crmPage = await browser.context.newPage();
  const address = `https://acme.lightning.force.com/lightning/r/Opportunity/${deal.shownId}/view`;
  await crmPage.goto(address);
  const tabId = await tabIdOf(browser.worker, address);
  // The user is in the browser, not in the app: the app's window has no focus.
  await app.evaluateMain(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.blur());
  const panel = await browser.context.newPage();
  await panel.goto(`${PANEL_URL}?tab=${tabId}`);

  // The app takes no focus: a notification says a browser asks; its click brings the window
  // forward with the question, modal to it; Allow there serves the panel that waited.
  await expect
    .poll(async () => (await app?.notifications()) ?? [])
    .toContainEqual(expect.objectContaining({ title: 'A browser asks to connect' }));
  expect(double.messageBoxes.shown).toEqual([]);
  const notice = (await app.notifications()).findIndex(
    (n) => n.title === 'A browser asks to connect',
  );
  await app.clickNotification(notice);
  const asked = await double.messageBoxes.next();
  expect(asked.parent === double.windows.all()[0]).toBe(true);
  expect(asked.options).toMatchObject({
    type: 'question',
    message: 'Allow Assistant in Chromium to ask agents about your deals?',
    buttons: ['Allow', 'Deny', 'Not now'],
    defaultId: 2,
  });
  asked.press(0);
  await expect(panel.getByRole('heading', { level: 1 })).toHaveText(deal.deal.title);

  const question = 'What should I do next on this deal?';
  await panel.getByLabel('Your question').fill(question);
  await panel.getByRole('button', { name: 'Ask' }).click();
  const answer = panel.getByRole('region', { name: 'The agent’s answer' });
  await expect(answer.getByRole('status')).toHaveText('Done', { timeout: 60_000 });
  const runId = await answer.getAttribute('data-run-id');
  if (runId === null) throw new Error('The answer names no run.');
  const transcript = ok<{ text: string } | null>(await invoke(page, 'runs.transcript', { runId }));
  // What the service wrote, as the app kept it.
  expect(transcript?.text).toBe(demo.control.runOutput(runId));
  await answer.getByRole('button', { name: 'Copy' }).click();
  await expect(answer.getByRole('button', { name: 'Copied' })).toBeVisible();
  // Read from the CRM's page: an extension page cannot be granted the clipboard.
  await browser.context.grantPermissions(['clipboard-read'], { origin: new URL(address).origin });
  await crmPage.bringToFront();
  expect(String(await crmPage.evaluate('navigator.clipboard.readText()'))).toBe(transcript?.text);

  // Open in Assistant (app.show): the app's window, minimised meanwhile, comes forward on the deal.
  await app.evaluateMain(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.minimize());
  // The deal's own (beside its name); the answer has one for its run.
  await panel.locator('header').getByRole('button', { name: 'Open in Assistant' }).click();
  await expect(page).toHaveURL(new RegExp(`#/deals/${encodeURIComponent(deal.deal.id)}$`));
  // The deal's own heading: the answer shown under it may name the deal in a heading of its own.
  await expect(page.getByRole('heading', { level: 2, name: deal.deal.title })).toBeVisible();
  await expect
    .poll(() =>
      app?.evaluateMain(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.isFocused()),
    )
    .toBe(true);

  // The same run in the app's window: listed under Answers by its question, and opened there.
  await page.evaluate("location.hash = '#/runs'");
  const listed = page
    .getByRole('region', { name: 'History' })
    .getByRole('link', { name: question });
  await expect(listed).toBeVisible();
  await listed.click();
  await expect(page).toHaveURL(new RegExp(`#/runs/${runId}`));
});
