// The app itself: versions, host, notices, connectivity, navigation and notifications.
import { z } from './zod';
import { ErrorData, Timestamp } from './common';
import { RunsStartInput } from './runs';

/** A message for the user that is not an answer to anything (e.g. settings were reset). */
export const Notice = z.object({
  id: z.string(),
  level: z.enum(['info', 'warning', 'error']),
  message: z.string(),
  at: Timestamp,
});
export type Notice = z.infer<typeof Notice>;

export const HostKind = z.enum(['electron', 'browser']);
export type HostKind = z.infer<typeof HostKind>;

/**
 * Whether this host and desktop offer one of the app's desktop features. When `available` is
 * false, `reason` says why in words for the user (Settings shows it); when true, it may carry
 * what to know (a desktop that accepts a tray icon but may not show it).
 */
export const Capability = z.object({
  available: z.boolean(),
  reason: z.string().optional(),
});
export type Capability = z.infer<typeof Capability>;

// This and the schemas below are field lists alike in shape only (zod declarations).
/** What this desktop offers, filled by the host from what actually happened. */
export const DesktopCapabilities = z.object({
  tray: Capability,
  globalShortcut: Capability,
  notifications: Capability,
  launchAtLogin: Capability,
  /** Whether the app can read the OS's own Do Not Disturb / Focus mode and hold back with it. */
  osFocusMode: Capability,
  /** Whether this copy updates itself; when not, `reason` says where updates come from. */
  updates: Capability,
});
export type DesktopCapabilities = z.infer<typeof DesktopCapabilities>;

/** The service in use. */
export const ServiceInfo = z.object({
  baseUrl: z.string(),
  /** The embedded demo service: label it clearly as a demo. */
  demo: z.boolean(),
  /**
   * The host was started with the service set for it (browser mode's ASSISTANT_BASE_URL): the
   * address in Settings does not apply, and the renderer shows it read-only.
   */
  pinned: z.boolean(),
  /**
   * No service to talk to: IT's policy allows no demo and no address is set yet. Every service
   * request fails with `no_service`; the renderer asks for the company's address.
   */
  missing: z.boolean().default(false),
  /**
   * The embedded demo service's sign-in password, random per start (no web page can guess it):
   * the sign-in dialog shows it, as the demo's own page does not.
   */
  demoPassword: z.string().optional(),
});
export type ServiceInfo = z.infer<typeof ServiceInfo>;

/** Enough preferences to find one the app speaks; a longer list says nothing more. */
export const MAX_SYSTEM_LANGUAGES = 16;
/** A BCP 47 tag as systems write them (`de-AT`, `zh-Hant-TW`, `en_US`). */
export const LanguageTag = z
  .string()
  .max(35)
  .regex(/^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*$/);

export const AppInfo = z.object({
  name: z.string(),
  appVersion: z.string(),
  host: HostKind,
  platform: z.string(),
  /** node, electron, chrome, ... as the host knows them. */
  versions: z.record(z.string(), z.string()),
  service: ServiceInfo,
  notices: z.array(Notice),
  desktopCapabilities: DesktopCapabilities,
  /**
   * The system's preferred languages (BCP 47, most preferred first), as the host reads them; the
   * language setting's "system" resolves from these (browser mode's page uses its own instead).
   */
  systemLanguages: z.array(LanguageTag).max(MAX_SYSTEM_LANGUAGES).default([]),
});
export type AppInfo = z.infer<typeof AppInfo>;

/**
 * `host-unreachable` is only produced by the browser-mode bridge itself, when its socket to the
 * host is down.
 */
export const ConnectivityState = z.enum([
  'online',
  'offline',
  'service-unreachable',
  /** The service answers, but as a whole it is down: 502, 503 or 504 from it or its gateway. */
  'service-failing',
  'host-unreachable',
]);
/** Statuses that mean the service as a whole is down (from it or its gateway), not one endpoint. */
export const SERVICE_DOWN_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

export const Connectivity = z.object({
  state: ConnectivityState,
  since: Timestamp,
  error: ErrorData.optional(),
});
export type Connectivity = z.infer<typeof Connectivity>;

/** Keys of cached data; `id` in the event tells which deal. */
export const DataKey = z.enum([
  'metadata',
  'agents',
  'deals',
  'deal',
  'briefings.morning',
  'briefings.meeting',
]);
export type DataKey = z.infer<typeof DataKey>;

export const DataRefreshed = z.object({
  key: DataKey,
  id: z.string().optional(),
  fetchedAt: Timestamp,
});
export type DataRefreshed = z.infer<typeof DataRefreshed>;

export const Screen = z.enum(['today', 'deals', 'runs', 'usage', 'account', 'settings']);
export type Screen = z.infer<typeof Screen>;

/**
 * Go to a screen. `id` opens a deal (deals), a run (runs) or a briefing (today: `morning` or
 * `meeting`); `focus: 'search'` puts the cursor in the deal picker's search (the global shortcut);
 * `focus: 'inbox'` opens the inbox over whatever screen is showing (`screen` is then ignored).
 */
