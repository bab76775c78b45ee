// What the user is told when a run's answer outgrows what the app keeps of one (core/limits.ts):
// the app stops following it and shows the part it has.
import { AssistantError } from '../errors';
import { formatBytes } from '../limits';

export const ANSWER_TOO_LONG_CODE = 'answer_too_long';

export function answerTooLong(maxBytes: number): AssistantError {
  return new AssistantError({
    kind: 'bad_response',
    code: ANSWER_TOO_LONG_CODE,
    message:
      `This answer is too long to show here (over ${formatBytes(maxBytes)}), so the app ` +
      'stopped following it. The part received so far is kept.',
    retryable: false,
  });
}
