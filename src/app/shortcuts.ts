// Keyboard shortcuts: `g` then a letter (or Ctrl/Cmd+1..5) to change screen, `/` to search
// deals, Ctrl/Cmd+K for the command palette. Plain keys are ignored while typing in a field.
import { useEffect } from 'react';
import { screens } from '../lib/routes';
import { navigate } from '../platform/router';
import { useUi } from './ui-store';
import { focusDealSearch } from '../platform/dealSearchFocus';
import { dropHeldKeys, holdKeysFor } from '../platform/heldKeys';
import { stopEarlyShortcuts } from '../platform/earlyShortcuts';
import { isTyping } from '../platform/typing';
import { useDeals } from '../features/deals';

const SEQUENCE_MS = 1500;

/** The deals searched next are on their way before the search field is on screen. */
function loadDealsIfNeeded(): void {
  const deals = useDeals.getState();
  if (!deals.list.value && !deals.list.loading) void deals.loadList();
}

/** `/` or Ctrl+K pressed before the app started (see earlyShortcuts.ts): acted on now. */
function openSearchAskedEarly(): void {
  const asked = stopEarlyShortcuts();
  if (asked === undefined) return;
  loadDealsIfNeeded();
  if (asked === 'palette') {
    useUi.getState().setPalette(true);
    return;
  }
  navigate({ name: 'deals' });
  focusDealSearch();
}

export function useShortcuts(): void {
  useEffect(() => {
    openSearchAskedEarly();
    let pendingG = 0;
    const onKey = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      if (mod && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        const opening = !useUi.getState().paletteOpen;
        if (opening) {
          holdKeysFor('palette');
          loadDealsIfNeeded();
        } else dropHeldKeys();
        useUi.getState().setPalette(opening);
        return;
      }
      if (mod && !event.altKey && /^[1-5]$/.test(event.key)) {
        const screen = screens[Number(event.key) - 1];
        if (screen) {
          event.preventDefault();
          navigate({ name: screen.name });
        }
        return;
      }
      if (mod || event.altKey || isTyping(event.target)) return;
      // A modal dialog (palette, sign-in) has the keys; asked of the page, since the stores learn of
      // a close only from the dialog's close event, a moment after it is gone from the screen.
      if (document.querySelector('dialog[open]')) return;
      if (event.key === '/') {
        event.preventDefault();
        loadDealsIfNeeded();
        navigate({ name: 'deals' });
        focusDealSearch();
        return;
      }
      if (event.key === 'g') {
        pendingG = event.timeStamp;
        return;
      }
      if (pendingG > 0 && event.timeStamp - pendingG < SEQUENCE_MS) {
        const screen = screens.find((s) => s.key === event.key.toLowerCase());
        pendingG = 0;
        if (screen) {
          event.preventDefault();
          navigate({ name: screen.name });
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
