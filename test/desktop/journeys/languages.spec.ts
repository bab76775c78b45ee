// A German user's system starts the app in German: the tray menu and the app menu speak it.
// Choosing Japanese in Settings switches the tray, the app menu and the next native notification
// at once, without a restart; after a restart the choice holds, the system still German.
import type { Page } from '@playwright/test';
import type { DesktopApp } from '../driver/types';
import { expect, test } from '../fixtures';
import { profileFor, runDone, signIn, startRun } from './support';

/**
 * A German Linux session's locale, as Electron reads the user's languages from it. Only on Linux:
 * on Windows and macOS app.getPreferredSystemLanguages() asks the OS for the list the user keeps
 * in Language and Region (GlobalizationPreferences; NSLocale's preferred languages), not the
 * environment. Setting that list on a runner changes the user's settings for every journey run
 * after it, not one launch, so there the real-Electron journey is skipped (as language.spec.ts's
 * is); the double runs it everywhere.
 */
const GERMAN_SYSTEM = { LANGUAGE: 'de_DE:de', LANG: 'de_DE.UTF-8' };

/** The tray menu's labels, submenus flattened. */
async function trayLabels(app: DesktopApp): Promise<string> {
  return JSON.stringify((await app.tray())?.items ?? []);
}

/** The application menu's top-level labels (its role items are Electron's own words). */
function appMenuLabels(app: DesktopApp): Promise<string[]> {
  return app.evaluateMain(
    ({ Menu }) => Menu.getApplicationMenu()?.items.map((item) => item.label) ?? [],
  );
}

async function chooseLanguage(page: Page, fieldLabel: string, language: string): Promise<void> {
  await page.evaluate("location.hash = '#/settings'");
  await page.getByRole('combobox', { name: fieldLabel }).selectOption(language);
}

test('the tray, the app menu and notifications follow the system’s language, then the one chosen in Settings, at once and after a restart', async ({
  launchApp,
  demo,
  driverKind,
}) => {
  test.skip(
    driverKind !== 'double' && process.platform !== 'linux',
    'the system languages are set by the launch environment only on Linux',
  );
  demo.control.setRunLength(20);
  demo.control.setPacing('instant');
  // Only the run this journey starts notifies: no morning, meeting or quota notice by the clock.
  const userDataDir = await profileFor(demo, {
    notifications: {
      enabled: { 'morning-briefing': false, 'meeting-briefing': false, quota: false },
    },
  });
  const app = await launchApp({ userDataDir, env: GERMAN_SYSTEM });
  const page = await app.appWindow();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect.poll(() => trayLabels(app)).toContain('Assistant öffnen');
  expect(await trayLabels(app)).toContain('Assistant beenden');
  expect(await appMenuLabels(app)).toEqual(
    expect.arrayContaining(['Datei', 'Bearbeiten', 'Ansicht', 'Fenster']),
  );
  await signIn(app, page);
  await expect.poll(() => trayLabels(app)).toContain('Keine laufenden Antworten');

  // The user picks Japanese in Settings, in the window's own words.
  await chooseLanguage(page, 'Sprache der Oberfläche', 'ja');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect.poll(() => trayLabels(app)).toContain('Assistant を開く');
  const tray = await trayLabels(app);
  expect(tray).toContain('実行中の回答はありません');
  expect(tray).toContain('Assistant を終了');
  expect(tray).not.toContain('Assistant beenden');
  expect(await appMenuLabels(app)).toEqual(
    expect.arrayContaining(['ファイル', '編集', '表示', 'ウインドウ']),
  );

  // A run finishes while the window is closed to the tray: its notification is in Japanese.
  await app.evaluateMain(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.close());
  await expect.poll(() => app.appWindowVisible()).toBe(false);
  const { runId, deal } = await startRun(page, 'Where does this deal stand?');
  await runDone(page, runId);
  await expect
    .poll(() => app.notifications())
    .toContainEqual({
      title: expect.stringMatching(/が「Where does this deal stand\?」に回答しました$/),
      body: `${deal.title} · 完了`,
    });
  expect(await app.quit()).toBe(0);

  // Restarted on the same (still German) system: the choice holds from the first paint.
  const again = await launchApp({ userDataDir, env: GERMAN_SYSTEM });
  const pageAgain = await again.appWindow();
  await expect(pageAgain.locator('html')).toHaveAttribute('lang', 'ja');
  await expect.poll(() => trayLabels(again)).toContain('Assistant を開く');
  expect(await appMenuLabels(again)).toEqual(
    expect.arrayContaining(['ファイル', '編集', '表示', 'ウインドウ']),
  );
});
