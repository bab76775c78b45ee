// A validation issue in words a salesperson reads, in the language in use: "At most 240." rather
// than zod's own "Too big: expected number to be <=240". The contract's own sentences (already
// written for people, like "Enter an https:// address.") are English: those the settings forms
// meet are said here in the language in use, and any other is kept as the schema wrote it.
import type { z } from 'zod';
import {
  CREDENTIALS_IN_URL_MESSAGE,
  INSECURE_SERVICE_URL_MESSAGE,
  QUERY_IN_URL_MESSAGE,
} from '../../electron/contract/service-url';
import type { MessageId } from '../../electron/domain/i18n/messages';
import type { Translator } from '../../electron/domain/i18n/translator';

const ZOD_DEFAULT = /^(Too big|Too small|Invalid input|Invalid|Expected|Unrecognized)/;

/** The contract's sentences (electron/contract/settings.ts, service-url.ts), by their English. */
const CONTRACT_SENTENCES: Readonly<Record<string, MessageId>> = {
  'Enter an https:// address.': 'settings.field.httpsAddress',
  [INSECURE_SERVICE_URL_MESSAGE]: 'settings.field.insecureAddress',
  [CREDENTIALS_IN_URL_MESSAGE]: 'settings.field.credentialsInAddress',
  [QUERY_IN_URL_MESSAGE]: 'settings.field.queryInAddress',
  'Use a 24-hour time such as 08:30.': 'settings.field.clockTime24',
  'That is too long for a shortcut.': 'settings.shortcut.tooLong',
};

export function humanIssue(issue: z.core.$ZodIssue, t: Translator['t']): string {
  const known = CONTRACT_SENTENCES[issue.message];
  if (known !== undefined) return t(known);
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'too_big':
      if (issue.origin === 'string') {
        return t('settings.field.tooLongText', { max: Number(issue.maximum) });
      }
      if (issue.origin === 'array') {
        return t('settings.field.tooManyItems', { max: Number(issue.maximum) });
      }
      return t('settings.field.atMost', { max: String(issue.maximum) });
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? t('settings.field.empty')
          : t('settings.field.tooShortText', { min: Number(issue.minimum) });
      }
      if (issue.origin === 'array') {
        return t('settings.field.tooFewItems', { min: Number(issue.minimum) });
      }
      return t('settings.field.atLeast', { min: String(issue.minimum) });
    case 'invalid_type':
      return issue.expected === 'number' || issue.expected === 'int'
        ? t('settings.field.wholeNumber')
        : t('settings.field.notValid');
    case 'invalid_format':
      return issue.format === 'url'
        ? t('settings.field.webAddress')
        : t('settings.field.checkFormat');
    case 'invalid_value':
      return t('settings.field.chooseOption');
    case 'unrecognized_keys':
      return t('settings.field.unknownSetting');
    default:
      return t('settings.field.notValid');
  }
}
