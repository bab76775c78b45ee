// The side panel's entry: finds the tab it serves (`?tab=<id>`, which the service worker puts in
// the panel's path for each tab; else the active tab), speaks the browser's language, follows its
// light or dark theme, opens the bridge to the app and renders the panel.
import { createRoot } from 'react-dom/client';
import '../../../src/styles/tokens.css';
import '../../../src/styles/base.css';
import '../../../src/styles/components.css';
import './panel.css';
import { chromeApi, type ChromeApi } from '../chrome';
import { claimsTabDealChanged, TabDealChanged } from '../background/messages';
import { tabTitleOf } from '../background/tab-title';
import { createBridge, NATIVE_HOST } from '../bridge/bridge';
import { storedKeyHolder } from '../bridge/pairing-key';
import { loadCompanyHosts } from '../custom-domains/company-hosts';
import { loadManagedDomains } from '../custom-domains/managed';
import { recogniseDealAddress } from '../deal-address';
import { followTheme, speakBrowserLanguage } from '../page-setup';
import { LinkOpenersContext } from '../../../src/ui/linkOpeners';
import { PanelStoreContext } from './context';
import { panelLinkOpeners } from './linkOpeners';
import { Panel } from './Panel';
import { panelStore } from './store';

async function servedTab(chrome: ChromeApi): Promise<number> {
  const asked = Number.parseInt(new URLSearchParams(location.search).get('tab') ?? '', 10);
  if (Number.isSafeInteger(asked) && asked >= 0) return asked;
  const [active] = await chrome.tabs.query({ active: true, currentWindow: true });
  return active?.id ?? -1;
}

async function start(): Promise<void> {
  const chrome = chromeApi();
  followTheme();
  await speakBrowserLanguage(chrome);
  const tabId = await servedTab(chrome);
  const readTab = async () => {
    const tab = tabId < 0 ? {} : await chrome.tabs.get(tabId).catch(() => ({}));
    const url = 'url' in tab ? tab.url : undefined;
    // Any title, however long: cut, never refused; an address shown as the title is no title.
    const title = tabTitleOf(tab);
    if (url === undefined) return { address: null, title };
    const customHosts = await loadCompanyHosts(chrome).catch(() => []);
    return { address: recogniseDealAddress(url, customHosts), title };
  };
  // Where IT allows only its own CRM addresses, the panel offers none to add.
  const [first, managed] = await Promise.all([readTab(), loadManagedDomains(chrome)]);

  const bridge = createBridge({
    connect: () => chrome.runtime.connectNative(NATIVE_HOST),
    lastError: (port) => chrome.runtime.lastError?.message ?? port.error?.message,
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    onDropped: (reason) => console.warn('Assistant companion: refused', reason),
    pairingKey: await storedKeyHolder(chrome),
  });
  const usePanel = panelStore(bridge, chrome);
  usePanel.setState({ tabId, address: first.address, title: first.title });
  const actions = usePanel.getState();
  bridge.onState((state) => actions.connectionChanged(state));
  actions.connectionChanged(bridge.state);
  bridge.onEvent((name, payload) => {
    if (name === 'run.update') actions.onRunUpdates(payload);
    // Signed in or out in the app: what the panel shows is read again (or says to sign in).
    else if (name === 'session.changed') actions.onReady();
  });
  const followTab = () =>
    void readTab()
      .then(({ address, title }) => actions.setTab(address, title))
      .catch((error: unknown) => {
        console.warn('Assistant companion: the tab could not be read', error);
        actions.pageUnreadable();
      });
  chrome.runtime.onMessage.addListener((message) => {
    const changed = TabDealChanged.safeParse(message);
    if (changed.success) {
      if (changed.data.tabId === tabId) followTab();
      return;
    }
    // A change the panel cannot read may be its tab's: the old deal goes at once, then the tab
    // itself is read (it says what it shows now, whatever the message carried).
    if (!claimsTabDealChanged(message)) return;
    actions.pageUnreadable();
    followTab();
  });

  const root = document.getElementById('root');
  if (root === null) throw new Error('panel.html has no #root.');
  createRoot(root).render(
    <LinkOpenersContext.Provider value={panelLinkOpeners(actions)}>
      <PanelStoreContext.Provider value={usePanel}>
        <Panel
          onRetry={() => bridge.retry()}
          onOpenOptions={
            managed.allowUserDomains ? () => void chrome.runtime.openOptionsPage() : undefined
          }
        />
      </PanelStoreContext.Provider>
    </LinkOpenersContext.Provider>,
  );
}

void start();
