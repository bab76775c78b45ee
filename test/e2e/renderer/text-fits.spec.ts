// Every screen in each language (#25), at 1024×640: its words are that language's (no English
// message of the app's catalogue left on screen or in a name, title or placeholder), axe passes
// (in Arabic and Japanese, see AUDITED),
// and no text is clipped or runs out of its box, measured rather than looked at: failing on any
// element whose text overflows a box that hides
// the overflow (scrollWidth past clientWidth under overflow hidden/clip or text-overflow), and
// on any line of text that runs past its block. A cell that ends in an ellipsis on purpose
// carries the whole text in its `title`, and is not counted.
//
// The languages come from TEXT_FITS_LANGUAGES (comma-separated; English and, as they land,
// de, ja, ar and the pseudo-language en-XA). Each is asked for both ways a person would: the
// browser's language and the Settings choice (`language`). A language the app does not switch
// to yet (its <html lang> stays English) is skipped, saying so.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { openExtensionPort } from '../../integration/companion/extension-port';
import { chromeNamed } from '../../integration/companion/native-port';
import { CATALOGUES } from '../../../electron/domain/i18n/catalogues';
import { isLanguage } from '../../../electron/domain/i18n/languages';
import { audit, createRunOnService, demoDeal } from './helpers';
import { BAD_LINE_STARTS } from '../../support/line-starts';

const LANGUAGES = (process.env.TEXT_FITS_LANGUAGES ?? 'en,de,ja,ar,en-XA')
  .split(',')
  .map((language) => language.trim())
  .filter((language) => language !== '');

/**
 * Languages whose screens axe also reads here: a right-to-left page and a CJK one, where the
 * markup's names, `lang` and layout differ from English. English is a11y.spec's, at this size in
 * both themes; German and the pseudo-language lay out as English does. (axe is three quarters of
 * this test's time: 22 of 29 s a language.)
 */
const AUDITED: ReadonlySet<string> = new Set(['ar', 'ja']);

/** Browser locales for the languages, with the region a person there would have. */
const BROWSER_LOCALE: Readonly<Record<string, string>> = {
  en: 'en-US',
  de: 'de-DE',
  ja: 'ja-JP',
  ar: 'ar',
  'en-XA': 'en-XA',
};

interface Overflow {
  where: string;
  text: string;
  how: string;
}

/**
 * Everything on the page whose text does not fit, measured in the page. Not counted: what is
 * hidden from sight (display none, visually hidden), scroll containers (their overflow is
 * reachable), and ellipsis on purpose (text-overflow or a line clamp, with the whole text in a
 * `title`, or a box a collapsed control opens: aria-expanded="false" with aria-controls). (Run in the page: the tests' TypeScript has no DOM library, so the script is text.)
 */
