// Where the panel shows, the one place Chromium and Firefox differ for this extension: Chromium's
// side panel is set per tab and disabled where the tab shows no deal, and opens from the toolbar
// button by itself; Firefox's sidebar (`sidebarAction`) can be given a page per tab but not be
// disabled, so on a tab without a deal it shows that tab's panel saying so, and the toolbar
// button toggles it from its click handler (Firefox opens a sidebar only in a user gesture).
import type { ChromeApi, PanelOptions } from './index';

export interface PanelSurface {
  /** Points one tab's panel at its page; `enabled` is whether the tab shows a deal. */
  setForTab(options: PanelOptions & { path: string }): Promise<void>;
  /** The toolbar button opens (Firefox: opens or closes) the panel. */
  openOnActionClick(): Promise<void>;
}

/** The browser's panel: Chromium's side panel where there is one, else Firefox's sidebar. */
export function panelSurface(
  chrome: Pick<ChromeApi, 'sidePanel' | 'sidebarAction' | 'action'>,
): PanelSurface {
  const { sidePanel, sidebarAction, action } = chrome;
  if (sidePanel !== undefined) {
    return {
      setForTab: (options) => sidePanel.setOptions(options),
      openOnActionClick: () => sidePanel.setPanelBehavior({ openPanelOnActionClick: true }),
    };
  }
  if (sidebarAction !== undefined) {
    // A tab's page never changes (its id is in it): set once per tab and start of the background,
    // as setting it again may reload an open sidebar and lose what the panel showed.
    const set = new Map<number, string>();
    return {
      async setForTab({ tabId, path }) {
        if (set.get(tabId) === path) return;
        await sidebarAction.setPanel({ tabId, panel: path });
        set.set(tabId, path);
      },
      async openOnActionClick() {
        // toggle() is called inside the click's handler itself: a promise in between would lose
        // the gesture, and Firefox would refuse to open the sidebar.
        action?.onClicked.addListener(() => {
          sidebarAction.toggle().catch((error: unknown) => console.warn('Sidebar:', error));
        });
      },
    };
  }
  throw new Error('This browser has neither a side panel nor a sidebar for extensions.');
}
