// The service worker's logic (Firefox: the event page's, the same code): CRMs are single-page apps,
// so every address change of a tab (and a tab becoming active) is read again; the side panel is
// enabled on that tab only where a deal is recognised (Firefox's sidebar cannot be disabled:
// panel-surface.ts), and an open panel is told when its tab's deal changes. An MV3 worker is stopped when
// idle and starts again empty, so a panel may be told of its deal again: it ignores the same deal.
// The company CRM hosts (those IT set by policy, and those the user added unless IT says not) are
// read from storage at every start of the worker and followed as they change; a host the user
// added whose permission is taken away is forgotten.
import type { ChromeApi, TabInfo } from '../chrome';
import { panelSurface } from '../chrome/panel-surface';
import { originPattern } from '../custom-domains/address';
import { APP_HOSTS_KEY } from '../custom-domains/app-hosts';
import { loadCompanyHosts } from '../custom-domains/company-hosts';
import { CUSTOM_HOSTS_KEY, forgetCustomHosts } from '../custom-domains/stored';
import type { CustomHost, DealAddress } from '../deal-address';
import type { TabDealChanged } from './messages';
import { sameDeal, tabPanel } from './panel-options';
import { tabTitleOf } from './tab-title';

export function startWorker(chrome: ChromeApi): void {
  const known = new Map<number, DealAddress | null>();
  const surface = panelSurface(chrome);
  const report = (error: unknown) => console.warn('Side panel options not set:', error);
  // A tab event may wake the worker before storage has answered: it waits for the hosts.
  const readHosts = () =>
    loadCompanyHosts(chrome).catch((error: unknown): CustomHost[] => {
      report(error);
      return [];
    });
  let customHosts: Promise<CustomHost[]> = readHosts();

  const follow = async (tabId: number, tab: TabInfo): Promise<void> => {
    const panel = tabPanel(tabId, tab.url, await customHosts);
    await surface.setForTab(panel.options);
    const before = known.get(tabId);
    known.set(tabId, panel.deal);
    if (before !== undefined && sameDeal(before, panel.deal)) return;
    const title = tabTitleOf(tab);
    const message: TabDealChanged = {
      type: 'tab-deal-changed',
      tabId,
      deal: panel.deal,
      ...(title === undefined ? {} : { title }),
    };
    // No panel open is the usual case: nobody receives it, and that is no error.
    await chrome.runtime.sendMessage(message).catch(() => undefined);
  };

  void surface.openOnActionClick().catch(report);
  chrome.tabs.onUpdated.addListener((tabId, change, tab) => {
    if (change.url === undefined && change.status !== 'complete') return;
    void follow(tabId, tab).catch(report);
  });
  chrome.tabs.onActivated.addListener(({ tabId }) => {
    void chrome.tabs
      .get(tabId)
      .then((tab) => follow(tabId, tab))
      .catch(report);
  });
  chrome.tabs.onRemoved.addListener((tabId) => known.delete(tabId));
  // Tabs open before the extension was installed (or the browser restored at start) have had no
  // update to read: read them all once then, not on every wake of this worker.
  const readAll = () => {
    void chrome.tabs
      .query({})
      .then((tabs) =>
        Promise.all(tabs.map((tab) => (tab.id === undefined ? null : follow(tab.id, tab)))),
      )
      .catch(report);
  };
  chrome.runtime.onInstalled.addListener(readAll);
  chrome.runtime.onStartup.addListener(readAll);

  // A host added or removed, by the user or by IT's policy (the browser's, or the app's the panel
  // kept): every open tab is read again (a tab
  // on an added host shows its address to the extension only from now on, and one on a removed
  // host no longer does).
  chrome.storage.onChanged.addListener((changes, area) => {
    const hostsChanged = changes[CUSTOM_HOSTS_KEY] ?? changes[APP_HOSTS_KEY];
    if (area === 'local' && hostsChanged === undefined) return;
    if (area !== 'local' && area !== 'managed') return;
    customHosts = readHosts();
    readAll();
  });
  // The user took the site access away (chrome://extensions): the host is forgotten, which the
  // storage change above then follows.
  chrome.permissions.onRemoved.addListener(({ origins = [] }) => {
    const removed = new Set(origins);
    void forgetCustomHosts(chrome, ({ host }) => removed.has(originPattern(host))).catch(report);
  });
}
