// The walk of issue #27 for one CRM profile, from a CRM's deal address to an answer copied from the
// side panel, against real processes: Chromium with the built extension, the built relay started
// by the browser, the companion host with a real backend in front of the demo service (the
// profile's records carry that CRM's own ids), and fake CRM pages under the CRM's real host name.
// Playwright cannot click the toolbar button, so the panel is opened as the page it is
// (`panel.html?tab=<id>`: the path the service worker gives the panel on that tab).
import AxeBuilder from '@axe-core/playwright';
import { join } from 'node:path';
import { startCompanionHost, type CompanionHost } from '../../electron/companion';
import { createLogger } from '../../electron/core/logs/logger';
import { expect, test, type Page } from '@playwright/test';
import type { Crm } from '../../electron/core/deals/crm-id';
import {
  DEVELOPMENT_EXTENSION_ID,
  extensionOrigin,
} from '../../electron/companion/registration/extension-ids';
import {
  startCompanionFixture,
  type CompanionFixture,
} from '../integration/companion/fixtures/companion-host';
import { meetingsOf } from '../../electron/domain/briefings/meetings';
import { meetingPrepOf } from '../../src/lib/meetingPrep';
import { demoCrmDeals } from '../support/demo-crm-deals';
import {
  launchWithExtension,
  PANEL_URL,
  panelOptionsOf,
  tabIdOf,
  type ExtensionBrowser,
} from './browser';
import { startCrmPages, type CrmPages } from './crm-pages';

export interface CrmAddresses {
  crm: Crm;
  deal(shownId: string): string;
  /** A page of the same CRM that is not a deal (a contact). */
  contact: string;
  /** Also stop the app's companion host mid-answer and start it again (one CRM is enough). */
  restartMidAnswer?: boolean;
  /**
   * Also the pages that tried to make the panel show a deal the tab is not showing (one CRM is
   * enough): a title of 600 characters, a deal found only by its name, and this address of
   * another company's CRM (the same CRM, another host) showing the first deal's number.
   */
  hostilePages?: { foreignDeal(shownId: string): string; foreignHost: string };
}

const ORIGIN = extensionOrigin(DEVELOPMENT_EXTENSION_ID);

/** Records every message the panel's native port receives, for the check that no secret passed. */
function recordPortMessages(): void {
  const api = (globalThis as unknown as { chrome?: { runtime?: { connectNative?: unknown } } })
    .chrome?.runtime;
  if (api === undefined || typeof api.connectNative !== 'function') return;
  const connect = api.connectNative as (name: string) => {
    onMessage: { addListener(listener: (message: unknown) => void): void };
  };
  const received: string[] = [];
  (globalThis as unknown as { receivedFrames: string[] }).receivedFrames = received;
  api.connectNative = (name: string) => {
    const port = connect.call(api, name);
    port.onMessage.addListener((message) => received.push(JSON.stringify(message)));
    return port;
  };
}

/** The CRM's own navigation: a single-page app changes its address without loading a page. */
async function pushState(page: Page, url: string): Promise<void> {
  await page.evaluate(`history.pushState({}, '', ${JSON.stringify(url)})`);
}

async function audit(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const report = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(report, `axe on ${what}`).toEqual([]);
}

