// A run's status as a salesperson reads it, the same in the app, its notifications and the tray:
// "Working…", "Done", "Stopped", "Failed", "Waiting", never the service's slugs.
import type { Translator } from '../i18n/translator';
import type { MessageId } from '../i18n/messages';

const WORDS = {
  created: 'runs.status.waiting',
  queued: 'runs.status.waiting',
  running: 'runs.status.working',
  succeeded: 'runs.status.done',
  cancelled: 'runs.status.stopped',
  failed: 'runs.status.failed',
} as const satisfies Readonly<Record<string, MessageId>>;

function isKnown(status: string): status is keyof typeof WORDS {
  return Object.hasOwn(WORDS, status);
}

/**
 * The word for a status; one the app does not know reads as a sentence made from its slug, in
 * any language ("timed_out": "Timed out"), since the service gives no other words for it.
 */
export function statusWord(t: Translator['t'], status: string): string {
  if (isKnown(status)) return t(WORDS[status]);
  const spaced = status.replace(/[_-]+/g, ' ').trim();
  return spaced === '' ? t('runs.status.unknown') : spaced[0]?.toUpperCase() + spaced.slice(1);
}

/** "Failed: the agent timed out", or the word alone when there is no reason to give. */
export function statusLine(t: Translator['t'], status: string, reason?: string): string {
  return status === 'failed' && reason
    ? t('runs.status.failedBecause', { reason })
    : statusWord(t, status);
}

/**
 * The word for a status as a message to format later (a notice kept until it is read), or, for
 * a status the app does not know, the sentence made from its slug, which reads the same in any
 * language.
 */
export function statusWordMessage(status: string): { id: MessageId } | string {
  if (isKnown(status)) return { id: WORDS[status] };
  const spaced = status.replace(/[_-]+/g, ' ').trim();
  return spaced === '' ? { id: 'runs.status.unknown' } : spaced[0]?.toUpperCase() + spaced.slice(1);
}
