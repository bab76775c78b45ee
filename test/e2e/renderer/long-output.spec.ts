// A very long answer as the user lives it: 100,000 tokens streamed at 5,000 tokens a second. The
// page (the answer has no scroll box of its own) follows the end while it streams, stops following when the user scrolls up (and offers
// to jump back), the whole answer arrives, only a window of it is in the page at any time, the
// beginning is there again when scrolled back to, and Copy gives every character.
import type { Locator } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { askAgent, openDealByKeyboard } from './helpers';
import { pasteReady } from '../../../src/lib/markdown/paste';

const TOKENS = 100_000;
const TOKENS_PER_SECOND = 5_000;
/** Slow enough that the answer is still streaming while the reader scrolls, fast enough to grow. */
const TRICKLE_TOKENS_PER_SECOND = 200;

/**
 * How far the answer's end is below the bottom of the page's scroller, in pixels: the answer has
 * no scroll box of its own, the page scrolls.
 */
function distanceFromBottom(output: Locator): Promise<number> {
  return output.evaluate((el) => {
    const scroller = el.closest('[data-page-scroll]');
    if (!scroller) throw new Error('the answer is not on a page');
    return el.getBoundingClientRect().bottom - scroller.getBoundingClientRect().bottom;
  });
}

/** Where the page's scroller is scrolled to, and how tall its content is. */
function pageScroll(output: Locator): Promise<{ top: number; height: number }> {
  return output.evaluate((el) => {
    const scroller = el.closest('[data-page-scroll]');
    if (!scroller) throw new Error('the answer is not on a page');
    return { top: scroller.scrollTop, height: scroller.scrollHeight };
  });
}

/** A line of the answer as the page shows it (markdown syntax gone). */
function shown(line: string): string {
  return line.replace(/^[#>*\-\d.\s]+/, '').replace(/[*_`]/g, '');
}

test('a 100,000-token answer streams smoothly to its end, stays virtualised and copies whole', async ({
  app,
  page,
  context,
}) => {
  test.setTimeout(120_000);
  app.demo.control.setRunLength(TOKENS);
  app.demo.control.setPacing(TOKENS_PER_SECOND);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await app.open(page, '#/deals');
  await openDealByKeyboard(page, 'Harbour');
  const run = await askAgent(page, 'Deal coach', 'Tell me everything about this deal');
  const output = run.getByRole('region', { name: /Output of Deal coach/ });

  // Under the deal's form the answer does not pull the page along until the reader goes to its
  // newest words; from then on, while it streams, the newest text stays in view.
  await page.getByRole('button', { name: 'Jump to latest' }).click();
  await expect(output).toContainText(/Detail \d+/, { timeout: 30_000 });
  await expect(output).toHaveAttribute('aria-busy', 'true');
  await expect.poll(() => distanceFromBottom(output)).toBeLessThan(200);

  // The reader's part needs the answer still streaming, which 20 s at full speed does not promise
  // on a busy machine (the run was seen Done before the wheel): the service slows to a trickle
  // for it, and speeds up again once the reader is back at the latest.
  app.demo.control.setPacing(TRICKLE_TOKENS_PER_SECOND);
  await expect(output).toHaveAttribute('aria-busy', 'true');

  // Scrolling up with the wheel stops the following: the view stays put while text keeps coming.
  await output.hover();
  await page.mouse.wheel(0, -600);
  const jump = page.getByRole('button', { name: 'Jump to latest' });
  await expect(jump).toBeVisible();
  await expect.poll(() => distanceFromBottom(output)).toBeGreaterThan(400);
  const before = await pageScroll(output);
  await expect.poll(async () => (await pageScroll(output)).height).toBeGreaterThan(before.height);
  expect(Math.abs((await pageScroll(output)).top - before.top)).toBeLessThan(2);

  // Jumping back follows the end again, to the last word.
  await jump.click();
  await expect.poll(() => distanceFromBottom(output)).toBeLessThan(200);
  app.demo.control.setPacing(TOKENS_PER_SECOND);
  await expect(run.getByText('Done', { exact: true })).toBeVisible({ timeout: 90_000 });
  const runId = (await run.getByTitle('Run ID').textContent())?.trim() ?? '';
  const full = app.demo.control.runOutput(runId) ?? '';
  const lines = full.split('\n').filter((line) => line.trim() !== '');
  await expect(output).toContainText(shown(lines[lines.length - 1] ?? ''));
  await expect.poll(() => distanceFromBottom(output)).toBeLessThan(200);

  // Thousands of blocks in the answer, a few dozen in the page.
  const blocksInAnswer = full.split(/\n{2,}/).length;
  expect(blocksInAnswer).toBeGreaterThan(2_000);
  expect(await output.locator('.output-block').count()).toBeLessThan(100);

  // The beginning is rendered again when the reader goes back to it (Home in the output).
  await output.focus();
  await page.keyboard.press('Home');
  await expect(output).toContainText(shown(lines[0] ?? ''));
  expect(await output.locator('.output-block').count()).toBeLessThan(100);

  // Copy takes the whole answer, not what is in view.
  await run.getByRole('button', { name: 'Copy', exact: true }).click();
  const copied = String(await page.evaluate('navigator.clipboard.readText()'));
  const expected = pasteReady(full, 'Tell me everything about this deal').text;
  expect(copied.length).toBe(expected.length);
  expect(copied).toBe(expected);
});
