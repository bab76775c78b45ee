// An answer is part of its page (#24): on a deal's page and on an answer's own page nothing
// inside the page scrolls on its own, at a desktop's 1280×800 and a small laptop's 1024×640; the
// email writer's draft and its Copy email are reached by scrolling the page, and the answer's bar
// (Copy, Copy the email, Retry) stays in reach while reading down to them.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { askAgent, openDealByKeyboard } from './helpers';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 640 },
] as const;

interface Scroller {
  name: string;
  /** It is a page's scroller (data-page-scroll). */
  page: boolean;
  /** It sits inside a page's scroller. */
  inPage: boolean;
}

/**
 * Every element that scrolls on its own: overflow auto or scroll, with content hidden below.
 * (Run in the page: the tests' TypeScript has no DOM library, so the script is text.)
 */
const SCROLLERS = `[...document.querySelectorAll('body *')]
  .filter((el) => {
    const overflow = getComputedStyle(el).overflowY;
    return (overflow === 'auto' || overflow === 'scroll') && el.scrollHeight > el.clientHeight + 1;
  })
  .map((el) => ({
    name: el.tagName.toLowerCase() + '.' + [...el.classList].join('.'),
    page: el.hasAttribute('data-page-scroll'),
    inPage: !el.hasAttribute('data-page-scroll') && el.closest('[data-page-scroll]') !== null,
  }))`;

function scrollers(page: Page): Promise<Scroller[]> {
  return page.evaluate<Scroller[]>(SCROLLERS);
}

/** Nothing scrolls inside a page; the page's scroller scrolls (the answer made it long). */
async function expectOneScroll(page: Page) {
  const found = await scrollers(page);
  expect(found.filter((s) => s.inPage)).toEqual([]);
  expect(found.filter((s) => s.page).length).toBeGreaterThan(0);
}

/** Scrolls the page with the wheel, as a reader does, until `target` is on screen. */
async function wheelUntilInView(page: Page, over: Locator, target: Locator) {
  await over.hover();
  for (let i = 0; i < 40 && !(await isInViewport(target)); i += 1) {
    await page.mouse.wheel(0, 300);
  }
  await expect(target).toBeInViewport();
}

/** Wholly inside the window (the page's scroll brought it there, not a box of its own). */
async function isInViewport(target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  const size = target.page().viewportSize();
  return box !== null && size !== null && box.y >= 0 && box.y + box.height <= size.height;
}

test.use({ viewport: SIZES[0], appOptions: { demo: { pacing: 'instant' } } });

test('an email draft is read in the page’s one scroll, on its deal and on its own page', async ({
  app,
  page,
}) => {
  await app.open(page, '#/deals');
  await openDealByKeyboard(page, 'Harbour');
  const run = await askAgent(page, 'Email writer', 'Draft a follow-up email');
  await expect(run.getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });

  for (const size of SIZES) {
    await page.setViewportSize(size);
    await run.evaluate((el) => el.closest('[data-page-scroll]')?.scrollTo({ top: 0 }));
    await expectOneScroll(page);
    await wheelUntilInView(page, run, run.getByRole('button', { name: 'Copy email' }));
  }

  await run.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page).toHaveURL(/#\/runs\//);
  const own = page.getByRole('article').first();
  await expect(own.getByText('Done', { exact: true })).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.getByRole('main').evaluate((main) => main.scrollTo({ top: 0 }));
    await expectOneScroll(page);
    await wheelUntilInView(page, own, own.getByRole('button', { name: 'Copy email' }));
    // The bar rides along: Copy and Retry are still on screen at the end of the answer.
    await expect(own.getByRole('button', { name: 'Copy', exact: true })).toBeInViewport();
    await expect(own.getByRole('button', { name: 'Retry' })).toBeInViewport();
    await expect(own.getByRole('button', { name: 'Copy the email' })).toBeInViewport();
  }
});
