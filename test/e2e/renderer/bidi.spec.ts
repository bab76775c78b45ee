// Arabic where Latin meets it (issue #37): names, a highlighted name, an amount with its currency
// and English bullets read in the right order on screen. Every check reads the VISUAL order, from
// where each character is drawn, never the DOM order: the DOM was right when the screen was not.
// The app is in Arabic, in Riyadh, at 1024×640 dark; screenshots of Today, a deal, an answer and
// Usage are kept in the test's output.
import type { Locator, Page, TestInfo } from '@playwright/test';
import { nextMeeting } from '../../../electron/demo-service/data/schedule';
import { expect, test } from '../support/fixtures';
import { createRunOnService, demoDeal } from './helpers';

const ZURICH = 'Zürcher Rückversicherung AG';
const HALF_HOUR = 30 * 60_000;

/** The backend's and the page's clock: a moment whose next meeting is with Zürcher's people. */
let current = Date.now();

test.use({
  locale: 'ar',
  timezoneId: 'Asia/Riyadh',
  viewport: { width: 1024, height: 640 },
  colorScheme: 'dark',
  appOptions: {
    demo: { pacing: 'instant' },
    settings: { language: 'ar' },
    now: () => new Date(current),
  },
});

interface Drawn {
  char: string;
  line: number;
  x: number;
}

/**
 * The element's characters as drawn (spaces and invisible characters left out), each with its
 * line (its box's top) and horizontal middle.
 */
function drawn(locator: Locator): Promise<Drawn[]> {
  return locator.evaluate((element) => {
    const seen: { char: string; line: number; x: number }[] = [];
    const doc = element.ownerDocument;
    const walker = doc.createTreeWalker(element, 4 /* NodeFilter.SHOW_TEXT */);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      // Text for screen readers only (clipped to a pixel) is not read on screen.
      if (node.parentElement?.closest('.visually-hidden')) continue;
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i += 1) {
        const char = text.charAt(i);
        if (/[\s\u2068\u2069\u200e\u200f]/.test(char)) continue;
        const range = doc.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getBoundingClientRect();
        if (box.width === 0) continue;
        seen.push({ char, line: Math.round(box.top), x: box.left + box.width / 2 });
      }
    }
    return seen;
  });
}

/** Each line's characters read left to right on screen, lines top to bottom. */
async function linesOnScreen(locator: Locator): Promise<string[]> {
  const chars = await drawn(locator);
  const tops = [...new Set(chars.map((c) => c.line))].sort((a, b) => a - b);
  return tops.map((top) =>
    chars
      .filter((c) => c.line === top)
      .sort((a, b) => a.x - b.x)
      .map((c) => c.char)
      .join(''),
  );
}

const squeezed = (text: string) => text.replace(/\s+/g, '');
/** Arabic letters are drawn right to left: their left-to-right reading is the word reversed. */
const drawnRtl = (word: string) => [...squeezed(word)].reverse().join('');

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Another screen of the app already open, as its links go there. */
async function go(page: Page, hash: string): Promise<void> {
  await page.evaluate(`location.hash = ${JSON.stringify(hash)}`);
}

