// The tab's title as the panel sends it for the fallback by name. While a page loads (a full load,
// not the CRM's in-app navigation) the browser shows its address as its title: sending that would
// search the deals for an address, so a title that is an address is not sent at all.
import type { TabInfo } from '../chrome';
import { cutText } from './cut-text';
import { MAX_TITLE_UNITS } from './messages';

/** True when `title` is an address (with or without its scheme) rather than a page's own words. */
export function isAddressTitle(title: string, url: string | undefined): boolean {
  const text = title.trim();
  if (text === '' || /\s/u.test(text)) return false;
  if (url !== undefined && text === url) return true;
  const schemed = /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  let read: URL;
  try {
    read = new URL(schemed ? text : `https://${text}`);
  } catch {
    return false;
  }
  if (schemed) return true;
  // Without a scheme, a single word is an address only when it names the tab's own host (a deal
  // named "Acme.com" is a name).
  if (url === undefined) return false;
  try {
    return read.hostname === new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
}

/** The title to send with the tab's deal: cut to fit, never the tab's address, never blank. */
export function tabTitleOf(tab: TabInfo): string | undefined {
  const title = tab.title;
  if (title === undefined || title.trim() === '' || isAddressTitle(title, tab.url))
    return undefined;
  return cutText(title, MAX_TITLE_UNITS);
}