const OVERFLOWS = `(() => {
  const found = [];
  const SLACK = 1;
  const describe = (element) => {
    const parts = [];
    for (let e = element; e && parts.length < 3; e = e.parentElement) {
      const classes = [...e.classList].slice(0, 2).join('.');
      parts.unshift(e.tagName.toLowerCase() + (classes ? '.' + classes : ''));
    }
    return parts.join(' > ');
  };
  const snippet = (text) => (text || '').replace(/\\s+/g, ' ').trim().slice(0, 80);
  const hidden = (element) => {
    const box = element.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) return true;
    const style = getComputedStyle(element);
    return style.visibility === 'hidden' || style.clipPath !== 'none' || style.clip !== 'auto';
  };
  const scrolls = (style) => /auto|scroll/.test(style.overflowX) || /auto|scroll/.test(style.overflowY);
  // Or cut with the rest one click away: a collapsed control (aria-expanded="false") names the
  // box as what it opens (aria-controls), as the meeting card's brief does.
  const opensWhole = (element) =>
    element.id !== '' &&
    document.querySelector('[aria-expanded="false"][aria-controls="' + CSS.escape(element.id) + '"]') !== null;
  const onPurpose = (element, style) =>
    ((style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none') &&
      element.closest('[title]') !== null) ||
    opensWhole(element);

  // Boxes that hide their overflow.
  for (const element of document.body.querySelectorAll('*')) {
    if (element instanceof SVGElement || !(element.textContent || '').trim()) continue;
    const style = getComputedStyle(element);
    if (style.display === 'none' || style.display === 'contents' || hidden(element)) continue;
    if (scrolls(style) || onPurpose(element, style)) continue;
    const clipsX = /hidden|clip/.test(style.overflowX) || style.textOverflow === 'ellipsis';
    const clipsY = /hidden|clip/.test(style.overflowY);
    const wide = element.scrollWidth - element.clientWidth;
    const tall = element.scrollHeight - element.clientHeight;
    if (clipsX && wide > SLACK) {
      found.push({ where: describe(element), text: snippet(element.textContent), how: wide + 'px wider than its box' });
    } else if (clipsY && tall > SLACK) {
      found.push({ where: describe(element), text: snippet(element.textContent), how: tall + 'px taller than its box' });
    }
  }

  // Lines of text that run past their block (what hides no overflow but spills over).
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!(node.textContent || '').trim()) continue;
    const parent = node.parentElement;
    if (!parent || parent.closest('svg, script, style, template, [hidden]')) continue;
    let block = parent;
    while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
    if (!block || hidden(parent) || hidden(block)) continue;
    // Up to its block, a box that scrolls sideways is meant to; one that hides its overflow is
    // measured above.
    let contained = false;
    for (let e = parent; e && !contained; e = e.parentElement) {
      const style = getComputedStyle(e);
      contained = scrolls(style) || /hidden|clip/.test(style.overflowX) || onPurpose(e, style);
      if (e === block) break;
    }
    if (contained) continue;
    range.selectNodeContents(node);
    const text = range.getBoundingClientRect();
    if (text.width === 0) continue;
    const box = block.getBoundingClientRect();
    const past = Math.max(box.left - text.left, text.right - box.right);
    if (past > SLACK) {
      found.push({ where: describe(block), text: snippet(node.textContent), how: 'text runs ' + Math.round(past) + 'px past its block' });
    }
  }
  return found;
})()`;

/**
 * The English messages a screen in `language` must not show: the catalogue's whole sentences and
 * labels (no placeholders) that are not also words of that language's catalogue ("Demo",
 * "Deals" and "Meeting" are German too).
 */
function englishLeftovers(language: string): Set<string> {
  if (!isLanguage(language) || language === 'en') return new Set();
  const english = CATALOGUES.en;
  const own = new Set(Object.values(CATALOGUES[language]).map((message) => message.trim()));
  return new Set(
    Object.values(english)
      .filter((message) => !message.includes('{') && /[A-Za-z]{3,}/.test(message))
      .map((message) => message.trim())
      .filter((message) => !own.has(message)),
  );
}

/** What a person reads or hears on the page: text nodes, and names, titles and placeholders. */
const READ_TEXT = `(() => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, template, [hidden]')) continue;
    if (!parent.checkVisibility({ visibilityProperty: true })) continue;
    // Markdown is the service's own text (a briefing, an answer): its words are not the app's.
    if (parent.closest('.md, .md-table, .markdown')) continue;
    const text = (node.textContent || '').trim();
    if (text) found.push(text);
  }
  for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder]')) {
    if (!element.checkVisibility({ visibilityProperty: true })) continue;
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const value = (element.getAttribute(name) || '').trim();
      if (value) found.push(value);
    }
  }
  found.push(document.title);
  return found;
})()`;

function overflows(page: Page): Promise<Overflow[]> {
  return page.evaluate<Overflow[]>(OVERFLOWS);
}

/**
 * The names of a deal's fields on its Details card (the "More fields" folded away included) that
 * are not words of the language's catalogue: a CRM field left in English ("Discount percent").
 */
async function detailsLabelsNotIn(page: Page, language: string): Promise<string[]> {
  if (!isLanguage(language) || language === 'en') return [];
  const details = page.locator('section[aria-labelledby="deal-details-h"]');
  await expect(details.locator('dt').first()).toBeVisible();
  const labels = await details
    .locator('dt, th, .rec-section-title')
    .evaluateAll((nodes) => nodes.map((node) => (node.textContent ?? '').trim()));
  const own = new Set(Object.values(CATALOGUES[language]).map((message) => message.trim()));
  return labels.filter((label) => label !== '' && !own.has(label));
}

