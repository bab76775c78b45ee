// Names that pretend (issue #26): a service that names its user `Mallory \u202Enimda` (a
// right-to-left override, which would show "Mallory admin") and a deal whose name reverses part of
// itself. The page shows them as sent: the characters on screen, read left to right, are the ones
// the service sent in the order it sent them, and the words around a name stay where they are.
// The service is the demo service behind the fault proxy, which renames the user and the first
// deal in its answers (its `rewrite` option). The screenshot is attached to the test's output.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { SESSION_COOKIE, startDemoService, type DemoService } from '../../../electron/demo-service';
import { startBrowserMode, type BrowserMode } from '../../../electron/web/browser-mode';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import { expect, test } from '../support/fixtures';
import { nav, openAdvanced } from './helpers';

const USER_NAME = 'Mallory \u202enimda';
/** Overridden, this would show "Renewal final 2026 for Harbour". */
const DEAL_NAME = 'Renewal \u202e6202 lanif\u202c for Harbour';
const USER_SHOWN = 'Mallory nimda';
const DEAL_SHOWN = 'Renewal 6202 lanif for Harbour';

let demo: DemoService;
let relay: FaultProxy;
let mode: BrowserMode;
let dataDir: string;
/**
 * The deal the relay renames: the first of the list's first page, asked of the demo before the app
 * starts, so that every answer naming it is renamed whichever the app asks first (Today's meeting
 * prep loads the same deal, sometimes before the list).
 */
let renamedId: string;

type Envelope = Record<string, unknown> & { data: Record<string, unknown> };

/** The metadata's user, the list's first deal and that deal's own record, renamed. */
function renameInAnswer(envelope: Envelope): Envelope {
  const { data } = envelope;
  if (typeof data.principal === 'object' && data.principal !== null) {
    const principal = data.principal as Record<string, unknown>;
    return { ...envelope, data: { ...data, principal: { ...principal, displayName: USER_NAME } } };
  }
  if (Array.isArray(data.items)) {
    const items = data.items as Record<string, unknown>[];
    const renamed = items.map((item) =>
      item.id === renamedId ? { ...item, name: DEAL_NAME } : item,
    );
    return { ...envelope, data: { ...data, items: renamed } };
  }
  return data.id === renamedId ? { ...envelope, data: { ...data, name: DEAL_NAME } } : envelope;
}

/** The id of the first deal of the demo's list, asked of it directly. */
async function firstDealId(service: DemoService): Promise<string> {
  const answer = await fetch(`${service.baseUrl}/deals?limit=1`, {
    headers: { cookie: `${SESSION_COOKIE}=${service.token}` },
  });
  const body = (await answer.json()) as { data: { items: { id: string }[] } };
  const first = body.data.items[0];
  if (first === undefined) throw new Error('the demo service listed no deals');
  return first.id;
}

test.beforeEach(async () => {
  demo = await startDemoService({ pacing: 'instant' });
  renamedId = await firstDealId(demo);
  const base = new URL(demo.baseUrl).pathname.replace(/\/$/, '');
  relay = await startFaultProxy({
    target: demo.baseUrl,
    rewrite: {
      // The metadata (a GET on the base address), the deal list and each deal.
      matches: (path) => {
        const bare = path.split('?')[0]?.replace(/\/$/, '') ?? '';
        return bare === base || bare.startsWith(`${base}/deals`);
      },
      rewrite: (answer) => renameInAnswer(answer as Envelope),
    },
  });
  dataDir = await mkdtemp(join(tmpdir(), 'assistant-e2e-bidi-'));
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

/**
 * The element's characters as they appear on screen, line by line and left to right (spaces and
 * invisible characters left out): what a person reads, whatever the DOM order. A character is on
 * a line when its middle is within the line's first character's height: glyphs of different
 * fonts on one line (a name, then an id in code type) have tops a pixel or two apart.
 */
function onScreen(locator: Locator): Promise<string> {
  return locator.evaluate((element) => {
    const seen: { char: string; top: number; bottom: number; x: number }[] = [];
    const page = element.ownerDocument;
    const walker = page.createTreeWalker(element, 4 /* NodeFilter.SHOW_TEXT */);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i += 1) {
        const char = text.charAt(i);
        if (/\s/.test(char)) continue;
        const range = page.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getBoundingClientRect();
        if (box.width === 0) continue;
        seen.push({ char, top: box.top, bottom: box.bottom, x: box.left + box.width / 2 });
      }
    }
    const middle = (entry: { top: number; bottom: number }) => (entry.top + entry.bottom) / 2;
    seen.sort((a, b) => middle(a) - middle(b));
    const lines: { bottom: number; chars: typeof seen }[] = [];
    for (const entry of seen) {
      const line = lines.at(-1);
      if (line !== undefined && middle(entry) < line.bottom) line.chars.push(entry);
      else lines.push({ bottom: entry.bottom, chars: [entry] });
    }
    return lines
      .map((line) => line.chars.sort((a, b) => a.x - b.x).map((entry) => entry.char))
      .flat()
      .join('');
  });
}

const squeezed = (text: string) => text.replace(/\s+/g, '');

/** Nothing on the page still carries a bidi control from the service. */
async function noHiddenControls(page: Page): Promise<void> {
  expect(await page.locator('body').innerText()).not.toMatch(/\p{Bidi_Control}/u);
}

/** The page as the user sees it, kept in the test's output folder and attached to its report. */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('a user and a deal named with bidi overrides read as sent, in order', async ({
  page,
}, testInfo) => {
  await page.goto(mode.urlFor(''));

  // The sidebar: the name, exactly and on screen in the order sent.
  const user = page.getByRole('complementary').locator('.footer-user');
  await expect(user).toHaveText(USER_SHOWN);
  expect(await onScreen(user)).toBe(squeezed(USER_SHOWN));

  // The deal, in the list and on its own page.
  await nav(page, 'Deals').click();
  const option = page.getByRole('option').filter({ hasText: DEAL_SHOWN });
  await expect(option).toHaveCount(1);
  expect(await onScreen(option.locator('.picker-title'))).toBe(squeezed(DEAL_SHOWN));
  await option.click();
  const heading = page.getByRole('heading', { level: 2, name: DEAL_SHOWN });
  await expect(heading).toHaveText(DEAL_SHOWN);
  expect(await onScreen(heading)).toBe(squeezed(DEAL_SHOWN));
  await keepScreenshot(page, testInfo, 'deal-named-with-a-bidi-override');
  // The deal's other fields are service text as well (its name is the header's alone now: the
  // Details do not repeat what the header shows), read over the whole page.
  await expect(page.getByRole('region', { name: 'Details' })).toBeVisible();
  await noHiddenControls(page);

  // Account: the name, then the id and the rest of the line, where they belong.
  await nav(page, 'Settings').click();
  await openAdvanced(page);
  const account = page.getByRole('region', { name: 'Account and service' });
  const userLine = account.locator('dd').filter({ hasText: 'usr_demo_alex' });
  await expect(userLine).toContainText(`${USER_SHOWN} usr_demo_alex`);
  expect(await onScreen(userLine)).toMatch(new RegExp(`^${squeezed(USER_SHOWN)}usr_demo_alex\\(`));
  await userLine.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'user-named-with-a-bidi-override');

  await noHiddenControls(page);
});
