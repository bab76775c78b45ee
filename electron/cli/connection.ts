// Which service the command talks to, and as whom. The address comes from --base-url or
// ASSISTANT_BASE_URL; the session token only from ASSISTANT_SESSION_TOKEN. With no address the
// embedded demo service is started in this process (realtime pacing, like the app's demo mode)
// and its own token is used, so the command works straight after installation.
import {
  createApiClient,
  defaultUserAgent,
  normaliseBaseUrl,
  sessionFor,
  type ApiClient,
  type ClientConfig,
} from '../core/api';
import { AssistantError } from '../core/errors';
import { ENV_BASE_URL, ENV_TOKEN } from './environment';
import type { CliPolicy } from './policy';
import { httpFetch } from './http-fetch';

export { ENV_BASE_URL, ENV_TOKEN };

export type Target =
  { kind: 'remote'; baseUrl: string; token: string | undefined } | { kind: 'embedded' };

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/**
 * Throws an invalid_input AssistantError for an address that is not http(s), for another service
 * than the one IT locked, and for no address where IT allows no demo.
 */
export function resolveTarget(
  flagBaseUrl: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  policy: CliPolicy = { allowDemo: true },
): Target {
  const asked = nonEmpty(flagBaseUrl) ?? nonEmpty(env[ENV_BASE_URL]);
  const raw = asked ?? policy.service?.baseUrl;
  if (raw === undefined) {
    if (policy.allowDemo) return { kind: 'embedded' };
    throw new AssistantError({
      kind: 'invalid_input',
      code: 'no_service',
      message: `Your organisation allows only its own service: set ${ENV_BASE_URL} or --base-url to its address.`,
      retryable: false,
    });
  }
  const baseUrl = normaliseBaseUrl(raw);
  if (policy.service?.locked === true && baseUrl !== normaliseBaseUrl(policy.service.baseUrl)) {
    throw new AssistantError({
      kind: 'invalid_input',
      code: 'locked',
      message: `Set by your organisation: this computer uses ${policy.service.baseUrl}, and --base-url or ${ENV_BASE_URL} cannot name another service.`,
      retryable: false,
    });
  }
  // The token is taken as it is (no trimming): it is a credential, and changing it would only
  // turn a clear "invalid session" into a confusing one.
  const token = env[ENV_TOKEN];
  return { kind: 'remote', baseUrl, token: token === '' ? undefined : token };
}

export interface Connection {
  api: ApiClient;
  config: ClientConfig;
  baseUrl: string;
  embedded: boolean;
  token: string;
  close(): Promise<void>;
}

const USER_AGENT = defaultUserAgent(`assistant-cli; node ${process.versions.node}`);

export async function connect(target: Target): Promise<Connection> {
  if (target.kind === 'remote') {
    if (target.token === undefined) {
      throw new AssistantError({
        kind: 'unauthorized',
        code: 'not_signed_in',
        message: `Not signed in: ${ENV_TOKEN} is not set. Set it to your session token (the value of the sb-access-token cookie).`,
        retryable: false,
      });
    }
    const token = target.token;
    const config: ClientConfig = {
      baseUrl: target.baseUrl,
      session: sessionFor(target.baseUrl, token),
      userAgent: USER_AGENT,
      fetch: httpFetch,
    };
    return {
      api: createApiClient(config),
      config,
      baseUrl: target.baseUrl,
      embedded: false,
      token,
      close: () => Promise.resolve(),
    };
  }
  // The demo service is most of the command's code: loaded only when it is used.
  const { startDemoService } = await import('../demo-service');
  const service = await startDemoService({ port: 0, host: '127.0.0.1', pacing: 'realtime' });
  const config: ClientConfig = {
    baseUrl: service.baseUrl,
    session: sessionFor(service.baseUrl, service.token),
    userAgent: USER_AGENT,
    fetch: httpFetch,
  };
  return {
    api: createApiClient(config),
    config,
    baseUrl: service.baseUrl,
    embedded: true,
    token: service.token,
    close: () => service.stop(),
  };
}
