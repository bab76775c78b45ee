// The app itself: versions, host, notices, connectivity, navigation and notifications.
import { z } from 'zod';
import { ErrorData, Timestamp } from './common';

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

export const AppInfo = z.object({
  name: z.string(),
  appVersion: z.string(),
  host: HostKind,
  platform: z.string(),
  /** node, electron, chrome, ... as the host knows them. */
  versions: z.record(z.string(), z.string()),
  service: z.object({
    baseUrl: z.string(),
    /** The embedded demo service: label it clearly as a demo. */
    demo: z.boolean(),
  }),
  notices: z.array(Notice),
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
  'host-unreachable',
]);
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

/** Go to a screen; `id` opens a deal (deals) or a run (runs). */
export const Navigate = z.object({ screen: Screen, id: z.string().optional() });
export type Navigate = z.infer<typeof Navigate>;

/** A notification decision, shown as a toast where the host has no OS notifications. */
export const AppNotification = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  navigate: Navigate.optional(),
  at: Timestamp,
});
export type AppNotification = z.infer<typeof AppNotification>;

export const Diagnostics = z.object({ text: z.string() });

/** Only http and https leave the app; anything else is refused before it reaches the OS. */
export const OpenExternalInput = z.strictObject({
  url: z.url({ protocol: /^https?$/, error: 'Only http:// and https:// links can be opened.' }),
});
/** `opened: false` means this host cannot open it (browser mode): the renderer opens it itself. */
export const OpenExternalOutput = z.object({ opened: z.boolean() });

export const NoticeIdInput = z.strictObject({ id: z.string().min(1).max(200) });
export const NoticesOutput = z.object({ notices: z.array(Notice) });
