// Which service core talks to: the address the settings name (or browser mode's override), else
// the embedded demo service, started on first need. The demo brings its own sign-in page and
// session, so the app works before anyone has signed in.
import type { ServiceInfo, Settings } from '../../contract';
import { AssistantError } from '../errors';
import { coreWords } from '../i18n/words';

/** The embedded demo service as the host started it (core may not import it). */
export interface DemoServiceInfo {
  baseUrl: string;
  /** Its sign-in page. */
  loginUrl?: string;
  /** Its demo session: used when nobody is signed in, so the demo works at once. */
  token?: string;
  /** Its sign-in page's password (random per start): the app shows it where the user signs in. */
  password?: string;
}

export interface ServiceTarget {
  baseUrl: string;
  demo: boolean;
  /** No service at all: the demo is not allowed and no address is set (NO_SERVICE_BASE_URL). */
  missing?: boolean;
  /** Set by the host (browser mode's ASSISTANT_BASE_URL), not by the settings. */
  pinned?: boolean;
  signInUrl: string | undefined;
  /** The embedded demo service's sign-in password, while it is the service in use. */
  demoPassword?: string;
}

/**
 * Where core points while there is no service (IT allows no demo and set no address): a name
 * that can never resolve (RFC 6761's .invalid), and which no request ever reaches, since the
 * client refuses it first (isNoService). The session is bound to it, so no token goes anywhere.
 */
export const NO_SERVICE_BASE_URL = 'https://no-service.invalid/api/v1/assistant';

export function isNoService(url: string): boolean {
  return url.startsWith('https://no-service.invalid/');
}

export function noServiceError(): AssistantError {
  return new AssistantError({
    kind: 'invalid_input',
    code: 'no_service',
    message: coreWords().t('errors.service.noAddress'),
  });
}

/** The service in use as the contract shows it (app.info, service.changed). */
export function serviceInfo(target: ServiceTarget): ServiceInfo {
  return {
    baseUrl: target.missing === true ? '' : target.baseUrl,
    demo: target.demo,
    missing: target.missing === true,
    pinned: target.pinned === true,
    ...(target.demoPassword === undefined ? {} : { demoPassword: target.demoPassword }),
  };
}

export interface ServiceTargetOptions {
  /**
   * A service address that wins over the settings (browser mode's ASSISTANT_BASE_URL), but not
   * over a service IT locked by policy.
   */
  baseUrlOverride?: string;
  /** Whether IT locked the service address by policy. */
  serviceLocked?: () => boolean;
  /** Starts (once) and describes the embedded demo service; absent: an address is required. */
  demoService?: () => Promise<DemoServiceInfo>;
}

/** What following the settings changed: nothing, only the sign-in page, or the service itself. */
export type TargetChange = 'none' | 'sign-in-page' | 'service';

export interface ServiceTargets {
  /** The service in use. */
  current(): ServiceTarget;
  /** The demo's own session while the demo service is the one in use. */
  demoToken(): string | undefined;
  /**
   * Takes the target the settings now name. Throws (and keeps the current one) when it cannot
   * be resolved: no address and no demo service.
   */
  follow(settings: Settings): Promise<TargetChange>;
}

export async function createServiceTargets(
  options: ServiceTargetOptions,
  settings: Settings,
): Promise<ServiceTargets> {
  let demoInfo: DemoServiceInfo | undefined;

  const resolve = async (current: Settings): Promise<ServiceTarget> => {
    const override = options.serviceLocked?.() === true ? undefined : options.baseUrlOverride;
    const configured = override ?? current.serviceBaseUrl ?? undefined;
    if (configured !== undefined) {
      return {
        baseUrl: configured,
        demo: false,
        signInUrl: current.signInUrl ?? undefined,
        ...(override === undefined ? {} : { pinned: true }),
      };
    }
    if (!options.demoService) throw noServiceError();
    // IT allows only the company's service, and named none (or the user has still to).
    if (!current.allowDemo) {
      return { baseUrl: NO_SERVICE_BASE_URL, demo: false, missing: true, signInUrl: undefined };
    }
    demoInfo ??= await options.demoService();
    return {
      baseUrl: demoInfo.baseUrl,
      demo: true,
      signInUrl: current.signInUrl ?? demoInfo.loginUrl,
      ...(demoInfo.password === undefined ? {} : { demoPassword: demoInfo.password }),
    };
  };

  let target = await resolve(settings);
  return {
    current: () => target,
    demoToken: () => (target.demo ? demoInfo?.token : undefined),
    async follow(next) {
      const resolved = await resolve(next);
      if (resolved.baseUrl === target.baseUrl && resolved.signInUrl === target.signInUrl) {
        return 'none';
      }
      const change = resolved.baseUrl === target.baseUrl ? 'sign-in-page' : 'service';
      target = resolved;
      return change;
    },
  };
}