async function settled(page: Page): Promise<void> {
  await expect(page.locator('main :is(h1, h2):visible').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

test('Latin names, a highlighted name, money and English bullets read right in Arabic', async ({
  app,
  page,
}, testInfo) => {
  // The demo's next meeting follows the clock: move both clocks to one with Zürcher's people.
  const deals = app.demo.control.deals();
  let at = Date.now();
  while (nextMeeting(new Date(at), deals).account !== ZURICH) at += HALF_HOUR;
  current = at;
  await page.clock.setFixedTime(new Date(at));

  // Today: "مع Lukas Brunner وAnna Keller" reads, right to left, مع · Lukas Brunner · و ·
  // Anna Keller, each name's letters left to right and the whole list on one line.
  await app.open(page, '#/today');
  await settled(page);
  const line = page.locator('.prep-line');
  await expect(line).toContainText('Lukas Brunner');
  await expect(line).toContainText('Anna Keller');
  const withLine = (await linesOnScreen(line)).find((l) => l.includes('Lukas'));
  expect(withLine).toContain(`AnnaKeller${drawnRtl('و')}LukasBrunner${drawnRtl('مع')}`);
  await line.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'ar-today');

  // The deal search: "Söhne" marked inside "Müller & Söhne GmbH" reads as the one name it is,
  // and "playbook" marked inside the name's rest the same.
  await go(page, '#/deals');
  const search = page.getByRole('combobox').first();
  await search.fill('playbook');
  const option = page.getByRole('option').filter({ hasText: 'Sales playbook rollout' }).first();
  await expect(option.locator('mark')).toHaveText('playbook');
  expect(await linesOnScreen(option.locator('.picker-title'))).toEqual([
    squeezed('Sales playbook rollout'),
  ]);
  await search.fill('Söhne');
  const account = page.getByRole('option').first().locator('.picker-sub bdi').first();
  await expect(account.locator('mark')).toHaveText('Söhne');
  expect(await linesOnScreen(account)).toEqual([squeezed('Müller & Söhne GmbH')]);

  // An amount in dollars: "US$" whole, beside its number (it showed "$US 920,000").
  await search.fill('Northwind');
  const amount = page.getByRole('option').first().locator('.picker-amount');
  await expect(amount).toContainText('US$');
  const [shown] = await linesOnScreen(amount);
  expect(shown).toMatch(/^US\$[\d٠-٩.,٬٫]+$/);

  // A Latin name cut on an Arabic page loses its end: squeezed as a narrow window would, its
  // first letters stay on screen and its last ones go (they went at its beginning).
  const title = page.getByRole('option').first().locator('.picker-title');
  await title.evaluate((element) => {
    element.style.maxWidth = '6em';
  });
  const cut = await title.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const range = element.ownerDocument.createRange();
    range.selectNodeContents(element);
    const text = range.getBoundingClientRect();
    return { textLeft: text.left, textRight: text.right, boxLeft: box.left, boxRight: box.right };
  });
  expect(cut.textLeft).toBeGreaterThanOrEqual(cut.boxLeft - 1);
  expect(cut.textRight).toBeGreaterThan(cut.boxRight);

  const deal = demoDeal(app, 'Northwind');
  await go(page, `#/deals/${encodeURIComponent(deal.id)}`);
  await settled(page);
  await keepScreenshot(page, testInfo, 'ar-deal');

  // An answer in English: its bullets at the text's left, each full stop at its sentence's end.
  const runId = await createRunOnService(app, {
    agentId: 'sales.deal_coach',
    message: 'What are the risks on this deal?',
    dealId: deal.id,
  });
  await app.demo.control.waitForRun(runId);
  await go(page, `#/runs/${encodeURIComponent(runId)}`);
  await settled(page);
  const item = page.locator('.md li').first();
  await expect(item).toBeVisible();
  const bullet = await item.evaluate((li) => {
    const list = li.parentElement ?? li;
    const style = (of: typeof li) => li.ownerDocument.defaultView?.getComputedStyle(of);
    const listBox = list.getBoundingClientRect();
    const range = li.ownerDocument.createRange();
    range.selectNodeContents(li);
    const text = range.getClientRects()[0];
    return {
      direction: style(li)?.direction,
      markerRoomLeft: (text?.left ?? 0) - listBox.left,
      markerRoomRight: listBox.right - (text?.right ?? 0),
      paddingLeft: parseFloat(style(list)?.paddingLeft ?? '0'),
    };
  });
  expect(bullet.direction).toBe('ltr');
  // The list's room for its markers is on the left, where the text starts.
  expect(bullet.paddingLeft).toBeGreaterThan(0);
  expect(bullet.markerRoomLeft).toBeGreaterThanOrEqual(bullet.paddingLeft - 1);
  const paragraph = page.locator('.md p', { hasText: /^[A-Z].*\.$/ }).first();
  const lines = await linesOnScreen(paragraph);
  expect(lines.at(-1)).toMatch(/\.$/);
  expect(lines[0]).toMatch(/^[A-Z]/);
  // The question as asked, its question mark at its end (it was at its start).
  const asked = await linesOnScreen(page.locator('.run-question p'));
  expect(asked).toEqual([squeezed('What are the risks on this deal?')]);
  await keepScreenshot(page, testInfo, 'ar-answer');

  // The Answers table: each time on one line, its clock and its period mark together.
  await go(page, '#/runs');
  await settled(page);
  const time = page.locator('.runs-table .run-time time').first();
  await expect(time).toBeVisible();
  expect(await linesOnScreen(time)).toHaveLength(1);

  await go(page, '#/usage');
  await settled(page);
  // One percent style on the screen: Intl's, in the meters and in the sentences alike.
  const usage = await page.locator('main').innerText();
  expect(usage).toMatch(/[%٪]/);
  expect(/%/.test(usage) && /٪/.test(usage)).toBe(false);
  await keepScreenshot(page, testInfo, 'ar-usage');
});