/** The screen has drawn what it loads: its heading, and nothing busy. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('main :is(h1, h2):visible').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

for (const language of LANGUAGES) {
  test.describe(`text fits its boxes in ${language}`, () => {
    test.use({
      viewport: { width: 1024, height: 640 },
      locale: BROWSER_LOCALE[language] ?? language,
      appOptions: { demo: { pacing: 'instant' }, settings: { language }, companion: true },
    });

    test(`every screen at 1024×640 in ${language}`, async ({ app, page }) => {
      await app.open(page, '#/today');
      await settled(page);
      const lang = await page.evaluate<string>('document.documentElement.lang');
      test.skip(
        language !== 'en' && lang.split('-')[0] !== language.split('-')[0],
        `the app does not switch to ${language} yet (<html lang="${lang}">)`,
      );
      if (language === 'en-XA') {
        test.skip(lang !== 'en-XA', `the pseudo-language is not available yet`);
      }

      const deal = demoDeal(app, 'Harbour');
      const runId = await createRunOnService(app, {
        agentId: 'sales.deal_coach',
        message: 'What are the risks on this deal?',
        dealId: deal.id,
      });

      const found: string[] = [];
      const leftovers = englishLeftovers(language);
      const english: string[] = [];
      const badBreaks: string[] = [];
      const unnamedFields: string[] = [];
      const measure = async (screen: string) => {
        if (language === 'ja') {
          for (const line of await page.evaluate<string[]>(BAD_LINE_STARTS)) {
            badBreaks.push(`${screen}: "${line}"`);
          }
        }
        for (const overflow of await overflows(page)) {
          found.push(`${screen}: ${overflow.where} "${overflow.text}" (${overflow.how})`);
        }
        for (const text of await page.evaluate<string[]>(READ_TEXT)) {
          if (leftovers.has(text)) english.push(`${screen}: "${text}"`);
        }
        if (AUDITED.has(language)) await audit(page, `${screen} in ${language}`);
      };
      await measure('Today');

      for (const [screen, hash] of [
        ['Deals', '#/deals'],
        ['a deal', `#/deals/${encodeURIComponent(deal.id)}`],
        ['Answers', '#/runs'],
        ['an answer', `#/runs/${encodeURIComponent(runId)}`],
        ['Usage', '#/usage'],
        ['Settings', '#/settings'],
      ] as const) {
        await page.evaluate(`location.hash = ${JSON.stringify(hash)}`);
        await settled(page);
        await measure(screen);
        if (screen === 'a deal') unnamedFields.push(...(await detailsLabelsNotIn(page, language)));
      }

      // Still on Settings: a browser asks (the banner and its row), is allowed, and its Revoke
      // waits to be confirmed, so the browser companion's words are measured too.
      const folder = await mkdtemp(join(tmpdir(), 'text-fits-chrome-'));
      const relay = openExtensionPort(`chrome-extension://${'h'.repeat(32)}/`, app.companionEnv, {
        browser: await chromeNamed(folder),
      });
      try {
        await expect(page.locator('.companion-banner')).toBeVisible();
        await measure('a browser asking');
        await page.locator('.companion-banner .btn-primary').click();
        await expect(page.locator('.companion-banner')).toHaveCount(0);
        await page.locator('.companion-browser button').click();
        await expect(page.locator('.companion-confirm')).toBeVisible();
        await measure('Revoke a browser');
      } finally {
        relay.process.kill();
        await rm(folder, { recursive: true, force: true });
      }

      await page.locator('.inbox-bell').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await measure('the inbox');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.keyboard.press('Control+K');
      await expect(page.getByRole('dialog')).toBeVisible();
      await measure('the palette');
      await page.keyboard.press('Escape');

      expect(found, `text that does not fit in ${language}`).toEqual([]);
      expect([...new Set(english)], `English left on screen in ${language}`).toEqual([]);
      expect(unnamedFields, `a deal's fields not named in ${language}`).toEqual([]);
      expect(
        [...new Set(badBreaks)],
        `lines starting with a small kana, ー or closing punctuation`,
      ).toEqual([]);
    });
  });
}
