// The Firefox package's manifest, made from the Chromium one (one source for names, permissions,
// icons and the CSP) with Firefox's differences: the background is an event page
// (`background.scripts`; Firefox runs no extension service worker) running the same built file,
// the panel is a `sidebar_action` (no side panel API), the id is chosen here rather than derived
// from a key (`browser_specific_settings.gecko.id`, the id the app's Firefox host manifest lets
// in), and what Firefox does not read is left out: `key`, `minimum_chrome_version`, the
// `sidePanel` permission and `storage.managed_schema` (Firefox takes managed storage from its
// enterprise policies, `3rdparty.Extensions.<id>`, with no schema).
import { FIREFOX_EXTENSION_ID } from '../../electron/companion/registration/extension-ids';

type Manifest = Record<string, unknown>;

/**
 * The oldest Firefox with all the extension uses: Manifest V3 with an ES-module event page,
 * `optional_host_permissions` (128), host permissions granted at install (127), and the
 * sidebar's `toggle()`. 128 is also an ESR line, the one managed fleets run.
 */
export const FIREFOX_MIN_VERSION = '128.0';

export function firefoxManifest(chromium: Manifest): Manifest {
  const {
    key: _key,
    minimum_chrome_version: _minimum,
    side_panel: _sidePanel,
    storage: _storage,
    background,
    permissions,
    action,
    ...common
  } = chromium;
  const worker = (background as { service_worker?: unknown } | undefined)?.service_worker;
  if (typeof worker !== 'string') throw new Error('The manifest names no service worker.');
  const icon = (action as { default_icon?: unknown; default_title?: unknown } | undefined) ?? {};
  return {
    ...common,
    permissions: (Array.isArray(permissions) ? permissions : []).filter((p) => p !== 'sidePanel'),
    background: { scripts: [worker], type: 'module' },
    ...(action === undefined ? {} : { action }),
    sidebar_action: {
      default_panel: 'panel.html',
      default_title: icon.default_title,
      default_icon: icon.default_icon,
      // Opened by the toolbar button (or View → Sidebar), as Chromium's side panel is.
      open_at_install: false,
    },
    browser_specific_settings: {
      gecko: { id: FIREFOX_EXTENSION_ID, strict_min_version: FIREFOX_MIN_VERSION },
    },
  };
}
