// Following the settings to another service. A session belongs to one service: moving to another
// stops everything still talking to the old one (its runs are no longer followed, its calls and
// retries are aborted), signs out and forgets what the old one told the user; the demo signs in
// with its own session.
import type { Settings } from '../../contract';
import { AssistantError } from '../errors';
import { coreWords } from '../i18n/words';
import type { Logger } from '../logs/logger';
import { addressForLog } from '../redact';
import type { SessionService } from '../session';
import type { SwitchableClient } from './switchable-client';
import type { ServiceTargets } from './target';

export interface ServiceSwitchOptions {
  targets: ServiceTargets;
  client: SwitchableClient;
  session: SessionService;
  /** Stops following every live run of the old service, each ended with `reason`. */
  stopRuns(reason: AssistantError): Promise<void>;
  /** Forgets what the service told the user (cache, quota): it goes with the session. */
  forgetUserData(): Promise<void>;
  /** Only the sign-in page changed: whether a window can sign in may have changed with it. */
  onSignInPageChanged(): void;
  log: Logger;
}

/** Why the old service's runs and calls stopped (shown on each run that was being followed). */
export function serviceChangedError(): AssistantError {
  return new AssistantError({
    kind: 'aborted',
    code: 'service_changed',
    message: coreWords().t('errors.service.changedWhileFollowing'),
    retryable: false,
  });
}

/** Returns the function to call when the service settings changed; it throws when unusable. */
export function createServiceSwitch(
  options: ServiceSwitchOptions,
): (settings: Settings) => Promise<void> {
  const { targets, session } = options;
  return async (settings) => {
    const change = await targets.follow(settings);
    if (change === 'none') return;
    if (change === 'sign-in-page') {
      options.onSignInPageChanged();
      return;
    }
    const target = targets.current();
    // main.log is read by whoever helps the user: the address without anything a secret hides in.
    options.log.info('Service changed', {
      baseUrl: addressForLog(target.baseUrl),
      demo: target.demo,
    });
    // First, before anything awaits: nothing of the old service may run with the new session.
    const reason = serviceChangedError();
    options.client.use(target.baseUrl, reason);
    const stopped = options.stopRuns(reason);
    await session.signOut();
    await options.forgetUserData();
    await stopped;
    const demoToken = targets.demoToken();
    if (demoToken) await session.adopt(demoToken, { persist: false });
  };
}
