export { systemLanguages } from './system-languages';
export { currentTranslator, switchLanguage, useI18n, useT, useTranslator } from './store';
