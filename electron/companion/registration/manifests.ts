// The native-messaging host manifests that tell a Chromium-family browser, and Firefox, where the
// relay is (Chromium's lets extensions in by origin, `allowed_origins`; Firefox's by id,
// `allowed_extensions`), and where each browser looks for it, as data: per-user folders on macOS and Linux, registry keys
// under HKCU on Windows whose default value is the manifest file's path. The app writes them at
// every start (an update moves the relay) for the browsers this user has, and removes them on
// uninstall (registration.ts). Only where the relay can run: a Flatpak browser's sandbox neither
// sees the installed relay nor the socket folder under XDG_RUNTIME_DIR, and Snap's Chromium does
// not start native-messaging hosts at all (its folder, ~/snap/chromium/, is never written).
import { pathsOf } from '../../core/platform/paths';
import { NATIVE_HOST_NAME } from '../places';

export const BROWSERS = ['chrome', 'chromium', 'edge', 'brave'] as const;
export type Browser = (typeof BROWSERS)[number];
/** Every browser a manifest is written for: the Chromium family, and Firefox. */
export type HostBrowser = Browser | 'firefox';

export interface HostManifest {
  name: string;
  description: string;
  path: string;
  type: 'stdio';
  allowed_origins: string[];
}

/** `allowedOrigins`: extension-ids.ts's `allowedOrigins(kind)` for this run (installed or not). */
export function hostManifest(relayPath: string, allowedOrigins: readonly string[]): HostManifest {
  return {
    name: NATIVE_HOST_NAME,
    description: 'Assistant Desktop: lets the browser companion ask agents about your deals.',
    path: relayPath,
    type: 'stdio',
    allowed_origins: [...allowedOrigins],
  };
}

/** Firefox's host manifest: the same relay, its extension named by id (extension-ids.ts). */
export interface FirefoxHostManifest {
  name: string;
  description: string;
  path: string;
  type: 'stdio';
  allowed_extensions: string[];
}

export function firefoxHostManifest(
  relayPath: string,
  extensionIds: readonly string[],
): FirefoxHostManifest {
  const { allowed_origins: _origins, ...common } = hostManifest(relayPath, []);
  return { ...common, allowed_extensions: [...extensionIds] };
}

/** A browser's manifest file; written only when `browserDir` exists (the user has it). */
export interface ManifestFilePlace {
  browser: HostBrowser;
  /** The browser's own folder for this user. */
  browserDir: string;
  manifestPath: string;
}

/** Each browser's user-data folder name, relative to the OS's per-user configuration folder. */
const MAC_DIRS: Record<Browser, string[]> = {
  chrome: ['Google', 'Chrome'],
  chromium: ['Chromium'],
  edge: ['Microsoft Edge'],
  brave: ['BraveSoftware', 'Brave-Browser'],
};
const LINUX_DIRS: Record<Browser, string[]> = {
  chrome: ['google-chrome'],
  chromium: ['chromium'],
  edge: ['microsoft-edge'],
  brave: ['BraveSoftware', 'Brave-Browser'],
};
const FLATPAK_IDS: Record<Browser, string> = {
  chrome: 'com.google.Chrome',
  chromium: 'org.chromium.Chromium',
  edge: 'com.microsoft.Edge',
  brave: 'com.brave.Browser',
};
const REGISTRY_KEYS: Record<Browser, string> = {
  chrome: 'Software\\Google\\Chrome',
  chromium: 'Software\\Chromium',
  edge: 'Software\\Microsoft\\Edge',
  brave: 'Software\\BraveSoftware\\Brave-Browser',
};

export interface PlatformHome {
  platform: NodeJS.Platform;
  home: string;
  /** Linux: `XDG_CONFIG_HOME` when set (Chromium reads it), else ~/.config. */
  configHome?: string;
}

const manifestPathIn = (platform: NodeJS.Platform, browserDir: string): string =>
  pathsOf(platform).join(browserDir, 'NativeMessagingHosts', `${NATIVE_HOST_NAME}.json`);

