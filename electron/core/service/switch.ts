// Following the settings to another service. A session belongs to one service: moving to another
// signs out and forgets what the old one told the user; the demo signs in with its own session.
import type { Settings } from '../../contract';
import type { Logger } from '../logs/logger';
import type { SessionService } from '../session';
import type { ClientFactory, SwitchableClient } from './switchable-client';
import type { ServiceTargets } from './target';

export interface ServiceSwitchOptions {
  targets: ServiceTargets;
  client: SwitchableClient;
  clientFor: ClientFactory;
  session: SessionService;
  /** Forgets what the service told the user (cache, quota): it goes with the session. */
  forgetUserData(): Promise<void>;
  /** Only the sign-in page changed: whether a window can sign in may have changed with it. */
  onSignInPageChanged(): void;
  log: Logger;
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
    options.log.info('Service changed', { baseUrl: target.baseUrl, demo: target.demo });
    options.client.use(options.clientFor(target.baseUrl, session.provider));
    await session.signOut();
    await options.forgetUserData();
    const demoToken = targets.demoToken();
    if (demoToken) await session.adopt(demoToken, { persist: false });
  };
}
