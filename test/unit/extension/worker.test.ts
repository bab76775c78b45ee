// The service worker's logic over a stand-in chrome.*: the side panel is enabled per tab only where
// a deal is recognised, follows the CRMs' single-page navigation, and an open panel is told when
// its tab's deal changes (not when only the address's query or hash moved).
import { describe, expect, it } from 'vitest';
import { startWorker } from '../../../extension/src/background/worker';
import { panelPath, tabPanel } from '../../../extension/src/background/panel-options';
import { cutText } from '../../../extension/src/background/cut-text';
import { TabDealChanged } from '../../../extension/src/background/messages';
import type {
  ChromeApi,
  HostPermissions,
  PanelOptions,
  StorageChange,
  TabChange,
  TabInfo,
} from '../../../extension/src/chrome';

import { CONTACT, DEAL, event, OTHER } from './fake-tabs';

/** The browser's storage.local, telling its listeners of each change as Chrome does. */
function fakeStorage(initial: Record<string, unknown>) {
  const items = new Map(Object.entries(initial));
  const onChanged = event<(changes: Record<string, StorageChange>, area: string) => void>();
  return {
    items,
    onChanged,
    local: {
      get: async (keys: string[]) =>
        Object.fromEntries(keys.filter((k) => items.has(k)).map((k) => [k, items.get(k)])),
      set: async (values: Record<string, unknown>) => {
        const changes: Record<string, StorageChange> = {};
        for (const [key, value] of Object.entries(values)) {
          changes[key] = { oldValue: items.get(key), newValue: value };
          items.set(key, value);
        }
        for (const l of onChanged.listeners) l(changes, 'local');
      },
    },
  };
}

function fakeChrome(tabs: Map<number, TabInfo>, stored: Record<string, unknown> = {}) {
  const options: PanelOptions[] = [];
  const storage = fakeStorage(stored);
  const onPermissionsRemoved = event<(permissions: HostPermissions) => void>();
  const messages: unknown[] = [];
  const behaviour: unknown[] = [];
  const onUpdated = event<(tabId: number, change: TabChange, tab: TabInfo) => void>();
  const onActivated = event<(info: { tabId: number }) => void>();
  const onRemoved = event<(tabId: number) => void>();
  const onInstalled = event<() => void>();
  const onStartup = event<() => void>();
  const chrome = {
    runtime: {
      id: 'x',
      onInstalled,
      onStartup,
      sendMessage: async (message: unknown) => {
        messages.push(message);
        // No panel open: Chrome rejects, the worker shrugs.
        throw new Error('Could not establish connection. Receiving end does not exist.');
      },
    },
    tabs: {
      get: async (id: number) => tabs.get(id) ?? {},
      query: async () => [...tabs.values()],
      onUpdated,
      onActivated,
      onRemoved,
    },
    sidePanel: {
      setOptions: async (o: PanelOptions) => void options.push(o),
      setPanelBehavior: async (b: unknown) => void behaviour.push(b),
    },
    storage,
    permissions: { onRemoved: onPermissionsRemoved },
  } as unknown as ChromeApi;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const update = async (tabId: number, url: string, title = 'Acme') => {
    tabs.set(tabId, { id: tabId, url, title });
    for (const l of onUpdated.listeners) l(tabId, { url }, { id: tabId, url, title });
    await settle();
  };
  const activate = async (tabId: number) => {
    for (const l of onActivated.listeners) l({ tabId });
    await settle();
  };
  const install = async () => {
    for (const l of onInstalled.listeners) l();
    await settle();
  };
  const removePermission = async (origins: string[]) => {
    for (const l of onPermissionsRemoved.listeners) l({ origins });
    await settle();
  };
  return {
    chrome,
    options,
    messages,
    behaviour,
    storage,
    tabs,
    update,
    activate,
    install,
    removePermission,
    settle,
  };
}

