// `npm run screenshots`: a PNG of every screen, in the light and the dark theme, at a desktop's
// 1280×800 and a small laptop's 1024×640, for review. English goes into screenshots/ (gitignored);
// `npm run screenshots -- de` (or ja, ar, en-XA, any of the eight; several at once) walks the same
// tour in that language into screenshots/<language>/, and a look (`1280x800-light`) limits it to
// that look. Builds the renderer, starts browser mode with the demo service in this process (as
// the e2e tests do), and walks the app as a salesperson would (walk.ts). A walk that stops leaves
// the screen as it was in failed-<look>.png beside its screenshots.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { build } from 'vite';
import type { InterfaceLanguage } from '../../../electron/domain/i18n/languages';
import { requireChromium } from '../../support/chromium';
import { startApp } from '../support/app';
import { languageStart, parseArguments, type Look } from './looks';
import { walk } from './walk';
import { tourTranslator } from './words';

const ROOT = join(process.cwd(), 'screenshots');

function folderFor(language: InterfaceLanguage): string {
  return language === 'en' ? ROOT : join(ROOT, language);
}

async function shoot(page: Page, file: string): Promise<void> {
  // Let transitions and the last frame of streamed text settle.
  await page.waitForTimeout(300);
  await page.screenshot({ path: file });
  process.stdout.write(`${file}\n`);
}

/** The walk stops at once when the app did not come up in the language asked for. */
async function expectLanguage(page: Page, language: InterfaceLanguage): Promise<void> {
  const lang = await page.evaluate<string>('document.documentElement.lang');
  if (lang !== language) {
    throw new Error(`the app came up in "${lang}", not in "${language}"`);
  }
}

async function tourOnce(browser: Browser, language: InterfaceLanguage, look: Look): Promise<void> {
  const folder = folderFor(language);
  await mkdir(folder, { recursive: true });
  const start = languageStart(language, look);
  process.stdout.write(`${language} ${look.name} (language from: ${start.how})\n`);
  const app = await startApp(start.appOptions);
  try {
    const context = await browser.newContext({
      viewport: look.viewport,
      colorScheme: look.theme,
      ...(start.locale === undefined ? {} : { locale: start.locale }),
    });
    const page = await context.newPage();
    const t = tourTranslator(language).t;
    try {
      await walk({
        app,
        page,
        t,
        shoot: async (name) => {
          if (name === '01-today') await expectLanguage(page, language);
          await shoot(page, join(folder, `${name}-${look.name}.png`));
        },
      });
    } catch (error) {
      // The screen as it was when the walk stopped, to see why.
      await page
        .screenshot({ path: join(folder, `failed-${look.name}.png`) })
        .catch(() => undefined);
      throw error;
    }
    await context.close();
  } finally {
    await app.stop();
  }
}

async function main(): Promise<void> {
  const request = parseArguments(process.argv.slice(2));
  await build({ logLevel: 'warn' });
  const browser = await chromium.launch({
    executablePath: requireChromium(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    for (const language of request.languages) {
      for (const look of request.looks) await tourOnce(browser, language, look);
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `screenshots: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
