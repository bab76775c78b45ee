// Managed settings on Linux, live (#39's done when): a policy.json IT wrote sets the service (the
// first screen signs in to it, no demo), locks the morning time (Settings shows it read-only with
// "Set by your organisation", and settings.update refuses it), and a change to the file while
// browser mode runs applies without a reload. Browser mode reads the extra policy file named by
// ASSISTANT_POLICY_FILE after /etc/assistant-desktop/policy.json.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoService, type DemoService } from '../../../electron/demo-service';
import { startBrowserMode, type BrowserMode } from '../../../electron/web/browser-mode';
import { startApp, type RunningApp } from '../support/app';
import { expect, test } from '../support/fixtures';
import { audit, nav, openAdvanced } from './helpers';

const POLICY_ENV = 'ASSISTANT_POLICY_FILE';

let company: DemoService;
let folder: string;
let policyFile: string;
let app: RunningApp | undefined;
let bare: BrowserMode | undefined;
let envBefore: string | undefined;

test.beforeEach(async () => {
  // The company's own service: another demo, with another organisation in it.
  company = await startDemoService({ profile: 'hubspot', pacing: 'instant' });
  folder = await mkdtemp(join(tmpdir(), 'assistant-policy-'));
  policyFile = join(folder, 'policy.json');
  envBefore = process.env[POLICY_ENV];
});

test.afterEach(async () => {
  await app?.stop();
  await bare?.stop();
  app = undefined;
  bare = undefined;
  if (envBefore === undefined) delete process.env[POLICY_ENV];
  else process.env[POLICY_ENV] = envBefore;
  await company.stop();
  await rm(folder, { recursive: true, force: true });
});

/** policy.json as IT writes it: what is at the top is locked, what is under Recommended is not. */
function writePolicy(policy: Record<string, unknown>): Promise<void> {
  return writeFile(policyFile, `${JSON.stringify(policy, null, 2)}\n`);
}

test('IT’s policy.json sets the service, locks the morning time, and a change to it applies live', async ({
  page,
}) => {
  const service = {
    ServiceBaseUrl: company.baseUrl,
    SignInUrl: company.loginUrl,
    AllowDemo: false,
  };
  await writePolicy({ ...service, MorningTime: '07:30' });
  process.env[POLICY_ENV] = policyFile;
  // The user's own settings name the built-in demo's service: IT's policy wins over them.
  app = await startApp({ service: 'settings', signedOut: true });
  const running = app;

  // The first screen asks to sign in to the company's service: no demo anywhere.
  await running.open(page, '#/today');
  const banner = page.getByText('You are not signed in to the service.');
  await expect(banner).toBeVisible();
  const sidebar = page.getByRole('complementary');
  await expect(sidebar.getByText('Demo', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Demo data' })).toHaveCount(0);

  // Settings: the service and sign-in page as IT set them, read-only, and why.
  await nav(page, 'Settings').click();
  await openAdvanced(page);
  const connection = page.getByRole('region', { name: 'Service connection' });
  const address = connection.getByLabel('Service address');
  await expect(address).toHaveValue(company.baseUrl);
  await expect(address).not.toBeEditable();
  await expect(address).toHaveAccessibleDescription(/^Set by your organisation/);
  await expect(address).toHaveAccessibleDescription(/ending in \/api\/v1\/<service>\.$/);
  await expect(connection.getByLabel('Sign-in page')).toHaveValue(company.loginUrl);
  await expect(connection.getByLabel('Sign-in page')).not.toBeEditable();
  await expect(connection.getByRole('button', { name: 'Save connection' })).toHaveCount(0);

  // Signing in with the company's token shows the company's organisation: it is that service.
  const session = page.getByRole('region', { name: 'Session' });
  await session.getByRole('button', { name: 'Paste a session token' }).click();
  await session.getByLabel('Session token').fill(company.control.createSession());
  await session.getByRole('button', { name: 'Use this token' }).click();
  await expect(sidebar).toContainText('Contoso Growth Team');

  // The morning time: IT's, read-only, saying so; the lead before a meeting stays the user's.
  const morning = page.getByLabel('Morning briefing at');
  await expect(morning).toHaveValue('07:30');
  await expect(morning).not.toBeEditable();
  await expect(morning).toHaveAccessibleDescription(/^Set by your organisation/);
  await expect(page.getByLabel('Minutes before a meeting')).toBeEditable();
  await audit(page, 'Settings with locked fields');
  // Core refuses it whoever asks (the companion, the command line): with the reason.
  const refused = await Promise.resolve()
    .then(() =>
      running.mode.backend.handlers['settings.update'](
        { notifications: { morningTime: '09:00' } },
        { host: 'test' },
      ),
    )
    .then(
      () => undefined,
      (error: unknown) => error,
    );
  expect(refused).toMatchObject({ code: 'locked' });

  // IT moves the morning time to a default while the app runs: editable, without a reload.
  const changed = running.nextEvent('settings.managedChanged', (managed) =>
    managed.recommended.includes('notifications.morningTime'),
  );
  await writePolicy({ ...service, Recommended: { MorningTime: '07:30' } });
  await changed;
  await expect(morning).toBeEditable();
  await expect(morning).toHaveValue('07:30');
  await expect(morning).toHaveAccessibleDescription(/^Your organisation’s default/);
  await morning.fill('09:15');
  const saved = running.nextEvent(
    'settings.changed',
    (settings) => settings.notifications.morningTime === '09:15',
  );
  await morning.press('Enter');
  await saved;
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  // And removed altogether: no note at all.
  const removed = running.nextEvent(
    'settings.managedChanged',
    (managed) => !managed.recommended.includes('notifications.morningTime'),
  );
  await writePolicy(service);
  await removed;
  await expect(morning).toHaveAccessibleDescription(/^For example/);
  await expect(address).not.toBeEditable();
});

test('with no demo allowed and no address yet, the first screen asks for the company’s address', async ({
  page,
}) => {
  await writePolicy({ AllowDemo: false });
  process.env[POLICY_ENV] = policyFile;
  // A first start: no settings, no service given, so browser mode would fall back on the demo.
  bare = await startBrowserMode({
    port: 0,
    dataDir: join(folder, 'data'),
    rendererDir: join(process.cwd(), 'out', 'renderer'),
    scheduler: false,
  });
  await page.goto(bare.urlFor('#/today'));
  const banner = page
    .getByRole('status')
    .filter({ hasText: 'Your organisation uses its own service' });
  await expect(banner).toBeVisible();
  await expect(page.getByText('You are not signed in to the service.')).toHaveCount(0);
  await expect(page.getByRole('complementary').getByText('Demo', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Demo data' })).toHaveCount(0);

  // Straight to the address, with no word of a demo beside it.
  await banner.getByRole('link', { name: 'Enter the address' }).click();
  const connection = page.getByRole('region', { name: 'Service connection' });
  const address = connection.getByLabel('Service address');
  await expect(address).toBeFocused();
  await expect(address).toBeEditable();
  await expect(connection).not.toContainText('demo');

  const changed = new Promise<void>((resolve) => {
    const stop = bare?.backend.events.subscribe((name) => {
      if (name !== 'service.changed') return;
      stop?.();
      resolve();
    });
  });
  await address.fill(company.baseUrl);
  await connection.getByRole('button', { name: 'Save connection' }).click();
  await changed;
  // Now there is a service to sign in to.
  await expect(page.getByText('You are not signed in to the service.')).toBeVisible();
  await expect(banner).toHaveCount(0);
});
