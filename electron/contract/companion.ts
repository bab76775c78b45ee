// The browser companion as the renderer sees it: each browser that asked, the user's decision
// about it, and whether it is connected now. Only the renderer reaches these; the companion's own
// subset never does (a browser must not be able to allow itself).
import { Timestamp } from './common';
import { z } from './zod';

/**
 * Who the relay introduces (relay/src/main.rs `caller`): a Chromium extension by its origin,
 * `chrome-extension://<32 letters a–p>/`, or a Firefox extension by its id, which is all Firefox
 * tells its native host: `firefox:<id>`, the id as Firefox accepts one (`{<uuid>}` or
 * `<name>@<domain>`, at most 80 characters).
 */
export const CompanionOrigin = z
  .string()
  .max(88)
  .regex(
    /^(chrome-extension:\/\/[a-p]{32}\/|firefox:(\{[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\}|[a-zA-Z0-9._-]*@[a-zA-Z0-9._-]+))$/,
  );

/** The key an Allow hands the extension (core/pairings/store.ts makes it): 256 bits, base64url. */
export const PairingKey = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** The browsers the relay can name; the renderer says "a browser" for any other. */
export const CompanionBrowserName = z.enum(['chrome', 'chromium', 'edge', 'brave', 'firefox']);
export type CompanionBrowserName = z.infer<typeof CompanionBrowserName>;

export const CompanionBrowser = z.object({
  origin: CompanionOrigin,
  /**
   * `pending`: it asked and waits for the user. `reallow`: allowed before an Allow bound a key to
   * the browser (docs/companion.md); it is served nothing until the user allows it again.
   */
  decision: z.enum(['allowed', 'denied', 'pending', 'reallow']),
  /** Which browser ran the relay, when it could tell. */
  browser: CompanionBrowserName.optional(),
  /** Which build of the extension: the fixed development id, a store's id, or another. */
  extension: z.enum(['development', 'store', 'other']),
  decidedAt: Timestamp.optional(),
  lastUsedAt: Timestamp.optional(),
  /** A connection of this browser is open now. */
  connected: z.boolean(),
});
export type CompanionBrowser = z.infer<typeof CompanionBrowser>;

/**
 * Why the browsers may not find the app after this start:
 * `failed`: registration could not write a registry key or a manifest;
 * `disk-image`, `translocated` (macOS): it refused to, because the app runs from a disk image or
 * from the temporary copy macOS makes of an app opened where it was downloaded, paths that go
 * away (companion/registration/install-location.ts); Settings says how to move it to Applications.
 */
export const CompanionRegistrationProblem = z.enum(['failed', 'disk-image', 'translocated']);
export type CompanionRegistrationProblem = z.infer<typeof CompanionRegistrationProblem>;

/**
 * `on`: serving; `registration` says when the browsers may not find it.
 * `off`: turned off for this run (ASSISTANT_COMPANION=off, or browser mode started without it).
 * `unavailable`: it tried and could not serve: another instance serves it, the socket's folder
 * is not private, or it failed to start.
 */
export const CompanionState = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('on'),
    browsers: z.array(CompanionBrowser).max(1000),
    /** Absent until registration has tried, and when it worked. */
    registration: CompanionRegistrationProblem.optional(),
  }),
  z.object({ status: z.literal('off') }),
  z.object({
    status: z.literal('unavailable'),
    reason: z.enum(['elsewhere', 'unsafe-folder', 'failed']),
  }),
]);
export type CompanionState = z.infer<typeof CompanionState>;

export const CompanionDecideInput = z.strictObject({ origin: CompanionOrigin, allow: z.boolean() });
export const CompanionOriginInput = z.strictObject({ origin: CompanionOrigin });

export const CompanionChangeKind = z.enum([
  'requested',
  'decided',
  'revoked',
  'connected',
  'disconnected',
  'status',
]);

/** What changed, and the whole state after it (Settings and the banner redraw from it). */
export const CompanionChanged = z.object({
  change: CompanionChangeKind,
  origin: CompanionOrigin.optional(),
  state: CompanionState,
});
export type CompanionChanged = z.infer<typeof CompanionChanged>;
