// A language's catalogue, loaded only when it is chosen: English is in the first chunk (the first
// paint needs it); each other language is a chunk of its own that Vite splits off.
import english from '../../../electron/domain/i18n/locales/en';
import type { InterfaceLanguage } from '../../../electron/domain/i18n/languages';
import type { Catalogue } from '../../../electron/domain/i18n/messages';

const others = import.meta.glob<{ default: Catalogue }>([
  '../../../electron/domain/i18n/locales/*/index.ts',
  '!../../../electron/domain/i18n/locales/en/index.ts',
]);

export const ENGLISH: Catalogue = english;

export async function loadCatalogue(language: InterfaceLanguage): Promise<Catalogue> {
  if (language === 'en') return ENGLISH;
  if (language === 'en-XA') {
    // Made from English on demand: its parser stays out of the first chunk.
    const { pseudoCatalogue } = await import('../../../electron/domain/i18n/pseudo');
    return pseudoCatalogue(ENGLISH);
  }
  const load = others[`../../../electron/domain/i18n/locales/${language}/index.ts`];
  if (load === undefined) throw new Error(`No catalogue for ${language}`);
  return (await load()).default;
}
