// The Electron double's app.getPreferredSystemLanguages(): the languages a Linux session's locale
// variables give Electron (GLib's g_get_language_names, canonicalised), so a journey can start the
// app as a German user's system would.
import { describe, expect, it } from 'vitest';
import { linuxPreferredLanguages, localeVariants } from '../../desktop/double/system-languages';

describe('the double’s preferred system languages', () => {
  it('lists each locale with its less specific variants, in GLib’s order', () => {
    expect(localeVariants('de_DE.UTF-8')).toEqual(['de_DE.UTF-8', 'de_DE', 'de.UTF-8', 'de']);
    expect(localeVariants('sr_RS@latin')).toEqual(['sr_RS@latin', 'sr@latin', 'sr_RS', 'sr']);
    expect(localeVariants('ja')).toEqual(['ja']);
  });

  it('reads LANGUAGE first, as a list, then LC_ALL, LC_MESSAGES and LANG', () => {
    expect(
      linuxPreferredLanguages({ LANGUAGE: 'de_AT:de:en', LC_ALL: 'fr_FR.UTF-8', LANG: 'ja_JP' }),
    ).toEqual(['de-AT', 'de', 'de', 'en']);
    expect(linuxPreferredLanguages({ LC_ALL: 'fr_FR.UTF-8', LANG: 'ja_JP.UTF-8' })).toEqual([
      'fr-FR',
      'fr-FR',
      'fr',
      'fr',
    ]);
    expect(linuxPreferredLanguages({ LC_MESSAGES: 'pt_BR', LANG: 'ja_JP.UTF-8' })).toEqual([
      'pt-BR',
      'pt',
    ]);
    // Empty counts as unset, as in GLib.
    expect(linuxPreferredLanguages({ LANGUAGE: '', LC_ALL: '', LANG: 'ar_EG.UTF-8' })).toEqual([
      'ar-EG',
      'ar-EG',
      'ar',
      'ar',
    ]);
  });

  it('names no language for the C locale or an unset environment', () => {
    expect(linuxPreferredLanguages({})).toEqual([]);
    expect(linuxPreferredLanguages({ LANG: 'C' })).toEqual([]);
    expect(linuxPreferredLanguages({ LANG: 'C.UTF-8' })).toEqual([]);
    expect(linuxPreferredLanguages({ LC_ALL: 'POSIX', LANG: 'de_DE.UTF-8' })).toEqual([]);
  });
});
