// The service worker's logic: CRMs are single-page apps, so every address change of a tab (and a
// tab becoming active) is read again; the side panel is enabled on that tab only where a deal is
// recognised, and an open panel is told when its tab's deal changes. An MV3 worker is stopped when
// idle and starts again empty, so a panel may be told of its deal again: it ignores the same deal.
import type { ChromeApi, TabInfo } from '../chrome';
import type { DealAddress } from '../deal-address';
import type { TabDealChanged } from './messages';
import { sameDeal, tabPanel } from './panel-options';

export function startWorker(chrome: ChromeApi): void {
  const known = new Map<number, DealAddress | null>();

  const follow = async (tabId: number, tab: TabInfo): Promise<void> => {
    const panel = tabPanel(tabId, tab.url);
    await chrome.sidePanel.setOptions(panel.options);
    const before = known.get(tabId);
    known.set(tabId, panel.deal);
    if (before !== undefined && sameDeal(before, panel.deal)) return;
    const message: TabDealChanged = {
      type: 'tab-deal-changed',
      tabId,
      deal: panel.deal,
      ...(tab.title === undefined ? {} : { title: tab.title }),
    };
    // No panel open is the usual case: nobody receives it, and that is no error.
    await chrome.runtime.sendMessage(message).catch(() => undefined);
  };
  const report = (error: unknown) => console.warn('Side panel options not set:', error);

  void chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch(report);
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
}
