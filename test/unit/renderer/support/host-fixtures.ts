// What the host answers about itself and the service, for the store tests: complete values that
// each test changes only where it matters.
import type {
  AppInfo,
  Capability,
  Notice,
  ServiceMetadata,
  SessionStatus,
} from '../../../../electron/contract';

export const at = '2026-01-05T09:00:00.000Z';

const available: Capability = { available: true };

export function appInfo(extra: Partial<AppInfo> = {}): AppInfo {
  return {
    name: 'Assistant',
    appVersion: '1.0.0',
    host: 'electron',
    platform: 'linux',
    versions: {},
    service: { baseUrl: 'https://assistant.example', demo: false, pinned: false, missing: false },
    notices: [],
    systemLanguages: ['en-US'],
    desktopCapabilities: {
      tray: available,
      globalShortcut: available,
      notifications: available,
      launchAtLogin: available,
      osFocusMode: available,
      updates: available,
    },
    ...extra,
  };
}

export function notice(id: string): Notice {
  return { id, level: 'warning', message: `Notice ${id}`, at };
}

export function metadata(orgName = 'Contoso'): ServiceMetadata {
  return {
    service: 'assistant',
    version: '1',
    environment: 'production',
    org: { id: 'org_1', name: orgName },
    principal: { type: 'user', authMode: 'session', userId: 'u_1', scopes: [] },
    capabilities: {
      streaming: true,
      runs: true,
      briefings: true,
      deals: true,
      tokens: true,
      usage: true,
    },
  };
}

export function session(extra: Partial<SessionStatus> = {}): SessionStatus {
  return {
    signedIn: false,
    expired: false,
    storage: 'encrypted',
    canSignInWithWindow: false,
    ...extra,
  };
}
