// The words of the policy templates (the ADMX/ADML that Group Policy and Intune show IT), one
// catalogue per language in locales/<lang>/policy.json. They are for IT's tools, never shown in
// the app, so the app's catalogues (locales/<lang>/index.ts, loaded by the renderer) leave them
// out; `npm run build:policy-templates` reads them here. The catalogue test holds every language
// to English's ids as for every other area; the templates' test formats each message.
import { createIntl, createIntlCache } from '@formatjs/intl';
import type { Language } from './languages';
import en from './locales/en/policy.json' with { type: 'json' };
import de from './locales/de/policy.json' with { type: 'json' };
import fr from './locales/fr/policy.json' with { type: 'json' };
import es from './locales/es/policy.json' with { type: 'json' };
import ptBR from './locales/pt-BR/policy.json' with { type: 'json' };
import ja from './locales/ja/policy.json' with { type: 'json' };
import zhCN from './locales/zh-CN/policy.json' with { type: 'json' };
import ar from './locales/ar/policy.json' with { type: 'json' };

export type PolicyMessageId = keyof typeof en;
export type PolicyCatalogue = Readonly<Record<PolicyMessageId, string>>;

export const POLICY_CATALOGUES: Readonly<Record<Language, PolicyCatalogue>> = {
  en,
  de: de satisfies PolicyCatalogue,
  fr: fr satisfies PolicyCatalogue,
  es: es satisfies PolicyCatalogue,
  'pt-BR': ptBR satisfies PolicyCatalogue,
  ja: ja satisfies PolicyCatalogue,
  'zh-CN': zhCN satisfies PolicyCatalogue,
  ar: ar satisfies PolicyCatalogue,
};

export type PolicyText = (id: PolicyMessageId, values?: Record<string, string>) => string;

const cache = createIntlCache();

/**
 * One language's template words. A message that does not format (a broken placeholder) throws:
 * the templates are built, not shown, so a bad one stops the build rather than ship in English.
 */
export function policyText(language: Language): PolicyText {
  const intl = createIntl(
    {
      locale: language,
      defaultLocale: 'en',
      messages: POLICY_CATALOGUES[language],
      onError: (error) => {
        throw error;
      },
    },
    cache,
  );
  return (id, values) => intl.formatMessage({ id }, values);
}
