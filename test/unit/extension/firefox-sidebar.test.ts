// The background in Firefox (its event page runs the same code as Chromium's service worker), over
// a stand-in `browser.*` with Firefox's sidebar instead of Chromium's side panel: each tab's
// sidebar page is set once (setting it again could reload an open sidebar), the toolbar button
// toggles the sidebar inside its click (Firefox opens one only in a user gesture), and an open
// panel is told of its tab's deal as in Chromium. What only a real Firefox proves (that it keeps
// the page per tab, grants the host permissions, starts the relay) is the walk's:
// test/firefox/walk.test.ts.
import { describe, expect, it } from 'vitest';
import { startWorker } from '../../../extension/src/background/worker';
import { panelSurface } from '../../../extension/src/chrome/panel-surface';
import type { ChromeApi, TabChange, TabInfo } from '../../../extension/src/chrome';
import { stateOfDisconnect } from '../../../extension/src/bridge/states';

import { CONTACT, DEAL, event, OTHER } from './fake-tabs';

function fakeFirefox() {
  const panels: { tabId: number; panel: string }[] = [];
  let toggles = 0;
  const messages: unknown[] = [];
  const onUpdated = event<(tabId: number, change: TabChange, tab: TabInfo) => void>();
  const onClicked = event<() => void>();
  const browser = {
    runtime: {
      id: 'companion@assistant-desktop.example',
      onInstalled: event(),
      onStartup: event(),
      sendMessage: async (message: unknown) => {
        messages.push(message);
        throw new Error('Could not establish connection. Receiving end does not exist.');
      },
    },
    tabs: {
      get: async () => ({}),
      query: async () => [],
      onUpdated,
      onActivated: event(),
      onRemoved: event(),
    },
    sidebarAction: {
      setPanel: async (details: { tabId: number; panel: string }) => void panels.push(details),
      toggle: async () => {
        toggles += 1;
      },
    },
    action: { onClicked },
    storage: {
      local: { get: async () => ({}), set: async () => undefined },
      onChanged: event(),
    },
    permissions: { onRemoved: event() },
  } as unknown as ChromeApi;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    browser,
    panels,
    messages,
    toggles: () => toggles,
    click: () => {
      for (const l of onClicked.listeners) l();
    },
    update: async (tabId: number, url: string) => {
      for (const l of onUpdated.listeners) l(tabId, { url }, { id: tabId, url, title: 'Acme' });
      await settle();
    },
  };
}

describe('the background in Firefox', () => {
  it('gives each tab its sidebar page once, deal or not, and tells an open panel of each deal', async () => {
    const firefox = fakeFirefox();
    startWorker(firefox.browser);
    await firefox.update(7, DEAL);
    await firefox.update(7, OTHER);
    await firefox.update(7, CONTACT);
    await firefox.update(9, CONTACT);
    expect(firefox.panels).toEqual([
      { tabId: 7, panel: 'panel.html?tab=7' },
      { tabId: 9, panel: 'panel.html?tab=9' },
    ]);
    expect(firefox.messages).toEqual([
      expect.objectContaining({ tabId: 7, deal: expect.objectContaining({ crm: 'salesforce' }) }),
      expect.objectContaining({
        tabId: 7,
        deal: expect.objectContaining({ recordId: '006000000000002AAA' }),
      }),
      expect.objectContaining({ tabId: 7, deal: null }),
      expect.objectContaining({ tabId: 9, deal: null }),
    ]);
  });

  it('opens and closes the sidebar from the toolbar button, inside the click', async () => {
    const firefox = fakeFirefox();
    startWorker(firefox.browser);
    await new Promise((resolve) => setTimeout(resolve, 0));
    firefox.click();
    // Counted before any await: the gesture is still the click's.
    expect(firefox.toggles()).toBe(1);
    firefox.click();
    expect(firefox.toggles()).toBe(2);
  });

  it('a browser with neither a side panel nor a sidebar is said so, not half served', () => {
    expect(() => panelSurface({})).toThrow(/neither a side panel nor a sidebar/);
  });
});

describe('Firefox’s words for a native port that failed', () => {
  it('reads “No such native application” (no manifest, or one without this extension) as not installed', () => {
    expect(stateOfDisconnect('No such native application com.assistant.desktop.companion')).toBe(
      'not-installed',
    );
    expect(stateOfDisconnect('Specified native messaging host not found.')).toBe('not-installed');
    expect(stateOfDisconnect('An unexpected error occurred')).toBe('disconnected');
  });
});