describe('the side panel per tab', () => {
  it('is enabled where a deal is recognised, pointed at that tab', () => {
    expect(tabPanel(4, DEAL).options).toEqual({ tabId: 4, path: panelPath(4), enabled: true });
    expect(tabPanel(4, CONTACT).options.enabled).toBe(false);
    expect(tabPanel(4, undefined).options.enabled).toBe(false);
    expect(panelPath(4)).toBe('panel.html?tab=4');
  });

  it('follows single-page navigation and tells an open panel when the deal changes', async () => {
    const world = fakeChrome(new Map());
    startWorker(world.chrome);
    expect(world.behaviour).toEqual([{ openPanelOnActionClick: true }]);

    await world.update(7, DEAL);
    expect(world.options.at(-1)).toEqual({ tabId: 7, path: 'panel.html?tab=7', enabled: true });
    expect(world.messages).toEqual([
      expect.objectContaining({
        type: 'tab-deal-changed',
        tabId: 7,
        deal: expect.objectContaining({ crm: 'salesforce' }),
      }),
    ]);

    await world.update(7, `${DEAL}?tab=activity`);
    expect(world.messages).toHaveLength(1);

    await world.update(7, OTHER);
    expect(world.messages).toHaveLength(2);

    await world.update(7, CONTACT);
    expect(world.options.at(-1)).toEqual({ tabId: 7, path: 'panel.html?tab=7', enabled: false });
    expect(world.messages.at(-1)).toMatchObject({ tabId: 7, deal: null });
  });

  it('tells the panel of a deal whose page has a title of any length, cut to fit, never dropped', async () => {
    const world = fakeChrome(new Map());
    startWorker(world.chrome);
    const title = `${'Ä'.repeat(300)}${'𝔸'.repeat(300)}`;
    await world.update(7, DEAL, 'Acme');
    await world.update(7, OTHER, title);
    const told = TabDealChanged.safeParse(world.messages.at(-1));
    expect(told.success).toBe(true);
    expect(told.data?.deal).toMatchObject({ recordId: '006000000000002AAA' });
    expect(told.data?.title).toBe(`${'Ä'.repeat(300)}${'𝔸'.repeat(99)}…`);
  });

  it('sends no title while the tab shows its address as its title (a full page load)', async () => {
    const world = fakeChrome(new Map());
    startWorker(world.chrome);
    await world.update(7, DEAL, DEAL);
    await world.update(7, OTHER, OTHER.replace('https://', ''));
    for (const message of world.messages) {
      expect(TabDealChanged.parse(message)).not.toHaveProperty('title');
    }
    expect(world.messages).toHaveLength(2);
  });

  it('reads a tab again when it becomes active', async () => {
    const world = fakeChrome(new Map([[3, { id: 3, url: DEAL }]]));
    startWorker(world.chrome);
    await world.activate(3);
    expect(world.options).toEqual([{ tabId: 3, path: 'panel.html?tab=3', enabled: true }]);
  });

  it('reads the tabs already open when the extension is installed', async () => {
    const world = fakeChrome(
      new Map([
        [1, { id: 1, url: DEAL }],
        [2, { id: 2, url: CONTACT }],
      ]),
    );
    startWorker(world.chrome);
    expect(world.options).toEqual([]);
    await world.install();
    expect(world.options).toEqual([
      { tabId: 1, path: 'panel.html?tab=1', enabled: true },
      { tabId: 2, path: 'panel.html?tab=2', enabled: false },
    ]);
  });
});

