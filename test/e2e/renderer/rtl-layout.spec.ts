// Right to left for real (#25): with dir="rtl" on the page (as Arabic sets it) the layout mirrors
// through the stylesheets' logical properties alone: the sidebar on the right, the back link's
// arrow pointing right, meters filling from the right; icons without a direction keep their
// drawing; dates and numbers sit in isolates, so words of the other direction cannot reorder
// them ("Closes 292026/11/").
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { demoDeal } from './helpers';

// The tests' TypeScript has no DOM library; the functions below run in the page, where it is.
declare function getComputedStyle(element: unknown): { transform: string; unicodeBidi: string };

test.use({ viewport: { width: 1024, height: 640 }, appOptions: { demo: { pacing: 'instant' } } });

async function rightToLeft(page: Page): Promise<void> {
  await page.evaluate(`document.documentElement.dir = 'rtl'`);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (found === null) throw new Error('not on screen');
  return found;
}

/** Whether an element is drawn mirrored (transform scaleX(-1)). */
function mirrored(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => getComputedStyle(el).transform.startsWith('matrix(-1'));
}

test('the layout mirrors in right to left, and directional icons turn', async ({ app, page }) => {
  const deal = demoDeal(app, 'Harbour');
  await app.open(page, `#/deals/${encodeURIComponent(deal.id)}`);
  const back = page.locator('.back-link');
  await expect(back).toBeVisible();
  await rightToLeft(page);

  const sidebar = await box(page.locator('.sidebar'));
  const main = await box(page.locator('main'));
  expect(sidebar.x, 'the sidebar sits right of the main column').toBeGreaterThan(main.x);

  expect(await mirrored(back.locator('.turns-in-rtl')), 'the back arrow turns').toBe(true);
  const navIcons = page.locator('.nav-item .nav-icon');
  expect(await mirrored(navIcons.nth(0)), 'Today’s lines of text turn').toBe(true);
  expect(await mirrored(navIcons.nth(2)), 'Answers’ play triangle does not').toBe(false);

  // Left to right again, the same icons are drawn as they are.
  await page.evaluate(`document.documentElement.dir = 'ltr'`);
  expect(await mirrored(back.locator('.turns-in-rtl'))).toBe(false);
});

test('meters fill from the start of the line, and numbers are isolated', async ({ app, page }) => {
  app.demo.control.setLimits({ requests: null, runs: 100, tokens: 1000 });
  app.demo.control.setUsage({ runs: 40, inputTokens: 300, outputTokens: 200 });
  await app.open(page, '#/usage');
  const track = page.getByRole('meter', { name: 'Runs' });
  await expect(track).toHaveAttribute('aria-valuenow', '40');
  await rightToLeft(page);

  const fill = track.locator('.meter-fill');
  // The bar grows into place (a width transition): measured once it has.
  await expect.poll(async () => (await box(fill)).width).toBeGreaterThan(0);
  const trackBox = await box(track);
  const fillBox = await box(fill);
  expect(Math.abs(trackBox.x + trackBox.width - (fillBox.x + fillBox.width))).toBeLessThan(1.5);

  // Each number of a meter, and each time on the page, is its own isolate.
  const isolates = await page
    .locator('.meter-numbers bdi, time')
    .evaluateAll((els) => els.map((el) => getComputedStyle(el).unicodeBidi));
  expect(isolates.length).toBeGreaterThan(0);
  expect(new Set(isolates)).toEqual(new Set(['isolate']));
});
