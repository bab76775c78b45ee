// The application menu follows the language at once, its standard role items included: each
// carries its label, so none is left in the language Electron started in. Built with the desktop
// double's Menu, which validates roles as Electron does.
import { describe, expect, it, vi } from 'vitest';
import { englishWords, nodeTranslator } from '../../../electron/domain/i18n/node-translator';
import { createMenu, menuLabels, type DoubleMenu } from '../../desktop/double/platform';
import type { Launch } from '../../desktop/double/context';

const double = vi.hoisted(() => ({ menu: undefined as unknown }));
vi.mock('electron', () => ({
  get Menu() {
    return double.menu;
  },
}));

const { installApplicationMenu } = await import('../../../electron/main/app-menu');

function install(platform: NodeJS.Platform, language: 'en' | 'de' | 'ar'): DoubleMenu {
  const launch = { ready: true, exited: false, errors: [], requireReady: () => undefined };
  const { Menu, record } = createMenu(launch as unknown as Launch);
  double.menu = Menu;
  installApplicationMenu({
    platform,
    appName: 'Assistant',
    openSettings: () => undefined,
    t: language === 'en' ? englishWords().t : nodeTranslator(language).t,
  });
  if (record.applicationMenu === undefined) throw new Error('No application menu was set');
  return record.applicationMenu;
}

describe('the application menu', () => {
  it('names role items as Electron does in English', () => {
    expect(menuLabels(install('linux', 'en'))).toEqual([
      { File: ['Settings', '', 'Quit'] },
      { Edit: ['Undo', 'Redo', '', 'Cut', 'Copy', 'Paste', 'Delete', '', 'Select All'] },
      {
        View: [
          'Reload',
          'Force Reload',
          'Toggle Developer Tools',
          '',
          'Actual Size',
          'Zoom In',
          'Zoom Out',
          '',
          'Toggle Full Screen',
        ],
      },
      { Window: ['Minimize', 'Zoom', 'Close'] },
    ]);
  });

  it('writes every item, roles included, in German', () => {
    const menu = install('win32', 'de');
    expect(menuLabels(menu)).toEqual([
      { Datei: ['Einstellungen', '', 'Beenden'] },
      {
        Bearbeiten: [
          'Widerrufen',
          'Wiederholen',
          '',
          'Ausschneiden',
          'Kopieren',
          'Einsetzen',
          'Löschen',
          '',
          'Alles auswählen',
        ],
      },
      expect.objectContaining({ Ansicht: expect.arrayContaining(['Neu laden']) }),
      { Fenster: ['Minimieren', 'Zoomen', 'Schließen'] },
    ]);
    const roles = menu.items.flatMap((item) => item.submenu?.items ?? []).map((item) => item.role);
    expect(roles).toContain('undo');
    expect(roles).toContain('quit');
  });

  it('names the macOS app menu’s items after the app, in Arabic', () => {
    const [appMenu] = menuLabels(install('darwin', 'ar'));
    expect(appMenu).toEqual({
      Assistant: [
        'حول Assistant',
        '',
        expect.any(String),
        '',
        'الخدمات',
        '',
        'إخفاء Assistant',
        'إخفاء الآخرين',
        'إظهار الكل',
        '',
        'إنهاء Assistant',
      ],
    });
  });
});
