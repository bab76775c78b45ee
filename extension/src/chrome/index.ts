// The one module that touches the browser's extension API (chrome.*), typed with the few calls the
// extension makes. Everything else takes these as arguments, so its logic runs under the unit
// tests without a browser. No @types/chrome: this small surface is the extension's whole use.
// Firefox offers the same calls under `chrome` too (with promises, in Manifest V3); the one
// difference the extension meets, Chromium's side panel against Firefox's sidebar, is
// panel-surface.ts's.

export interface TabInfo {
  id?: number;
  url?: string;
  title?: string;
}

export interface TabChange {
  url?: string;
  title?: string;
  status?: string;
}

interface ChromeEvent<Listener> {
  addListener(listener: Listener): void;
  removeListener(listener: Listener): void;
}

export interface NativePort {
  name: string;
  /** Firefox: why the port closed (Chromium says it in runtime.lastError instead). */
  error?: { message?: string } | null;
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: ChromeEvent<(message: unknown) => void>;
  onDisconnect: ChromeEvent<(port: NativePort) => void>;
}

export interface PanelOptions {
  tabId: number;
  path?: string;
  enabled: boolean;
}

export interface StorageChange {
  oldValue?: unknown;
  newValue?: unknown;
}

export interface HostPermissions {
  origins?: string[];
}

/** A message between the service worker and the panel (chrome.runtime.sendMessage). */
export type RuntimeListener = (message: unknown) => void;

export interface ChromeApi {
  runtime: {
    id: string;
    lastError?: { message?: string };
    connectNative(application: string): NativePort;
    sendMessage(message: unknown): Promise<unknown>;
    onMessage: ChromeEvent<RuntimeListener>;
    /** The extension installed, updated or reloaded: tabs already open are read then. */
    onInstalled: ChromeEvent<() => void>;
    /** The browser started with the extension in it. */
    onStartup: ChromeEvent<() => void>;
    openOptionsPage(): Promise<void>;
  };
  tabs: {
    get(tabId: number): Promise<TabInfo>;
    query(query: { active?: boolean; currentWindow?: boolean }): Promise<TabInfo[]>;
    onUpdated: ChromeEvent<(tabId: number, change: TabChange, tab: TabInfo) => void>;
    onActivated: ChromeEvent<(info: { tabId: number }) => void>;
    onRemoved: ChromeEvent<(tabId: number) => void>;
  };
  /** Chromium's side panel; absent in Firefox, which has `sidebarAction` instead. */
  sidePanel?: {
    setOptions(options: PanelOptions): Promise<void>;
    setPanelBehavior(behavior: { openPanelOnActionClick: boolean }): Promise<void>;
  };
  /** Firefox's sidebar (`sidebar_action` in its manifest); absent in Chromium. */
  sidebarAction?: {
    /** The page the sidebar shows while this tab is the active one. */
    setPanel(details: { tabId: number; panel: string }): Promise<void>;
    /** Must run in a user gesture (the toolbar button's click handler). */
    toggle(): Promise<void>;
  };
  /** The toolbar button; its click reaches the extension only where it opens no popup. */
  action?: {
    onClicked: ChromeEvent<() => void>;
  };
  storage: {
    local: {
      get(keys: string[]): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    };
    /**
     * What IT set by policy (managed-schema.json); read-only. Absent where a browser offers none
     * (a stand-in in the tests).
     */
    managed?: {
      get(keys: string[]): Promise<Record<string, unknown>>;
    };
    onChanged: ChromeEvent<(changes: Record<string, StorageChange>, areaName: string) => void>;
  };
  /** The optional host permissions: a company's own CRM host, asked for when the user adds it. */
  permissions: {
    /** Must run in a user gesture (a click's handler, before any other await). */
    request(permissions: HostPermissions): Promise<boolean>;
    remove(permissions: HostPermissions): Promise<boolean>;
    contains(permissions: HostPermissions): Promise<boolean>;
    /** Removed by the extension or by the user (chrome://extensions, site access). */
    onRemoved: ChromeEvent<(permissions: HostPermissions) => void>;
  };
  i18n: { getUILanguage(): string };
}

/** The browser's extension API, where the page runs as part of the extension. */
export function chromeApi(): ChromeApi {
  const api = (globalThis as { chrome?: ChromeApi }).chrome;
  if (api?.runtime?.id === undefined) {
    throw new Error('Not running inside the extension: chrome.runtime is missing.');
  }
  return api;
}
