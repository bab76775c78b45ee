// `app.getPreferredSystemLanguages()` as Electron answers it on Linux: GLib's
// g_get_language_names() (the first of LANGUAGE, LC_ALL, LC_MESSAGES and LANG that is set, a
// colon-separated list for LANGUAGE), each name with its less specific variants after it, "C"
// left out, and each written as a BCP 47 tag by ICU. Read from the launch's own environment, so a
// journey chooses a user's languages the way a real Linux session gives them.
// https://github.com/electron/electron/blob/main/shell/common/language_util_linux.cc

/** The variable GLib reads the message languages from, in its order of precedence. */
const PRECEDENCE = ['LANGUAGE', 'LC_ALL', 'LC_MESSAGES', 'LANG'] as const;

export function linuxPreferredLanguages(
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  // GLib treats an empty variable as unset, and an unset environment as the "C" locale.
  const value = PRECEDENCE.map((name) => env[name]).find((v) => v !== undefined && v !== '');
  if (value === undefined) return [];
  return value
    .split(':')
    .filter((name) => name !== '')
    .flatMap(localeVariants)
    .flatMap((name) => {
      const tag = canonicalTag(name);
      return tag === undefined ? [] : [tag];
    });
}

/**
 * GLib's variants of `lang_TERRITORY.codeset@modifier`: every combination of the parts present,
 * from all of them down to the language alone, in GLib's order (append_locale_variants).
 */
export function localeVariants(locale: string): string[] {
  const match = /^([^_.@]*)(_[^.@]*)?(\.[^@]*)?(@.*)?$/.exec(locale);
  if (match === null) return [locale];
  const [, language = '', territory = '', codeset = '', modifier = ''] = match;
  const parts = [codeset, territory, modifier];
  const present = parts.reduce((mask, part, bit) => (part === '' ? mask : mask | (1 << bit)), 0);
  const variants: string[] = [];
  for (let mask = present; mask >= 0; mask -= 1) {
    if ((mask & ~present) !== 0) continue;
    const has = (bit: number) => (mask & (1 << bit)) !== 0;
    variants.push(
      language + (has(1) ? territory : '') + (has(0) ? codeset : '') + (has(2) ? modifier : ''),
    );
  }
  return variants;
}

/**
 * The name as ICU writes it (`de_DE.UTF-8` → `de-DE`): the codeset and modifier dropped. The POSIX
 * locales ("C", "POSIX", "C.UTF-8") name no language and are left out; Electron drops "C" alone and
 * ICU would write the others as `en-US-POSIX`, which the app reads as English as it does an empty
 * list (not modelled).
 */
function canonicalTag(name: string): string | undefined {
  const base = name.split(/[.@]/)[0] ?? '';
  if (base === '' || base === 'C' || base === 'POSIX') return undefined;
  return base.replace(/_/g, '-');
}
