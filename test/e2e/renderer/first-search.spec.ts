// The morning's first search: what is typed the moment the app has loaded, before the deal search
// or the palette (each loaded on first use) is on screen, all reaches the field in order, and
// Enter opens the deal typed, not whatever the list held a moment before. Typed three ways, as
// people type: keys (with "ü" arriving as text input, as a dead key or a German layout gives
// it), a Japanese input method composing and then committing, and Arabic arriving as text
// input. Paced at 60 ms a character, a quick typist; fresh page loads, since only the first
// search after a start raced its screen's code. And a search asked for before the app's own code
// has arrived (the window just shown) keeps its keys as well.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { demoDeal } from './helpers';

const CHARACTER_MS = 60;

test.use({ appOptions: { demo: { pacing: 'instant' } } });

/** A typist's pace between characters: the typing, not a wait for an outcome. */
const pause = (page: Page) => page.waitForTimeout(CHARACTER_MS);

type Way = (page: Page) => Promise<void>;

/** Keys; Playwright sends a character not on the US layout ("ü") as text input. */
const keys =
  (text: string): Way =>
  (page) =>
    page.keyboard.type(text, { delay: CHARACTER_MS });

/** Text input a character at a time, as an Arabic keyboard layout's characters may arrive. */
const insertText =
  (text: string): Way =>
  async (page) => {
    for (const character of text) {
      await page.keyboard.insertText(character);
      await pause(page);
    }
  };

/** An input method: the reading composed key by key, converted, then committed. */
const compose =
  (steps: string[], committed: string): Way =>
  async (page) => {
    const cdp = await page.context().newCDPSession(page);
    for (const text of steps) {
      await cdp.send('Input.imeSetComposition', {
        text,
        selectionStart: text.length,
        selectionEnd: text.length,
      });
      await pause(page);
    }
    await cdp.send('Input.insertText', { text: committed });
    await cdp.detach();
  };

const searches = [
  { typed: 'Müller', deal: 'Müller & Söhne', type: keys('Müller') },
  { typed: 'ピア', deal: 'ピアラーニング', type: compose(['ぴ', 'ぴあ', 'ピア'], 'ピア') },
  { typed: 'الخليج', deal: 'الخليج', type: insertText('الخليج') },
];

test('the first search after a start opens the deal typed, by / and by Ctrl+K', async ({
  app,
  page,
}) => {
  for (const search of searches) {
    const deal = demoDeal(app, search.deal);
    for (const opener of ['/', 'Control+k']) {
      await app.open(page, '#/today');
      await page.keyboard.press(opener);
      await search.type(page);
      await page.keyboard.press('Enter');
      if (opener === '/') {
        await expect(page.getByRole('combobox', { name: 'Search deals' })).toHaveValue(
          search.typed,
        );
      }
      await expect(page, `${search.typed} by ${opener}`).toHaveURL(
        new RegExp(`#/deals/${deal.id}$`),
      );
      await expect(page.getByRole('heading', { level: 2, name: deal.name })).toBeVisible();
    }
  }
});

test('a search asked for before the app has started opens the deal typed', async ({
  app,
  page,
}) => {
  const deal = demoDeal(app, 'Léman');
  // The app's code held back until the search is typed: the page's first script has run (it set
  // the theme), the app, its screens and its shortcuts are not there yet.
  let releaseApp: () => void = () => undefined;
  const appHeld = new Promise<void>((resolve) => {
    releaseApp = resolve;
  });
  await page.route(/\/assets\/start-[^/]*\.js$/, async (route) => {
    await appHeld;
    await route.continue();
  });
  await page.goto(app.mode.urlFor('#/today'), { waitUntil: 'commit' });
  await page.locator('html[data-theme]').waitFor({ state: 'attached' });
  await page.keyboard.press('/');
  await keys('leman')(page);
  await page.keyboard.press('Enter');
  expect(await page.locator('#root > *').count()).toBe(0);
  releaseApp();
  await expect(page.getByRole('combobox', { name: 'Search deals' })).toHaveValue('leman');
  await expect(page).toHaveURL(new RegExp(`#/deals/${deal.id}$`));
  await expect(page.getByRole('heading', { level: 2, name: deal.name })).toBeVisible();
});

test('the palette closed unused gives the keyboard back: / searches deals', async ({
  app,
  page,
}) => {
  await app.open(page, '#/today');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await page.keyboard.press('Control+k');
  await expect(palette).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await page.keyboard.press('/');
  await expect(page.getByRole('combobox', { name: 'Search deals' })).toBeFocused();
});
