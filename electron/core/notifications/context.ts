import type { Translator } from '../../domain/i18n/translator';
import type { NotificationSettings } from './settings';
import type { NotificationState } from './state';

/** Everything a rule may depend on. Rules are pure: same context, same answer. */
export interface RuleContext {
  /** The current instant, injected (tests pass a fake clock). */
  now: Date;
  /** The user's IANA time zone, e.g. "Europe/Berlin"; may change between checks (travel). */
  timeZone: string;
  settings: NotificationSettings;
  state: NotificationState;
  /** The language notifications are written in; absent: core's language in use (i18n/words). */
  translator?: Translator;
}

/** A failed fetch is tried again after this long (the host also checks on reconnect and wake). */
export const RETRY_AFTER_MS = 2 * 60_000;
