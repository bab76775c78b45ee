// What every integration test's backend has in common: browser mode as the host, a secret store
// in memory, a fixed version, and one service with a session token for it.
import type { BackendOptions } from '../../electron/core/backend';
import { createMemorySecretStore } from '../../electron/core/session/secret-store';

export function testBackendOptions(options: {
  dataDir: string;
  log: BackendOptions['log'];
  /** The service (the demo service, or a proxy in front of it). */
  baseUrl: string;
  token: string;
}): BackendOptions {
  return {
    dataDir: options.dataDir,
    hostKind: 'browser',
    appVersion: '0.0.0-test',
    platform: process.platform,
    secretStore: createMemorySecretStore(),
    log: options.log,
    baseUrlOverride: options.baseUrl,
    initialToken: options.token,
  };
}
