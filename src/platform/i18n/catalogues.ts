// A language's catalogue, loaded only when it is chosen: English is in the first chunk (the first
// paint needs it); each other language is a chunk of its own that Vite splits off, which the
// entry may have begun to fetch already (./early-catalogue).
import english from '../../../electron/domain/i18n/locales/en';
import type { InterfaceLanguage } from '../../../electron/domain/i18n/languages';
import type { Catalogue } from '../../../electron/domain/i18n/messages';
import { importCatalogue } from './early-catalogue';

export const ENGLISH: Catalogue = english;

export async function loadCatalogue(language: InterfaceLanguage): Promise<Catalogue> {
  if (language === 'en') return ENGLISH;
  if (language === 'en-XA') {
    // Made from English on demand: its parser stays out of the first chunk.
    const { pseudoCatalogue } = await import('../../../electron/domain/i18n/pseudo');
    return pseudoCatalogue(ENGLISH);
  }
  const loading = importCatalogue(language);
  if (loading === undefined) throw new Error(`No catalogue for ${language}`);
  return (await loading).default;
}
