// The shell speaks the browser's language (browser mode follows the browser), with <html lang>
// and dir to match; a language chosen in Settings wins over the browser's and stays after a
// reload.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { demoDeal } from './helpers';
import { nodeTranslator } from '../../../electron/domain/i18n/node-translator';

const cases = [
  {
    locale: 'de-DE',
    lang: 'de',
    dir: 'ltr',
    today: 'Heute',
    settings: 'Einstellungen',
    justNow: 'Gerade aktualisiert',
  },
  {
    locale: 'ja-JP',
    lang: 'ja',
    dir: 'ltr',
    today: '今日',
    settings: '設定',
    justNow: 'たった今更新',
  },
  {
    locale: 'ar',
    lang: 'ar',
    dir: 'rtl',
    today: 'اليوم',
    settings: 'الإعدادات',
    justNow: 'حُدّث للتو',
  },
] as const;

for (const language of cases) {
  test.describe(`with the browser in ${language.locale}`, () => {
    test.use({ locale: language.locale });

    test('the shell is in that language, lang and dir set', async ({ app, page }) => {
      await app.open(page, '#/today');
      const main = page.getByRole('navigation', { name: /./ }).first();
      await expect(main.getByRole('link', { name: language.today })).toBeVisible();
      await expect(main.getByRole('link', { name: language.settings })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language.lang);
      await expect(page.locator('html')).toHaveAttribute('dir', language.dir);
      await expect(page).toHaveTitle(`${language.today} · Assistant`);
      // A card read a moment ago says so in the language's own words (not 「今に更新」).
      await expect(page.getByText(language.justNow, { exact: true }).first()).toBeVisible();
      // The keyboard's own names, on the sidebar and the Ask form alike: a German keyboard says
      // Strg where others say Ctrl (the Ask form said "Ctrl Enter zum Senden").
      const ctrl = language.lang === 'de' ? 'Strg' : 'Ctrl';
      await expect(page.locator('.palette-trigger kbd')).toHaveText(`${ctrl}\u00a0K`);
      await page.evaluate(
        `location.hash = '#/deals/${encodeURIComponent(demoDeal(app, 'Harbour').id)}'`,
      );
      await expect(page.locator('.form-actions kbd')).toHaveText(`${ctrl} Enter`);
    });
  });
}

/** What the page did first: fetch a language's catalogue chunk, or hear the host's first answer. */
function watchStart(page: Page): string[] {
  const order: string[] = [];
  page.on('request', (request) => {
    const chunk = /\/assets\/(de|ja)-[\w-]+\.js$/.exec(request.url());
    if (chunk !== null) order.push(`words:${chunk[1]}`);
  });
  page.on('websocket', (socket) => socket.on('framereceived', () => order.push('answer')));
  return order;
}

test.describe('the likely language’s words', () => {
  test.use({ locale: 'de-DE' });

  test('are fetched as the page starts, before the host has answered anything', async ({
    app,
    page,
  }) => {
    // A German start used to fetch its words only once settings had answered: one more round
    // trip after the app's code. The browser's languages (then the last language) say which.
    const order = watchStart(page);
    await app.open(page, '#/today');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect(order.indexOf('words:de')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('words:de')).toBeLessThan(order.indexOf('answer'));
  });
});

test.describe('a language chosen in Settings', () => {
  test.use({ locale: 'de-DE' });

  test('wins over the browser’s, at once and after a reload', async ({ app, page }) => {
    await app.open(page, '#/settings');
    const select = page.getByLabel('Sprache der Oberfläche');
    await expect(select.locator('option[value="system"]')).toHaveText('Systemsprache (Deutsch)');
    await select.selectOption('ja');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('link', { name: '今日' })).toBeVisible();
    await expect(page.getByLabel('表示言語')).toHaveValue('ja');

    // The page keeps its last language as the next start's guess: Japanese's words are fetched
    // before any answer, though the browser says German.
    const order = watchStart(page);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    expect(order.indexOf('words:ja')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('words:ja')).toBeLessThan(order.indexOf('answer'));
    await expect(page.getByRole('link', { name: '今日' })).toBeVisible();

    // Back to the system's: German again, without a restart.
    await page.getByLabel('表示言語').selectOption('system');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('link', { name: 'Heute' })).toBeVisible();
  });
});

/** Three readers, each in their own place: the words a notice should read in there. */
const NOTICE_READERS = [
  { language: 'de', locale: 'de-DE', timezoneId: 'Europe/Berlin' },
  { language: 'ja', locale: 'ja-JP', timezoneId: 'Asia/Tokyo' },
  { language: 'ar', locale: 'ar', timezoneId: 'Asia/Riyadh' },
] as const;

for (const reader of NOTICE_READERS) {
  test.describe(`notices raised before any page, read in ${reader.language}`, () => {
    let current = Date.now();
    const { t } = nodeTranslator(reader.language);
    /** As a toast shows it: one line, its spaces plain. */
    const said = (text: string) => text.replace(/\s+/g, ' ');
    const away = said(t('desktop.inbox.whileAway', { count: 2 }));
    const used = (ratio: number) =>
      said(t('desktop.notification.quotaUsed', { quota: 'runs', ratio }));
    test.use({
      locale: reader.locale,
      timezoneId: reader.timezoneId,
      appOptions: {
        scheduler: true,
        now: () => new Date(current),
        settings: {
          notifications: { enabled: { 'morning-briefing': false, 'meeting-briefing': false } },
        },
      },
    });

    test('in the page’s language, and again after a switch away and back', async ({
      app,
      page,
    }) => {
      // Two quota warnings while no page is open: core formats nothing for a page yet.
      for (const [runs, unread] of [
        [85, 1],
        [96, 2],
      ] as const) {
        app.demo.control.setLimits({ runs: 100 });
        app.demo.control.setUsage({ runs });
        const landed = app.nextEvent('inbox.changed', (inbox) => inbox.unread === unread);
        app.mode.backend.onNetworkChange(true);
        await landed;
      }
      current += 10_000;
      await app.open(page, '#/today');
      const toast = page.locator('section.toasts').getByRole('status');
      await expect(toast).toContainText(away);
      await expect(toast).toContainText(used(0.8));
      // Held under the pointer while the language changes twice under it.
      await toast.hover();
      const choose = (language: 'en' | typeof reader.language) =>
        app.mode.backend.handlers['settings.update']({ language }, { host: 'test' });
      await choose('en');
      await expect(toast).toContainText('2 things while you were away');
      await expect(toast).toContainText('80% of runs quota used');
      await choose(reader.language);
      await expect(toast).toContainText(away);

      await toast.getByRole('button', { name: new RegExp(`^${escapeRegExp(away)}`) }).click();
      const inbox = page.getByRole('dialog', { name: t('notifications.inbox.title') });
      await expect(inbox.getByRole('listitem')).toHaveText([
        new RegExp(escapeRegExp(used(0.95))),
        new RegExp(escapeRegExp(used(0.8))),
      ]);
    });
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