export function walkCrm(addresses: CrmAddresses): void {
  const [first, second] = demoCrmDeals(2).filter((d) => d.crm === addresses.crm);
  if (first === undefined || second === undefined) throw new Error('The demo has too few deals.');
  let fixture: CompanionFixture;
  let pages: CrmPages;
  let browser: ExtensionBrowser;
  let restarted: CompanionHost | undefined;
  const asked: string[] = [];

  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    fixture = await startCompanionFixture({
      folderPrefix: `extension-walk-${addresses.crm}-`,
      demo: { profile: addresses.crm, pacing: 2_000 },
      host: { onPairingRequest: ({ origin }) => asked.push(origin) },
    });
    pages = await startCrmPages();
    browser = await launchWithExtension({
      crmPort: pages.port,
      env: {
        ASSISTANT_COMPANION_SOCKET: fixture.socketPath,
        // No launch file there: the relay never starts an app of its own.
        ASSISTANT_COMPANION_DIR: `${fixture.work}/no-launch-file`,
      },
    });
    await browser.context.addInitScript(recordPortMessages);
  });

  test.afterAll(async () => {
    await restarted?.stop();
    await browser?.close();
    await pages?.close();
    await fixture?.stop();
  });

  test(`${addresses.crm}: a deal's address, the panel, an answer asked, streamed and copied`, async () => {
    const crmPage = await browser.context.newPage();
    const address = addresses.deal(first.shownId);
    await crmPage.goto(address);
    const tabId = await tabIdOf(browser.worker, address);
    await expect
      .poll(() => panelOptionsOf(browser.worker, tabId))
      .toMatchObject({
        enabled: true,
        path: `panel.html?tab=${tabId}`,
      });

    const panel = await browser.context.newPage();
    const problems: string[] = [];
    panel.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
    });
    panel.on('pageerror', (e) => problems.push(e.message));
    await panel.setViewportSize({ width: 360, height: 800 });
    await panel.goto(`${PANEL_URL}?tab=${tabId}`);
    // Not yet allowed: the panel says what to do, and the app was asked once.
    await expect(panel.getByRole('status')).toContainText(
      'switch to the Assistant app and choose Allow',
    );
    expect(asked).toEqual([ORIGIN]);
    await fixture.host.allow(ORIGIN);
    await expect(panel.getByRole('heading', { level: 1 })).toHaveText(first.deal.title);

    await panel.getByLabel('Your question').fill('What should I do next on this deal?');
    await panel.getByLabel('Your question').press('Control+Enter');
    const answer = panel.getByRole('region', { name: 'The agent’s answer' });
    await expect(answer.getByRole('status')).toHaveText('Done', { timeout: 60_000 });
    const runId = await answer.getAttribute('data-run-id');
    expect(runId).not.toBeNull();
    const transcript = await fixture.backend.handlers['runs.transcript'](
      { runId: runId as string },
      { host: 'test' },
    );
    expect(transcript?.text.length).toBeGreaterThan(0);
    await answer.getByRole('button', { name: 'Copy' }).click();
    await expect(answer.getByRole('button', { name: 'Copied' })).toBeVisible();
    // The browser's clipboard, read from the CRM's page (an extension page cannot be granted it).
    const crmOrigin = new URL(address).origin;
    await browser.context.grantPermissions(['clipboard-read'], { origin: crmOrigin });
    await crmPage.bringToFront();
    expect(String(await crmPage.evaluate('navigator.clipboard.readText()'))).toBe(transcript?.text);
    await panel.bringToFront();
    // The run is listed under the deal.
    // By its question and its status in words, as on the deal's page in the app.
    const listed = panel.getByRole('region', { name: 'Asked about this deal' }).getByRole('button');
    await expect(listed.first()).toContainText('What should I do next on this deal?');
    await expect(listed.first()).toContainText('Done');

    for (const scheme of ['light', 'dark'] as const) {
      await panel.emulateMedia({ colorScheme: scheme });
      await expect(panel.locator('html')).toHaveAttribute('data-theme', scheme);
      await audit(panel, `the panel at 360 px, ${scheme}`);
    }
    // The side panel's widths: nothing runs out sideways at the narrowest or the widest.
    for (const width of [320, 600]) {
      await panel.setViewportSize({ width, height: 800 });
      const overflow = await panel.evaluate(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      );
      expect(overflow, `${width} px`).toBe(0);
    }
    await panel.setViewportSize({ width: 360, height: 800 });

    // The CRM's single-page navigation to another deal switches the panel.
    const next = addresses.deal(second.shownId);
    await pushState(crmPage, next);
    await expect(panel.getByRole('heading', { level: 1 })).toHaveText(second.deal.title);

    // The deal the service's meeting briefing is about shows that meeting.
    const briefing = await fixture.backend.handlers['briefings.meeting']({}, { host: 'test' });
    const meeting = meetingsOf(briefing.value.data)[0];
    const meetingDeal = demoCrmDeals(1_000).find(
      (d) => d.crm === addresses.crm && d.deal.id === meeting?.dealId,
    );
    expect(meetingDeal, 'the demo meeting’s deal').toBeDefined();
    await pushState(crmPage, addresses.deal(meetingDeal?.shownId ?? ''));
    await expect(panel.getByRole('heading', { level: 1 })).toHaveText(
      meetingDeal?.deal.title ?? '',
    );
    const nextMeeting = panel.getByRole('region', { name: 'Next meeting' });
    await expect(nextMeeting).toContainText(meeting?.title ?? '');
    // Who comes from the other side, as Today's card says it.
    const theirs = (meetingPrepOf(briefing.value.data)?.attendees ?? []).filter((a) => !a.internal);
    expect(theirs.length, 'the demo meeting’s attendees').toBeGreaterThan(0);
    await expect(nextMeeting).toContainText(`with ${theirs[0]?.name ?? ''}`);
    // Under an hour away, the meeting comes first in the panel, before the deal's header.
    const meetingFirst = await nextMeeting.evaluate((section) => {
      const header = section.ownerDocument.querySelector('h1');
      return header !== null && (section.compareDocumentPosition(header) & 4) !== 0;
    });
    expect(meetingFirst, 'the meeting before the deal’s name').toBe(true);
    // The demo's meeting is under an hour away: the app prepared it by itself at start (#38),
    // and the panel shows that prep with the meeting; Read the prep opens its answer here.
    const prep = nextMeeting.getByRole('group', { name: 'Your prep' });
    await expect(prep).toBeVisible({ timeout: 20_000 });
    await audit(panel, 'the panel with a meeting and its prep, dark');
    await prep.getByRole('button', { name: 'Read the prep' }).click();
    const prepAnswer = panel.getByRole('region', { name: 'The agent’s answer' });
    const preps = await fixture.backend.handlers['autoPrep.list']({}, { host: 'test' });
    const prepRun = preps.meetings.find((m) => m.dealId === meeting?.dealId)?.prep;
    expect(prepRun?.status).toBe('ready');
    await expect(prepAnswer).toHaveAttribute(
      'data-run-id',
      prepRun?.status === 'ready' ? prepRun.runId : '',
    );

    // A contact page: the panel is disabled on that tab, and says the page is no deal.
    await pushState(crmPage, addresses.contact);
    await expect
      .poll(() => panelOptionsOf(browser.worker, tabId))
      .toMatchObject({ enabled: false });
    await expect(panel.getByText('This page isn’t a deal.')).toBeVisible();

    // The session token is nowhere in the extension: its storage, IndexedDB, what it received.
    const token = fixture.demo.token;
    const stored = await browser.worker.evaluate(async () => {
      const api = (
        globalThis as unknown as {
          chrome: { storage: { local: { get(k: null): Promise<object> } } };
        }
      ).chrome;
      return JSON.stringify(await api.storage.local.get(null));
    });
    expect(stored).not.toContain(token);
    const databases = await panel.evaluate(
      'indexedDB.databases().then((all) => all.map((d) => d.name))',
    );
    expect(databases).toEqual([]);
    const frames = await panel.evaluate(
      () => (globalThis as unknown as { receivedFrames?: string[] }).receivedFrames ?? [],
    );
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.join('\n')).not.toContain(token);
    // No script error, CSP violation or refused message on the way.
    expect(problems).toEqual([]);
  });

  const hostile = addresses.hostilePages;
  if (hostile !== undefined) {
    test(`${addresses.crm}: a page's title, a name match and another company's host never show a deal the tab is not showing`, async () => {
      const crmPage = await browser.context.newPage();
      const address = addresses.deal(first.shownId);
      await crmPage.goto(address);
      const tabId = await tabIdOf(browser.worker, address);
      const panel = await browser.context.newPage();
      await panel.goto(`${PANEL_URL}?tab=${tabId}`);
      // Allowed by the walk before; allowed here when this test runs alone (`-g`), once the
      // panel waits for it (the Allow hands its key to the waiting connection). Not again when
      // allowed: an Allow hands out a new key, and this extension holds the first one.
      const allowed = fixture.host
        .browsers()
        .some((entry) => entry.origin === ORIGIN && entry.decision === 'allowed');
      if (!allowed) {
        await expect(panel.getByRole('status')).toContainText('choose Allow');
        await fixture.host.allow(ORIGIN);
      }
      const heading = panel.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText(first.deal.title);

      // A 600-character title (astral characters among them), then the CRM's navigation to
      // another deal: the panel switches to it (it used to drop the message and keep this one).
      await crmPage.evaluate(
        `document.title = ${JSON.stringify('𝔸Ü'.repeat(200) + 'x'.repeat(200))}`,
      );
      await pushState(crmPage, addresses.deal(second.shownId));
      await expect(heading).toHaveText(second.deal.title);

      // A number no record carries, on a page named as a deal is: found by name, and said so.
      await crmPage.evaluate(`document.title = ${JSON.stringify(first.deal.title)}`);
      await pushState(crmPage, addresses.deal('987654321'));
      await expect(heading).toHaveText(first.deal.title);
      await expect(panel.getByText('Found by name', { exact: true })).toBeVisible();

      // A tab change the panel cannot read (here over its schema's bounds, sent by the worker as
      // a page of the extension could): the deal goes at once, and the panel reads its tab
      // itself, which is closed now, so no deal.
      await crmPage.close();
      await browser.worker.evaluate(
        `chrome.runtime.sendMessage({ type: 'tab-deal-changed', tabId: ${tabId}, deal: null, title: 'x'.repeat(600) })`,
      );
      await expect(heading).toHaveCount(0);
      await expect(panel.getByText('This page isn’t a deal.')).toBeVisible();

      // Another company's host with the same number: the user's deal is not shown there until
      // the user says that host is their company's CRM too.
      const foreignPage = await browser.context.newPage();
      const foreign = hostile.foreignDeal(first.shownId);
      await foreignPage.goto(foreign);
      const foreignTab = await tabIdOf(browser.worker, foreign);
      const foreignPanel = await browser.context.newPage();
      await foreignPanel.goto(`${PANEL_URL}?tab=${foreignTab}`);
      const confirm = foreignPanel.getByRole('button', {
        name: `${hostile.foreignHost} is my company’s CRM: show its deals`,
      });
      await expect(confirm).toBeVisible();
      await expect(foreignPanel.getByText(`deals at ${hostile.foreignHost} before`)).toBeVisible();
      await expect(foreignPanel.getByRole('heading', { level: 1 })).toHaveCount(0);
      await expect(foreignPanel.getByText(first.deal.title)).toHaveCount(0);
      await expect(foreignPanel.getByLabel('Your question')).toHaveCount(0);
      // The user's own word shows it, and the host is known from then on.
      await confirm.click();
      await expect(foreignPanel.getByRole('heading', { level: 1 })).toHaveText(first.deal.title);
      await audit(foreignPanel, 'the panel after confirming a host');
      await Promise.all([panel, foreignPanel, foreignPage].map((page) => page.close()));
    });
  }

  if (addresses.restartMidAnswer !== true) return;

  test(`${addresses.crm}: the app's host stopped mid-answer, the panel says so and resumes with nothing lost; Retry and Cancel`, async () => {
    const crmPage = await browser.context.newPage();
    const address = addresses.deal(first.shownId);
    await crmPage.goto(address);
    const tabId = await tabIdOf(browser.worker, address);
    const panel = await browser.context.newPage();
    await panel.goto(`${PANEL_URL}?tab=${tabId}`);
    await expect(panel.getByRole('heading', { level: 1 })).toHaveText(first.deal.title);

    fixture.demo.control.setPacing(60);
    await panel.getByLabel('Your question').fill('Who decides on this deal?');
    await panel.getByRole('button', { name: 'Ask' }).click();
    const answer = panel.getByRole('region', { name: 'The agent’s answer' });
    await expect(answer.locator('.panel-answer-text')).not.toBeEmpty();
    await fixture.host.stop();
    await expect(panel.locator('.panel-notice')).toBeVisible();

    restarted = await startCompanionHost({
      backend: fixture.backend,
      log: createLogger({}).child('companion'),
      dataDir: join(fixture.work, 'data'),
      socketPath: fixture.socketPath,
      appVersion: '0.0.0-test',
      allowedOrigins: [ORIGIN],
    });
    fixture.demo.control.setPacing(2_000);
    await expect(panel.locator('.panel-notice')).toBeHidden({ timeout: 30_000 });
    await expect(answer.getByRole('status')).toHaveText('Done', { timeout: 60_000 });
    const runId = (await answer.getAttribute('data-run-id')) as string;
    const transcript = await fixture.backend.handlers['runs.transcript'](
      { runId },
      { host: 'test' },
    );
    await answer.getByRole('button', { name: 'Copy' }).click();
    await expect(answer.getByRole('button', { name: 'Copied' })).toBeVisible();
    await crmPage.bringToFront();
    expect(String(await crmPage.evaluate('navigator.clipboard.readText()'))).toBe(transcript?.text);

    // Retry asks again; Cancel stops that run, which the panel says, and offers Retry once more.
    fixture.demo.control.setPacing(20);
    await panel.bringToFront();
    await answer.getByRole('button', { name: 'Retry' }).click();
    await expect(answer).not.toHaveAttribute('data-run-id', runId);
    await answer.getByRole('button', { name: 'Cancel' }).click();
    await expect(answer.getByRole('status')).toHaveText('Stopped', { timeout: 30_000 });
    await expect(answer.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
}
