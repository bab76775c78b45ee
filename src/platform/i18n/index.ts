// The language in use. What the system's languages are (./system-languages) asks the host, so
// it is imported apart: words and formats alone need no host.
export { currentTranslator, switchLanguage, useI18n, useT, useTranslator } from './store';
