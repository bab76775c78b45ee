// Which browser a relay speaks for, from the name of the process that started it (the relay
// reads its parent's name where that is cheap: Linux's /proc/<ppid>/comm). The names differ by
// OS and packaging ("chrome", "Google Chrome", "msedge", "brave-browser"); anything else is no
// name at all, and the user sees "a browser".
import type { CompanionBrowserName } from '../contract';
import {
  DEVELOPMENT_EXTENSION_ID,
  FIREFOX_EXTENSION_ID,
  firefoxOrigin,
  PUBLISHED_EXTENSION_IDS,
} from './registration/extension-ids';

const NAMES: Readonly<Record<string, CompanionBrowserName>> = {
  chrome: 'chrome',
  googlechrome: 'chrome',
  googlechromestable: 'chrome',
  googlechromebeta: 'chrome',
  chromium: 'chromium',
  chromiumbrowser: 'chromium',
  // Linux keeps 15 characters of a process's name.
  chromiumbrowse: 'chromium',
  msedge: 'edge',
  microsoftedge: 'edge',
  edge: 'edge',
  brave: 'brave',
  bravebrowser: 'brave',
  firefox: 'firefox',
  firefoxesr: 'firefox',
  firefoxbin: 'firefox',
};

/**
 * The browser a relay speaks for: Firefox whenever the caller is a Firefox extension (only
 * Firefox starts a host that way, and the relay reads no process name on macOS or Windows), else
 * the one its process name means, or undefined for one not known.
 */
export function browserOf(
  origin: string,
  processName: string | undefined,
): CompanionBrowserName | undefined {
  return origin.startsWith('firefox:') ? 'firefox' : browserNamed(processName);
}

/** The browser a process name means, or undefined for one not known. */
export function browserNamed(processName: string | undefined): CompanionBrowserName | undefined {
  if (processName === undefined) return undefined;
  const key = processName
    .toLowerCase()
    .replace(/\.exe$/, '')
    .replace(/[^a-z]/g, '');
  return Object.hasOwn(NAMES, key) ? NAMES[key] : undefined;
}

/**
 * Which build of the extension an origin is: the development id, a store's (the ids this app was
 * built with, the same list its installed host manifests allow; in Firefox the one id, which
 * addons.mozilla.org signs), or another.
 */
export function extensionBuildOf(
  origin: string,
  published: readonly string[] = PUBLISHED_EXTENSION_IDS,
): 'development' | 'store' | 'other' {
  if (origin === firefoxOrigin(FIREFOX_EXTENSION_ID)) return 'store';
  const id = /^chrome-extension:\/\/([a-p]{32})\/$/.exec(origin)?.[1];
  if (id === DEVELOPMENT_EXTENSION_ID) return 'development';
  if (id !== undefined && published.includes(id)) return 'store';
  return 'other';
}
