// The shell follows the language: launched on a German system, the app menu (its standard role
// items included) and the tray are German; choosing Japanese in Settings rebuilds the menu in
// Japanese at once, without a restart.
import { expect, test } from '../fixtures';

type MenuView = Array<{ label: string; items: string[] }>;

test('the app menu and the tray follow the system’s language, then the setting', async ({
  launchApp,
  driverKind,
}) => {
  test.skip(
    driverKind !== 'double' && process.platform !== 'linux',
    'the system languages are set by the launch environment only on Linux',
  );
  const app = await launchApp({ env: { LANGUAGE: 'de_DE:de', LANG: 'de_DE.UTF-8' } });
  const page = await app.appWindow();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  const menu = () =>
    app.evaluateMain((electron): MenuView => {
      const items = electron.Menu.getApplicationMenu()?.items ?? [];
      return items.map((item) => ({
        label: item.label,
        items: (item.submenu?.items ?? []).map((inner) => inner.label).filter((l) => l !== ''),
      }));
    }, undefined);

  const german = await menu();
  expect(german.map((entry) => entry.label)).toEqual(['Datei', 'Bearbeiten', 'Ansicht', 'Fenster']);
  expect(german[1]?.items).toEqual([
    'Widerrufen',
    'Wiederholen',
    'Ausschneiden',
    'Kopieren',
    'Einsetzen',
    'Löschen',
    'Alles auswählen',
  ]);
  await expect.poll(async () => (await app.tray())?.items ?? []).toContain('Assistant öffnen');

  await page.evaluate(async () => {
    const assistant = Reflect.get(globalThis, 'assistant') as {
      invoke(name: string, input: unknown): Promise<unknown>;
    };
    await assistant.invoke('settings.update', { language: 'ja' });
  });
  await expect.poll(async () => (await menu())[1]?.items[3]).toBe('コピー');
  expect((await menu())[1]?.label).toBe('編集');
});
