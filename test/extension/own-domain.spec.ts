// A company's own CRM domain (issue #27 §1): added on the options page as Dynamics 365, the browser
// asked for that one host, the side panel finds the deal on that host, and Remove takes it away.
// Chromium's permission prompt cannot be answered by a test (no switch accepts it, and it is the
// browser's own window): the walk sees Add ask for it and wait, then starts the browser again with
// the permission recorded in the profile as an accepted prompt leaves it, and adds the host again
// (the browser answers at once for a permission it holds).
import AxeBuilder from '@axe-core/playwright';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  DEVELOPMENT_EXTENSION_ID,
  extensionOrigin,
} from '../../electron/companion/registration/extension-ids';
import {
  startCompanionFixture,
  type CompanionFixture,
} from '../integration/companion/fixtures/companion-host';
import { demoCrmDeals } from '../support/demo-crm-deals';
import {
  grantHostPermission,
  hasHostPermission,
  launchWithExtension,
  OPTIONS_URL,
  OWN_CRM_HOST,
  PANEL_URL,
  panelOptionsOf,
  storedValue,
  tabIdOf,
  type ExtensionBrowser,
} from './browser';
import { startCrmPages, type CrmPages } from './crm-pages';

const PATTERN = `https://${OWN_CRM_HOST}/*`;
const [deal] = demoCrmDeals(1).filter((d) => d.crm === 'dynamics');
const DEAL_ADDRESS = `https://${OWN_CRM_HOST}/main.aspx?appid=0b1a&pagetype=entityrecord&etn=opportunity&id=${encodeURIComponent(deal?.shownId ?? '')}`;

let fixture: CompanionFixture;
let pages: CrmPages;
let profile: string;
let browser: ExtensionBrowser | undefined;

const launch = async () =>
  launchWithExtension({
    crmPort: pages.port,
    profile,
    env: {
      ASSISTANT_COMPANION_SOCKET: fixture.socketPath,
      ASSISTANT_COMPANION_DIR: `${fixture.work}/no-launch-file`,
    },
  });

async function audit(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe on ${what}`,
  ).toEqual([]);
}

test.beforeAll(async () => {
  fixture = await startCompanionFixture({
    folderPrefix: 'extension-own-domain-',
    demo: { profile: 'dynamics', pacing: 2_000 },
  });
  pages = await startCrmPages();
  profile = await mkdtemp(join(tmpdir(), 'extension-own-domain-profile-'));
});

test.afterAll(async () => {
  await browser?.close();
  await pages?.close();
  await fixture?.stop();
  if (profile !== undefined) await rm(profile, { recursive: true, force: true });
});

test('a company’s own CRM domain: added as Dynamics 365, its deal in the panel, removed', async () => {
  expect(deal, 'a Dynamics deal in the demo').toBeDefined();
  browser = await launch();
  let options = await browser.context.newPage();
  await options.goto(OPTIONS_URL);
  const addressField = options.getByLabel('CRM address');
  const add = options.getByRole('button', { name: 'Add', exact: true });

  // Refused before the browser is asked: not https.
  await addressField.fill(`http://${OWN_CRM_HOST}`);
  await add.click();
  await expect(options.getByText('The address must begin with https://')).toBeVisible();
  // A deal's address pasted names its CRM by its path; Add asks the browser, which waits for the
  // user: nothing is added meanwhile.
  await addressField.fill(DEAL_ADDRESS);
  await expect(options.getByLabel('Which CRM it is')).toHaveValue('dynamics');
  await add.click();
  await expect(options.getByRole('status')).toHaveText(
    'Your browser is asking you to allow Assistant on this site…',
  );
  expect(await storedValue(browser.worker, 'customCrmHosts')).toBeUndefined();
  for (const scheme of ['light', 'dark'] as const) {
    await options.emulateMedia({ colorScheme: scheme });
    await expect(options.locator('html')).toHaveAttribute('data-theme', scheme);
    await audit(options, `the options page, ${scheme}`);
  }

  // The user allowed it: the browser again, holding the permission.
  await browser.close();
  await grantHostPermission(profile, PATTERN);
  browser = await launch();
  options = await browser.context.newPage();
  await options.goto(OPTIONS_URL);
  // By keyboard this time: Enter in the address adds it.
  await options.getByLabel('CRM address').fill(DEAL_ADDRESS);
  await options.getByLabel('CRM address').press('Enter');
  await expect(options.getByRole('status')).toHaveText(
    `${OWN_CRM_HOST} was added. Open a deal there to use the side panel.`,
  );
  await expect(options.getByRole('listitem')).toContainText([`${OWN_CRM_HOST}Dynamics 365`]);
  expect(await storedValue(browser.worker, 'customCrmHosts')).toEqual([
    { host: OWN_CRM_HOST, crm: 'dynamics' },
  ]);
  await audit(options, 'the options page with a host');

  // The host's deal page: the panel is enabled there and finds the deal by its GUID.
  const crmPage = await browser.context.newPage();
  await crmPage.goto(DEAL_ADDRESS);
  const tabId = await tabIdOf(browser.worker, DEAL_ADDRESS);
  await expect.poll(() => panelOptionsOf(browser!.worker, tabId)).toMatchObject({ enabled: true });
  const panel = await browser.context.newPage();
  await panel.setViewportSize({ width: 360, height: 800 });
  await panel.goto(`${PANEL_URL}?tab=${tabId}`);
  await expect(panel.getByRole('status')).toContainText('choose Allow');
  await fixture.host.allow(extensionOrigin(DEVELOPMENT_EXTENSION_ID));
  await expect(panel.getByRole('heading', { level: 1 })).toHaveText(deal?.deal.title ?? '');

  // Remove: the permission is given back and the host forgotten; the panel is off on that tab.
  await options.bringToFront();
  await options.getByRole('button', { name: `Remove ${OWN_CRM_HOST}` }).click();
  await expect(options.getByRole('status')).toHaveText(`${OWN_CRM_HOST} was removed.`);
  await expect(options.getByText('None yet.')).toBeVisible();
  expect(await hasHostPermission(browser.worker, PATTERN)).toBe(false);
  expect(await storedValue(browser.worker, 'customCrmHosts')).toEqual([]);
  await expect.poll(() => panelOptionsOf(browser!.worker, tabId)).toMatchObject({ enabled: false });
  await panel.bringToFront();
  await expect(panel.getByText('This page isn’t a deal.')).toBeVisible();

  // From there the panel opens the options page (Chrome brings an open one forward instead).
  await options.close();
  const opened = browser.context.waitForEvent('page');
  await panel.getByRole('button', { name: 'Add your company’s CRM address' }).click();
  await expect(await opened).toHaveURL(OPTIONS_URL);
});
