export { currentTranslator, switchLanguage, useI18n, useT, useTranslator } from './store';
