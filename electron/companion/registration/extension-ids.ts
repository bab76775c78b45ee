// Which extensions the relay's host manifest lets in (`allowed_origins`). A Chromium extension's
// id is derived from its public key: the first 128 bits of the key's SHA-256, written with the
// letters a–p. The development build carries this fixed key in its manifest (`key`), so an
// unpacked copy has the same id on every computer. The stores refuse a manifest with `key` and
// give the extension ids of their own (Chrome Web Store and Edge Add-ons give different ids to
// the same upload): those are set when the app is built for a release (scripts/extension-ids.ts
// reads ASSISTANT_EXTENSION_IDS; docs/releasing.md) and baked into the bundle.
import { createHash } from 'node:crypto';

/** The public half of the development key (DER SubjectPublicKeyInfo, base64); no secret. */
export const DEVELOPMENT_EXTENSION_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA2odmduTJt5DRDbMRELaL+ctSnLtVEzAgGvuZCFULH+EC9oEesvPSUcgsBp3iTjgTvYBnmCoP99DxbOBBL+tDs74u6drk2Dkdrkna3etcv+r5Ow+S088RuiPC0BUb2F/uw0hYXdDNfJxscmU8awNAElidtwZazLADU5AsvUgMh8rvw4xT4IDvjT+iPoPbfxcTSs+kz9DJr7na9ULSfafanH9dA7HYJRbVypwNIgfH8rW1xA0nFaS/XbFcIncbV6lA+7UuHX0SfLI2JBqdwa2yIUiRRYjpDzRavpNNjWAAuWUyBb0HIEe+FZ37v3YsRGUwlIenKCEPm2haMLUd/YEi6wIDAQAB';

/** `extensionIdOf(DEVELOPMENT_EXTENSION_KEY)`, kept as text so readers can search for it. */
export const DEVELOPMENT_EXTENSION_ID = 'onobfabojmcojifpgelmncjhfafaoboe';

export const EXTENSION_ID = /^[a-p]{32}$/;

/**
 * The extension's id in Firefox (`browser_specific_settings.gecko.id`, written by
 * extension/build/firefox-manifest.ts). Firefox ids are chosen by the developer, not derived from
 * a key: addons.mozilla.org signs the package under this id and signs no other developer's upload
 * with it, so the development copy and the published one have the same id and both kinds of run
 * let it in. A temporary add-on can still claim any id, as anyone can load Chromium's public
 * development key: in Firefox the id is a name, and the pairing's Allow and key are the proof.
 */
export const FIREFOX_EXTENSION_ID = 'companion@assistant-desktop.example';

/** How the relay introduces a Firefox extension, which Firefox names by its id alone. */
export function firefoxOrigin(id: string): string {
  return `firefox:${id}`;
}

/**
 * Replaced by the build (scripts/build-node.mjs, esbuild's `define`) with the ids it was given,
 * already checked there; absent where the source runs unbundled (tests, tsx, Vite's config).
 */
declare const __ASSISTANT_PUBLISHED_EXTENSION_IDS__: readonly string[] | undefined;

/** The stores' ids this bundle was built with: none in a developer's build. */
export const PUBLISHED_EXTENSION_IDS: readonly string[] =
  typeof __ASSISTANT_PUBLISHED_EXTENSION_IDS__ === 'undefined'
    ? []
    : __ASSISTANT_PUBLISHED_EXTENSION_IDS__;

/** The installed app (`app.isPackaged`), or a run from the sources (dev, browser mode, tests). */
export type AppBuildKind = 'packaged' | 'development';

/**
 * The extensions this run lets in: the installed app only the stores' (a user installs the
 * extension from a store), a run from the sources only the unpacked development copy. The
 * development key is public (the extension's zip carries it), so an installed app never lets its
 * id in: one built without store ids (a developer's `npm run dist`; the build warned, and a
 * release build refuses) lets in no extension at all, and is tried with `npm run dev` instead.
 */
export function allowedExtensionIds(
  kind: AppBuildKind,
  published: readonly string[] = PUBLISHED_EXTENSION_IDS,
): string[] {
  return kind === 'packaged' ? [...published] : [DEVELOPMENT_EXTENSION_ID];
}

/** The id Chromium gives an extension whose manifest carries `key`. */
export function extensionIdOf(key: string): string {
  const digest = createHash('sha256').update(Buffer.from(key, 'base64')).digest('hex');
  return [...digest.slice(0, 32)]
    .map((hex) => String.fromCharCode(97 + Number.parseInt(hex, 16)))
    .join('');
}

export function extensionOrigin(id: string): string {
  return `chrome-extension://${id}/`;
}

/** The host manifest's `allowed_origins` for this kind of run (see `allowedExtensionIds`). */
export function allowedOrigins(
  kind: AppBuildKind,
  published: readonly string[] = PUBLISHED_EXTENSION_IDS,
): string[] {
  return allowedExtensionIds(kind, published).map(extensionOrigin);
}

/** Extra extension ids a run from the sources lets in, comma-separated (the tests' made-up ids). */
export const EXTRA_EXTENSION_IDS_ENV = 'ASSISTANT_COMPANION_EXTRA_IDS';

/**
 * The origins the companion host answers: the Chromium manifest's, the Firefox extension's, and in a run from the sources the ids
 * named in ASSISTANT_COMPANION_EXTRA_IDS (anyone who can set a development run's environment can
 * change its code too). An installed app ignores the variable.
 */
export function servedOrigins(
  kind: AppBuildKind,
  env: Readonly<Record<string, string | undefined>>,
  published: readonly string[] = PUBLISHED_EXTENSION_IDS,
): string[] {
  const extra =
    kind === 'development'
      ? (env[EXTRA_EXTENSION_IDS_ENV] ?? '')
          .split(',')
          .map((id) => id.trim())
          .filter((id) => EXTENSION_ID.test(id))
      : [];
  return [
    ...new Set([
      ...allowedOrigins(kind, published),
      firefoxOrigin(FIREFOX_EXTENSION_ID),
      ...extra.map(extensionOrigin),
    ]),
  ];
}