describe('a company’s own CRM host', () => {
  const OWN_DEAL = `https://crm.acme.com/main.aspx?pagetype=entityrecord&etn=opportunity&id=%7B5A7E3B2C-91D4-EF11-8EEA-000D3A4B5C6D%7D`;
  const ADDED = { customCrmHosts: [{ host: 'crm.acme.com', crm: 'dynamics' }] };

  it('enables the panel on an added host’s deal, read by that host’s CRM', async () => {
    const world = fakeChrome(new Map(), ADDED);
    startWorker(world.chrome);
    await world.update(5, OWN_DEAL);
    expect(world.options.at(-1)).toEqual({ tabId: 5, path: 'panel.html?tab=5', enabled: true });
    expect(world.messages.at(-1)).toMatchObject({
      deal: {
        crm: 'dynamics',
        recordId: '5a7e3b2c-91d4-ef11-8eea-000d3a4b5c6d',
        host: 'crm.acme.com',
      },
    });
  });

  it('leaves a host not added, or stored malformed, disabled', async () => {
    const world = fakeChrome(new Map(), {
      customCrmHosts: [{ host: 'crm.acme.com', crm: 'lotus-notes' }, { host: '*.acme.com' }],
    });
    startWorker(world.chrome);
    await world.update(5, OWN_DEAL);
    expect(world.options.at(-1)?.enabled).toBe(false);
  });

  it('reads the open tabs again when a host is added, and when it is removed', async () => {
    const world = fakeChrome(new Map([[5, { id: 5, url: OWN_DEAL }]]));
    startWorker(world.chrome);
    await world.update(5, OWN_DEAL);
    expect(world.options.at(-1)?.enabled).toBe(false);

    await world.chrome.storage.local.set(ADDED);
    await world.settle();
    expect(world.options.at(-1)).toEqual({ tabId: 5, path: 'panel.html?tab=5', enabled: true });
    expect(world.messages.at(-1)).toMatchObject({ tabId: 5, deal: { crm: 'dynamics' } });

    // The site access taken away in chrome://extensions: the host is forgotten, and once the
    // permission is gone the browser no longer tells the extension that tab's address.
    world.tabs.set(5, { id: 5 });
    await world.removePermission(['https://crm.acme.com/*']);
    await world.settle();
    expect(world.storage.items.get('customCrmHosts')).toEqual([]);
    expect(world.options.at(-1)).toEqual({ tabId: 5, path: 'panel.html?tab=5', enabled: false });
    expect(world.messages.at(-1)).toMatchObject({ tabId: 5, deal: null });
  });

  it('enables the panel on a host IT set, follows IT’s changes, and drops the user’s hosts when IT says so', async () => {
    const world = fakeChrome(new Map([[5, { id: 5, url: OWN_DEAL }]]), ADDED);
    let managed: Record<string, unknown> = {
      crmDomains: [{ host: 'crm.acme.com', crm: 'dynamics' }],
      allowUserDomains: false,
    };
    const storage = world.chrome.storage as unknown as Record<string, unknown>;
    storage.managed = { get: async () => managed };
    startWorker(world.chrome);
    await world.update(5, OWN_DEAL);
    expect(world.options.at(-1)).toEqual({ tabId: 5, path: 'panel.html?tab=5', enabled: true });

    // IT takes the host away and users may not add: the user's own entry for it no longer counts.
    managed = { crmDomains: [], allowUserDomains: false };
    for (const l of world.storage.onChanged.listeners) l({ crmDomains: {} }, 'managed');
    await world.settle();
    expect(world.options.at(-1)).toEqual({ tabId: 5, path: 'panel.html?tab=5', enabled: false });
  });

  it('keeps hosts whose permission was not the one removed', async () => {
    const world = fakeChrome(new Map(), ADDED);
    startWorker(world.chrome);
    await world.removePermission(['https://other.acme.com/*']);
    expect(world.storage.items.get('customCrmHosts')).toEqual(ADDED.customCrmHosts);
  });
});

describe('a text a page controls, cut to a bound', () => {
  it('stays whole when it fits, else is cut at a code point and ends in an ellipsis', () => {
    expect(cutText('Acme renewal', 12)).toBe('Acme renewal');
    expect(cutText('Acme renewal', 8)).toBe('Acme re…');
    // 😀 is two UTF-16 units: never one half of it.
    expect(cutText('😀😀😀', 4)).toBe('😀…');
    expect(cutText('😀😀😀', 5)).toBe('😀😀…');
    for (const max of [1, 2, 3, 10, 500]) {
      expect(cutText('😀a'.repeat(400), max).length).toBeLessThanOrEqual(max);
    }
  });
});
