// The backend's first stage: which service is current, the session bound to it (adopting a
// start-up or demo token), and the switchable API client the rest of core keeps.
import type { SessionStatus } from '../../contract';
import { sessionFor, type FetchLike } from '../api/config';
import type { NoticeBoard } from '../host/notices';
import type { Logger } from '../logs/logger';
import type { SecretRegistry } from '../logs/redact';
import {
  apiClientFactory,
  createServiceTargets,
  createSwitchableClient,
  isNoService,
  noServiceError,
  type ServiceTargets,
  type SwitchableClient,
} from '../service';
import { createSessionService, type SessionService, type SessionState } from '../session';
import type { SettingsService } from '../settings';
import type { BackendOptions } from './types';

export interface ServiceParts {
  targets: ServiceTargets;
  session: SessionService;
  client: SwitchableClient;
  /** The session as the contract shows it (whether a sign-in window can be offered too). */
  sessionStatus: (state?: SessionState) => SessionStatus;
}

export async function connectService(
  options: BackendOptions,
  parts: {
    fetch: FetchLike;
    log: Logger;
    secrets: SecretRegistry;
    notices: NoticeBoard;
    settings: SettingsService;
    /** The Accept-Language every request carries (the language in use). */
    acceptLanguage: () => string;
  },
): Promise<ServiceParts> {
  const targets = await createServiceTargets(
    {
      baseUrlOverride: options.baseUrlOverride,
      serviceLocked: () => parts.settings.managed().locked.includes('serviceBaseUrl'),
      demoService: options.demoService,
    },
    parts.settings.get(),
  );
  const clientFor = apiClientFactory({
    // With no service allowed, a request fails saying so before anything is sent.
    fetch: (input, init) =>
      isNoService(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
        ? Promise.reject(noServiceError())
        : parts.fetch(input, init),
    appVersion: options.appVersion,
    platform: options.platform,
    hostKind: options.hostKind,
    acceptLanguage: parts.acceptLanguage,
    maxBodyBytes: options.limits?.maxBodyBytes,
  });
  const session = createSessionService({
    store: options.secretStore,
    secrets: parts.secrets,
    log: parts.log.child('session'),
    serviceOrigin: () => new URL(targets.current().baseUrl).origin,
    // A candidate token is checked with its own client: a refusal must not expire the session
    // the user already has. Only the service it is for is asked.
    verify: async (token, origin) => {
      const { baseUrl } = targets.current();
      // Another service is in use now: the token is not shown to it (the session refuses it).
      if (new URL(baseUrl).origin !== origin) return;
      await clientFor(baseUrl, sessionFor(baseUrl, token)).getMetadata();
    },
  });
  const sessionInit = await session.init();
  if (sessionInit.problem) parts.notices.add('warning', sessionInit.problem);
  const demoToken = targets.demoToken();
  if (options.initialToken) {
    await session.adopt(options.initialToken, { persist: false });
  } else if (demoToken && !session.state().signedIn) {
    await session.adopt(demoToken, { persist: false });
  }

  // The run manager and the scheduler keep `api`; switching services swaps what is behind it.
  const client = createSwitchableClient(clientFor, targets.current().baseUrl, session.provider);
  const sessionStatus = (state: SessionState = session.state()): SessionStatus => ({
    ...state,
    canSignInWithWindow:
      options.openSignInWindow !== undefined && targets.current().signInUrl !== undefined,
  });
  return { targets, session, client, sessionStatus };
}
