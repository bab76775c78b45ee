// What the user is told when a run's answer outgrows what the app keeps of one (core/limits.ts):
// the app stops following it and shows the part it has.
import { AssistantError } from '../errors';
import { coreWords } from '../i18n/words';
import { formatBytes } from '../limits';

export const ANSWER_TOO_LONG_CODE = 'answer_too_long';

export function answerTooLong(maxBytes: number): AssistantError {
  return new AssistantError({
    kind: 'bad_response',
    code: ANSWER_TOO_LONG_CODE,
    message: coreWords().t('errors.run.answerTooLong', { size: formatBytes(maxBytes) }),
    retryable: false,
  });
}