/**
 * macOS and Linux: the browsers installed from the vendor's or the distribution's package (on
 * Linux, never a Flatpak or Snap build); none on Windows, which uses the registry.
 */
export function manifestFilePlaces({
  platform,
  home,
  configHome,
}: PlatformHome): ManifestFilePlace[] {
  const { join } = pathsOf(platform);
  const place = (browser: Browser, browserDir: string): ManifestFilePlace => ({
    browser,
    browserDir,
    manifestPath: manifestPathIn(platform, browserDir),
  });
  if (platform === 'darwin') {
    const support = join(home, 'Library', 'Application Support');
    return BROWSERS.map((browser) => place(browser, join(support, ...MAC_DIRS[browser])));
  }
  if (platform === 'win32') return [];
  const config = configHome ?? join(home, '.config');
  return BROWSERS.map((browser) => place(browser, join(config, ...LINUX_DIRS[browser])));
}

/**
 * Firefox's manifest file on macOS and Linux (none on Windows, which uses the registry:
 * `firefoxRegistryPlace`). Firefox reads one folder for every profile, whatever XDG_CONFIG_HOME
 * says: `~/.mozilla/native-messaging-hosts/` on Linux, written when `~/.mozilla` exists (Firefox
 * has run); on macOS `~/Library/Application Support/Mozilla/NativeMessagingHosts/`, written when
 * Firefox's own folder beside it (`…/Firefox`, its profiles) exists, since Mozilla's may not yet.
 */
export function firefoxManifestPlace({
  platform,
  home,
}: PlatformHome): ManifestFilePlace | undefined {
  const { join } = pathsOf(platform);
  const file = `${NATIVE_HOST_NAME}.json`;
  if (platform === 'darwin') {
    const support = join(home, 'Library', 'Application Support');
    return {
      browser: 'firefox',
      browserDir: join(support, 'Firefox'),
      manifestPath: join(support, 'Mozilla', 'NativeMessagingHosts', file),
    };
  }
  if (platform === 'win32') return undefined;
  const mozilla = join(home, '.mozilla');
  return {
    browser: 'firefox',
    browserDir: mozilla,
    manifestPath: join(mozilla, 'native-messaging-hosts', file),
  };
}

/**
 * Linux: the manifests earlier versions wrote for the browsers' Flatpak builds, whose sandbox can
 * run neither the relay they name nor reach the app's socket. Removed at every start and on
 * uninstall, never written.
 */
export function unreachableManifestPaths({ platform, home }: PlatformHome): string[] {
  if (platform !== 'linux') return [];
  const { join } = pathsOf(platform);
  return BROWSERS.map((browser) =>
    manifestPathIn(
      platform,
      join(home, '.var', 'app', FLATPAK_IDS[browser], 'config', ...LINUX_DIRS[browser]),
    ),
  );
}

export interface RegistryPlace {
  browser: HostBrowser;
  /**
   * Under HKEY_CURRENT_USER; its default value is the manifest file's path. The relay's
   * `--registry` (relay/src/registry.rs) accepts these four keys and Firefox's, no other.
   */
  key: string;
}

export function registryPlaces(): RegistryPlace[] {
  return BROWSERS.map((browser) => ({
    browser,
    key: `HKCU\\${REGISTRY_KEYS[browser]}\\NativeMessagingHosts\\${NATIVE_HOST_NAME}`,
  }));
}

/** Windows: Firefox's key, naming Firefox's own manifest file (not the Chromium one). */
export function firefoxRegistryPlace(): RegistryPlace {
  return {
    browser: 'firefox',
    key: `HKCU\\Software\\Mozilla\\NativeMessagingHosts\\${NATIVE_HOST_NAME}`,
  };
}

/** Windows: Firefox's manifest, in the companion folder beside the Chromium one. */
export const FIREFOX_MANIFEST_FILE = `${NATIVE_HOST_NAME}.firefox.json`;
