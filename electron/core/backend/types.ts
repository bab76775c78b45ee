// What a host gives core (BackendOptions) and what it gets back (Backend): see index.ts.
import type { PolicySources } from '../policy/policy-watcher';
import type {
  DesktopCapabilities,
  EventName,
  EventPayload,
  HostKind,
  LiveRunSummary,
  Navigate,
  Settings,
  ShownInApp,
} from '../../contract';
import type { FetchLike } from '../api/config';
import type { CompanionControl } from '../pairings/control';
import type { CoreLanguage } from '../i18n/language';
import type { AnswerLimits } from '../limits';
import type { NextMeeting } from '../desktop';
import type { Dispatch, EventListener, Handlers, RequestContext } from '../host';
import type { RootLogger } from '../logs/logger';
import type { NotificationDecision } from '../notifications';
import type { RunManagerOptions } from '../runs/manager';
import type { DemoServiceInfo } from '../service';
import type { SecretStore } from '../session';

export interface BackendOptions {
  /** The user's data directory: settings, cache, transcripts, logs. */
  dataDir: string;
  hostKind: HostKind;
  appVersion: string;
  platform: string;
  /** node, electron, chrome, … as the host knows them. */
  versions?: Record<string, string>;
  secretStore: SecretStore;
  /** Electron's net.fetch in the app; Node's fetch elsewhere. */
  fetch?: FetchLike;
  /** Defaults to a rotating file in `<dataDir>/logs/`. */
  log?: RootLogger;
  /**
   * Starts (once) and describes the embedded demo service; called when the settings name no
   * service. Without it, a missing service address is an error the user is told about.
   */
  demoService?: () => Promise<DemoServiceInfo>;
  /** A service address that wins over the settings (browser mode's ASSISTANT_BASE_URL). */
  baseUrlOverride?: string;
  /** A session to use at start without asking the service (ASSISTANT_SESSION_TOKEN); not stored. */
  initialToken?: string;
  /**
   * Shows a deal or a run (`app.show`): the desktop app brings its window forward there; browser
   * mode tells its open pages, or opens the default browser at its address. Absent: the pages
   * are told by the `navigate` event, and the answer is `page`.
   */
  showInApp?: (target: Navigate) => Promise<ShownInApp['shown']>;
  /** Opens an http(s) link in the OS browser; absent: the renderer opens it itself. */
  openExternal?: (url: string) => Promise<void>;
  /**
   * Opens the service's sign-in page in a window of its own and resolves with the session
   * cookie's value once it appears for `serviceOrigin`, or undefined when the user closed it.
   */
  openSignInWindow?: (signInUrl: string, serviceOrigin: string) => Promise<string | undefined>;
  /** Shows a notification natively; false (or absent): it goes to the renderer as an event. */
  showNotification?: (decision: NotificationDecision) => boolean;
  /** Whether the user is looking at the app (run-finished notifications are then skipped). */
  isWindowFocused?: () => boolean;
  /**
   * Whether a window or page is open to show a toast (absent: one is). With none, what is not
   * shown natively waits in the inbox for the next page that connects (`inbox.catchUp`).
   */
  viewerPresent?: () => boolean;
  /**
   * A page said it gained or lost focus (`app.setFocus`). Hosts that know focus themselves
   * (Electron's BrowserWindow) leave it out; browser mode counts its pages with it.
   */
  reportFocus?: (focused: boolean, context: RequestContext) => void;
  /** The OS's own Do not disturb / focus mode, where the host can read it; undefined: unknown. */
  osDoNotDisturb?: () => boolean | undefined;
  /**
   * The system's preferred languages, most preferred first (Electron's
   * app.getPreferredSystemLanguages()); absent: the process's environment (LANG). Validated.
   */
  systemLanguages?: () => readonly unknown[];
  /** What this desktop offers, as the host found out (Settings explains what is missing). */
  desktopCapabilities?: () => DesktopCapabilities;
  /** Run the notification scheduler (default true). */
  scheduler?: boolean;
  /** IT's policies on this computer (policy/policy-sources.ts); absent: none (tests). */
  policies?: PolicySources;
  /** Tuning for tests and benchmarks. */
  runs?: Pick<RunManagerOptions, 'frameIntervalMs' | 'follow' | 'transcriptFlushMs'>;
  /** How long a confirmed cached value is served without asking again (default 60 s). */
  cacheFreshForMs?: number;
  /** How much of what the service sends is held at most (core/limits.ts); tests shrink them. */
  limits?: Partial<AnswerLimits>;
  now?: () => Date;
}

export interface Backend {
  /** One function per contract request. Hosts call them through `dispatch`. */
  readonly handlers: Handlers;
  /** The wrapper every host runs each call through. */
  readonly dispatch: Dispatch;
  readonly events: {
    subscribe(listener: EventListener): () => void;
    /** For the host's own events (`navigate` from the tray, a deep link, a notification). */
    emit<E extends EventName>(name: E, payload: EventPayload<E>): void;
  };
  /**
   * The browser companion's state for the renderer's requests; the host process attaches the
   * companion host to it once it has tried to start one (companion/start.ts).
   */
  readonly companion: CompanionControl;
  readonly log: RootLogger;
  /** The language in use, for the host's own words (tray, menu, windows): it follows the setting. */
  readonly language: CoreLanguage;
  /** The live runs without text (tray menu). */
  liveRuns(): LiveRunSummary[];
  /** The settings in effect, IT's policies applied (the updater asks before each check). */
  settings(): Settings;
  /**
   * The next meeting of the cached meeting briefing (tray menu); undefined when there is none
   * or it cannot be read. Served from the cache, refreshed in the background like the screens.
   */
  nextMeeting(): Promise<NextMeeting | undefined>;
  /** The machine woke up: streams re-attach, notifications catch up. */
  onResume(): void;
  /** The OS says the network went away or came back. */
  onNetworkChange(online: boolean): void;
  /**
   * Streams closed, transcripts flushed, timers stopped, background work (refreshes, notification
   * checks) cancelled and settled.
   */
  close(): Promise<void>;
}
