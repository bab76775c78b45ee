// Whether the user is looking at the app, when the app may be open in several pages (browser
// mode: each tab is a page). Each page reports its own focus; the app counts as looked at while
// any page is focused. A page that has not reported yet counts as focused: it has just opened,
// and a finished run the user sees on screen needs no notification.

export interface FocusTracker {
  /** A page said whether it has focus. */
  report(pageId: string, focused: boolean): void;
  /** A page connected; it counts as focused until it says otherwise. */
  connect(pageId: string): void;
  /** A page went away (closed, reloaded, lost its connection). */
  disconnect(pageId: string): void;
  /** True while at least one connected page is focused. */
  anyFocused(): boolean;
}

export function createFocusTracker(): FocusTracker {
  const pages = new Map<string, boolean>();
  return {
    report(pageId, focused) {
      pages.set(pageId, focused);
    },
    connect(pageId) {
      if (!pages.has(pageId)) pages.set(pageId, true);
    },
    disconnect(pageId) {
      pages.delete(pageId);
    },
    anyFocused() {
      for (const focused of pages.values()) if (focused) return true;
      return false;
    },
  };
}
