// Who is signed in, in words: a service that names its user beside `principal.userId` (the spec
// shows only the identifier) gets the name in the sidebar, with the id kept in its tooltip and in
// Settings' Account part. The service is the demo service behind the fault proxy, which adds the
// name to its metadata (its `rewrite` option).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoService, type DemoService } from '../../../electron/demo-service';
import { startBrowserMode, type BrowserMode } from '../../../electron/web/browser-mode';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import { expect, test } from '../support/fixtures';
import { nav, openAdvanced } from './helpers';

let demo: DemoService;
let relay: FaultProxy;
let mode: BrowserMode;
let dataDir: string;

test.beforeEach(async () => {
  demo = await startDemoService({ pacing: 'instant' });
  const base = new URL(demo.baseUrl).pathname.replace(/\/$/, '');
  relay = await startFaultProxy({
    target: demo.baseUrl,
    rewrite: {
      // The metadata is a GET on the base address.
      matches: (path) => path.replace(/\/$/, '') === base,
      rewrite: (envelope) => {
        const data = envelope.data as { principal: Record<string, unknown> };
        return {
          ...envelope,
          data: { ...data, principal: { ...data.principal, displayName: 'Alex Morgan' } },
        };
      },
    },
  });
  dataDir = await mkdtemp(join(tmpdir(), 'assistant-e2e-name-'));
  mode = await startBrowserMode({
    port: 0,
    dataDir,
    rendererDir: join(process.cwd(), 'out', 'renderer'),
    baseUrl: relay.url,
    token: demo.token,
    scheduler: false,
  });
});

test.afterEach(async () => {
  await mode.stop();
  await relay.stop();
  await demo.stop();
  await rm(dataDir, { recursive: true, force: true });
});

test('the sidebar and Account name the signed-in user, keeping the id beside it', async ({
  page,
}) => {
  await page.goto(mode.urlFor(''));
  const sidebar = page.getByRole('complementary');
  const user = sidebar.getByText('Alex Morgan');
  await expect(user).toBeVisible();
  await expect(user).toHaveAttribute(
    'title',
    'Signed in as Alex Morgan (usr_demo_alex, assistant · demo)',
  );
  await expect(sidebar).not.toContainText('usr_demo_alex');

  await nav(page, 'Settings').click();
  await openAdvanced(page);
  const account = page.getByRole('region', { name: 'Account and service' });
  await expect(account).toContainText('Alex Morgan');
  await expect(account).toContainText('usr_demo_alex');
});
