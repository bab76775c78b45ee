// Who and where, app-wide: what the host says of itself (app info, its notices), the service's
// metadata (organisation, user, capabilities), the session and connectivity. The shell, features
// and ui/ read it; the host's events (app/events.ts) and the account feature's sign-in write it.
import { create } from 'zustand';
import type {
  AppInfo,
  Connectivity,
  ServiceMetadata,
  SessionStatus,
} from '../../electron/contract';
import { idle, loadingFrom, readCached } from './loadable';
import type { Loadable } from './loadable';
import type { Call } from './requests';

export interface HostState {
  appInfo?: AppInfo;
  metadata: Loadable<ServiceMetadata>;
  session?: SessionStatus;
  connectivity?: Connectivity;
  /** The page itself lost the network (navigator.onLine), independently of the host. */
  browserOffline: boolean;
  loadAppInfo(): Promise<void>;
  loadMetadata(refresh?: boolean): Promise<void>;
  /** Another service: the previous one's organisation and user go. */
  resetMetadata(): void;
  loadSession(): Promise<void>;
  loadConnectivity(): Promise<void>;
  /** Dismisses a host notice; it stays shown when the host could not be told. */
  dismissNotice(id: string): Promise<void>;
}

/** `browserOffline`: whether the page starts without the network (the page's navigator knows). */
export function createHostStore(call: Call, { browserOffline = false } = {}) {
  // Which metadata load may still answer: a later load or a reset outdates the ones before it.
  let metadataSeq = 0;
  return create<HostState>((set, get) => ({
    metadata: idle(),
    browserOffline,

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

    async dismissNotice(id) {
      try {
        const { notices } = await call('app.dismissNotice', { id });
        set((s) => (s.appInfo ? { appInfo: { ...s.appInfo, notices } } : {}));
      } catch {
        // Stays visible; dismissing again will retry.
      }
    },
  }));
}
