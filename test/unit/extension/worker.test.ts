// The service worker's logic over a stand-in chrome.*: the side panel is enabled per tab only where
// a deal is recognised, follows the CRMs' single-page navigation, and an open panel is told when
// its tab's deal changes (not when only the address's query or hash moved).
import { describe, expect, it } from 'vitest';
import { startWorker } from '../../../extension/src/background/worker';
import { panelPath, tabPanel } from '../../../extension/src/background/panel-options';
import type { ChromeApi, PanelOptions, TabChange, TabInfo } from '../../../extension/src/chrome';

const DEAL = 'https://acme.lightning.force.com/lightning/r/Opportunity/006000000000001AAA/view';
const OTHER = 'https://acme.lightning.force.com/lightning/r/Opportunity/006000000000002AAA/view';
const CONTACT = 'https://acme.lightning.force.com/lightning/r/Contact/003000000000001AAA/view';

function event<L>() {
  const listeners: L[] = [];
  return { listeners, addListener: (l: L) => listeners.push(l), removeListener: () => undefined };
}

function fakeChrome(tabs: Map<number, TabInfo>) {
  const options: PanelOptions[] = [];
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
  } as unknown as ChromeApi;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const update = async (tabId: number, url: string) => {
    tabs.set(tabId, { id: tabId, url, title: 'Acme' });
    for (const l of onUpdated.listeners) l(tabId, { url }, { id: tabId, url, title: 'Acme' });
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
  return { chrome, options, messages, behaviour, update, activate, install };
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
