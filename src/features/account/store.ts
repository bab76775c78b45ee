// Who and where: the app host, the service's metadata, the session and connectivity.
import { create } from 'zustand';
import type {
  AppInfo,
  Connectivity,
  ErrorData,
  ServiceMetadata,
  SessionStatus,
} from '../../../electron/contract';
import { call, toErrorData } from '../../app/api';
import { idle, loadingFrom, readCached } from '../../app/loadable';
import type { Loadable } from '../../app/loadable';

export interface SessionActionState {
  pending: boolean;
  error?: ErrorData;
}

interface AccountState {
  appInfo?: AppInfo;
  metadata: Loadable<ServiceMetadata>;
  session?: SessionStatus;
  sessionAction: SessionActionState;
  connectivity?: Connectivity;
  /** The page itself lost the network (navigator.onLine), independently of the host. */
  browserOffline: boolean;
  loadAppInfo(): Promise<void>;
  loadMetadata(refresh?: boolean): Promise<void>;
  /** Another service: the previous one's organisation and user go. */
  resetMetadata(): void;
  loadSession(): Promise<void>;
  loadConnectivity(): Promise<void>;
  signIn(): Promise<boolean>;
  setToken(token: string): Promise<boolean>;
  signOut(): Promise<void>;
}

let metadataSeq = 0;

export const useAccount = create<AccountState>((set, get) => {
  async function sessionCall(action: () => Promise<SessionStatus>): Promise<boolean> {
    set({ sessionAction: { pending: true } });
    try {
      const session = await action();
      set({ session, sessionAction: { pending: false } });
      return true;
    } catch (error) {
      set({ sessionAction: { pending: false, error: toErrorData(error) } });
      return false;
    }
  }
  return {
    metadata: idle(),
    sessionAction: { pending: false },
    browserOffline: typeof navigator !== 'undefined' && navigator.onLine === false,
    async loadAppInfo() {
      try {
        set({ appInfo: await call('app.info', {}) });
      } catch {
        // The shell still works without it; the demo label then comes from the metadata.
      }
    },
    async loadMetadata(refresh = false) {
      const seq = ++metadataSeq;
      set({ metadata: loadingFrom(get().metadata) });
      const next = await readCached(
        call,
        'service.metadata',
        refresh ? { refresh } : {},
        get().metadata,
      );
      if (seq === metadataSeq) set({ metadata: next });
    },
    resetMetadata() {
      metadataSeq += 1;
      set({ metadata: idle() });
    },
    async loadSession() {
      try {
        set({ session: await call('session.status', {}) });
      } catch {
        // Shown as unknown; the next session.changed event fills it in.
      }
    },
    async loadConnectivity() {
      try {
        set({ connectivity: await call('connectivity.status', {}) });
      } catch {
        // The bridge emits host-unreachable itself when it cannot reach the host.
      }
    },
    signIn: () => sessionCall(() => call('session.signIn', {})),
    setToken: (token) => sessionCall(() => call('session.setToken', { token })),
    async signOut() {
      await sessionCall(() => call('session.signOut', {}));
    },
  };
});

export function isDemo(
  appInfo: AppInfo | undefined,
  metadata: ServiceMetadata | undefined,
): boolean {
  return appInfo?.service.demo === true || metadata?.environment.toLowerCase() === 'demo';
}

/** Capability names shown to people. */
export const capabilityLabels: Record<string, string> = {
  streaming: 'live output',
  runs: 'agent runs',
  briefings: 'briefings',
  deals: 'deals',
  tokens: 'API tokens',
  usage: 'usage reporting',
};

export function hasCapability(metadata: ServiceMetadata | undefined, name: string): boolean {
  // Until the metadata is known, assume yes: the service answers with an error if not.
  if (!metadata) return true;
  return metadata.capabilities[name] !== false;
}

export function missingCapabilityReason(name: string): string {
  return `This service does not offer ${capabilityLabels[name] ?? name}.`;
}
