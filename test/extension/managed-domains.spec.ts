// The company's CRM domain set by IT (issue #36 §3): a Chromium policy gives the extension's managed
// storage a custom Salesforce domain; without the user adding anything, the options page lists it
// as set by the organisation (no Remove), a deal page there is a deal, and the panel says the host
// is the company's CRM as the organisation set it. Linux Chromium reads machine policies from
// /etc/chromium/policies/managed/*.json, writable only by root: the walk writes its file there and
// removes it, and is skipped when not root. The extension's id is fixed by its manifest key, so
// the policy names it ({"3rdparty":{"extensions":{"<id>":{…}}}}).
// No policy grants an extension's optional site access: the user still allows the host once
// (the options page offers it); the prompt cannot be answered by a test, so, as own-domain.spec.ts
// does, the walk records the accepted prompt in the closed profile and starts the browser again.
import { mkdir, mkdtemp, rm, rmdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Worker } from '@playwright/test';
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
  launchWithExtension,
  MANAGED_CRM_HOST,
  OPTIONS_URL,
  PANEL_URL,
  panelOptionsOf,
  storedValue,
  tabIdOf,
  type ExtensionBrowser,
} from './browser';
import { startCrmPages, type CrmPages } from './crm-pages';

const POLICY_FOLDER = '/etc/chromium/policies/managed';
const POLICY_FILE = join(POLICY_FOLDER, 'assistant-companion-walk.json');
const PATTERN = `https://${MANAGED_CRM_HOST}/*`;
const [deal] = demoCrmDeals(1).filter((d) => d.crm === 'salesforce');
const DEAL_ADDRESS = `https://${MANAGED_CRM_HOST}/lightning/r/Opportunity/${deal?.shownId ?? ''}/view`;
const isRoot = process.platform === 'linux' && process.getuid?.() === 0;

let fixture: CompanionFixture;
let pages: CrmPages;
let profile: string;
let browser: ExtensionBrowser | undefined;
let madeFolders: string[] = [];

const launch = async () =>
  launchWithExtension({
    crmPort: pages.port,
    profile,
    env: {
      ASSISTANT_COMPANION_SOCKET: fixture.socketPath,
      ASSISTANT_COMPANION_DIR: `${fixture.work}/no-launch-file`,
    },
  });

/** What the extension reads from its managed storage. */
async function managedValue(worker: Worker): Promise<Record<string, unknown>> {
  return worker.evaluate(async () => {
    const api = (
      globalThis as unknown as {
        chrome: { storage: { managed: { get(k: null): Promise<Record<string, unknown>> } } };
      }
    ).chrome;
    return api.storage.managed.get(null);
  });
}

test.skip(!isRoot, 'Chromium reads machine policies only from /etc/chromium, which needs root');

test.beforeAll(async () => {
  fixture = await startCompanionFixture({
    folderPrefix: 'extension-managed-',
    demo: { profile: 'salesforce', pacing: 2_000 },
  });
  pages = await startCrmPages();
  profile = await mkdtemp(join(tmpdir(), 'extension-managed-profile-'));
  // Only this extension's managed storage, and only a test host: other browsers on the machine
  // (other walks) see nothing of theirs change.
  for (const folder of ['/etc/chromium', '/etc/chromium/policies', POLICY_FOLDER]) {
    await mkdir(folder).then(
      () => madeFolders.unshift(folder),
      () => undefined,
    );
  }
  const policy = {
    '3rdparty': {
      extensions: {
        [DEVELOPMENT_EXTENSION_ID]: {
          crmDomains: [{ host: MANAGED_CRM_HOST, crm: 'salesforce' }],
        },
      },
    },
  };
  await writeFile(POLICY_FILE, JSON.stringify(policy));
});

test.afterAll(async () => {
  await browser?.close();
  await pages?.close();
  await fixture?.stop();
  if (profile !== undefined) await rm(profile, { recursive: true, force: true });
  if (isRoot) {
    await rm(POLICY_FILE, { force: true });
    for (const folder of madeFolders) await rmdir(folder).catch(() => undefined);
    madeFolders = [];
  }
});

test('a CRM domain set by IT: listed as set by the organisation, its deal found without adding it', async () => {
  expect(deal, 'a Salesforce deal in the demo').toBeDefined();
  browser = await launch();
  await expect
    .poll(() => managedValue(browser!.worker), {
      message: 'chrome://policy applied to the extension',
    })
    .toEqual({ crmDomains: [{ host: MANAGED_CRM_HOST, crm: 'salesforce' }] });

  // The options page lists it as the organisation's: no Remove, and Allow while the browser has
  // not let the extension see the site.
  let options = await browser.context.newPage();
  await options.goto(OPTIONS_URL);
  const managed = options.getByRole('region', { name: 'Set by your organisation' });
  await expect(managed.getByRole('listitem')).toHaveText([
    `${MANAGED_CRM_HOST}SalesforceYour browser hasn’t allowed Assistant on this site yet.Allow on this site`,
  ]);
  await expect(
    managed.getByRole('button', { name: `Allow Assistant on ${MANAGED_CRM_HOST}` }),
  ).toBeVisible();
  await expect(options.getByRole('button', { name: `Remove ${MANAGED_CRM_HOST}` })).toHaveCount(0);
  // IT did not forbid adding: the user's form is still there.
  await expect(options.getByLabel('CRM address')).toBeVisible();

  // The user allowed the site once (the browser's prompt): the browser again, holding it.
  await browser.close();
  await grantHostPermission(profile, PATTERN);
  browser = await launch();
  options = await browser.context.newPage();
  await options.goto(OPTIONS_URL);
  await expect(
    options.getByRole('region', { name: 'Set by your organisation' }).getByRole('listitem'),
  ).toHaveText([`${MANAGED_CRM_HOST}Salesforce`]);

  // The deal page on that domain: a deal, though the user added nothing.
  const crmPage = await browser.context.newPage();
  await crmPage.goto(DEAL_ADDRESS);
  const tabId = await tabIdOf(browser.worker, DEAL_ADDRESS);
  await expect.poll(() => panelOptionsOf(browser!.worker, tabId)).toMatchObject({ enabled: true });
  expect(await storedValue(browser.worker, 'customCrmHosts')).toBeUndefined();
  const panel = await browser.context.newPage();
  await panel.setViewportSize({ width: 360, height: 800 });
  await panel.goto(`${PANEL_URL}?tab=${tabId}`);
  await expect(panel.getByRole('status')).toContainText('choose Allow');
  await fixture.host.allow(extensionOrigin(DEVELOPMENT_EXTENSION_ID));
  await expect(panel.getByRole('heading', { level: 1 })).toHaveText(deal?.deal.title ?? '');
  await expect(
    panel.getByText(`Your organisation set ${MANAGED_CRM_HOST} as your company’s CRM.`),
  ).toBeVisible();
  await expect(panel.getByText(/The first deal shown from/)).toHaveCount(0);
});