export const Navigate = z.object({
  screen: Screen,
  id: z.string().optional(),
  focus: z.enum(['search', 'inbox']).optional(),
});
export type Navigate = z.infer<typeof Navigate>;

/**
 * A deal or a run to show in the app (`app.show`: the browser companion's "Open in Assistant").
 * The ids in the charsets of the app's deep links (electron/core/deeplinks/link.ts): deal ids
 * are UUIDs (the API document), run ids letters, digits, `_` and `-`, so neither can form a path,
 * a query or a fragment of the address browser mode opens.
 */
export const ShowInAppInput = z.discriminatedUnion('screen', [
  z.strictObject({
    screen: z.literal('deal'),
    id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i),
  }),
  z.strictObject({ screen: z.literal('run'), id: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/) }),
]);
export type ShowInAppInput = z.infer<typeof ShowInAppInput>;

/**
 * Where it was shown: the desktop app's window (brought forward), an open browser-mode page
 * (told to go there), or the user's default browser opened at browser mode's address.
 */
export const ShownInApp = z.object({ shown: z.enum(['window', 'page', 'browser']) });
export type ShownInApp = z.infer<typeof ShownInApp>;

/** "Prepare" on a meeting notification: the run the host built, started as it is. */
export const NotificationAction = z.object({
  id: z.literal('prepare'),
  label: z.string(),
  run: RunsStartInput,
});
export type NotificationAction = z.infer<typeof NotificationAction>;

/**
 * A value in a notice's message: words of the service as it gave them (deal, agent and meeting
 * names, questions) as a string, a number (formatted in the reader's locale), an instant shown as
 * a clock time in the reader's locale (`{ time }`, in `timeZone`, the user's zone when it was
 * raised, so every place shows the same hour), or a message of its own (a run's status).
 */
export type NotificationValue =
  string | number | { time: string; timeZone?: string } | NotificationMessage;
/** A catalogue message by id, formatted when shown, in the language of whoever reads it. */
export interface NotificationMessage {
  id: string;
  values?: Record<string, NotificationValue>;
}
export const NotificationMessage: z.ZodType<NotificationMessage> = z.strictObject({
  id: z.string().min(1).max(200),
  get values() {
    return z.record(z.string().min(1).max(64), NotificationValue).optional();
  },
});
export const NotificationValue: z.ZodType<NotificationValue> = z.union([
  z.string(),
  z.number(),
  z.strictObject({ time: Timestamp, timeZone: z.string().min(1).max(64).optional() }),
  z.lazy(() => NotificationMessage),
]);
/** One line of a notice: a message, or the service's own words (a briefing's headline). */
export const NotificationLine = z.union([
  NotificationMessage,
  z.strictObject({ text: z.string() }),
]);
export type NotificationLine = z.infer<typeof NotificationLine>;
/**
 * What a notice says, as messages: the title, and the body's lines (shown joined by " · ").
 * `title` and `body` beside it are the same words formatted when it was raised: the fallback for
 * inbox files written before messages were kept and for an id the reader's catalogue lacks.
 */
export const NotificationText = z.strictObject({
  title: NotificationLine,
  body: z.array(NotificationLine).max(50),
});
export type NotificationText = z.infer<typeof NotificationText>;

// A field list alike in shape only with DesktopCapabilities and ServiceInfo above.
/** A notification decision, shown as a toast where the host has no OS notifications. */
export const AppNotification = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** The words as messages, formatted when shown (absent in entries kept before they were). */
  message: NotificationText.optional(),
  navigate: Navigate.optional(),
  actions: z.array(NotificationAction).optional(),
  /**
   * Notifications that say the same thing (answers to one question from one agent) share a
   * group: the inbox shows them as one entry, "5 answers from Objection handler" (`of`).
   */
  group: z.object({ key: z.string().min(1), of: z.string() }).optional(),
  at: Timestamp,
});
export type AppNotification = z.infer<typeof AppNotification>;

/** The page says whether the user is looking at it (browser mode counts every open page). */
export const SetFocusInput = z.strictObject({ focused: z.boolean() });
/** Whether the host now counts the app as looked at. */
export const SetFocusOutput = z.object({ windowFocused: z.boolean() });

export const Diagnostics = z.object({ text: z.string() });

/** Only http and https leave the app; anything else is refused before it reaches the OS. */
export const OpenExternalInput = z.strictObject({
  url: z.url({ protocol: /^https?$/, error: 'Only http:// and https:// links can be opened.' }),
});
/** `opened: false` means this host cannot open it (browser mode): the renderer opens it itself. */
export const OpenExternalOutput = z.object({ opened: z.boolean() });

export const NoticeIdInput = z.strictObject({ id: z.string().min(1).max(200) });
export const NoticesOutput = z.object({ notices: z.array(Notice) });
