// Keyboard shortcuts: `g` then a letter (or Ctrl/Cmd+1..5) to change screen, `/` to search
// deals, Ctrl/Cmd+K for the command palette. Plain keys are ignored while typing in a field.
import { useEffect } from 'react';
import { screens } from '../lib/routes';
import { navigate } from '../platform/router';
import { useUi } from './ui-store';
import { focusDealSearch } from '../platform/dealSearchFocus';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type;
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range'].includes(type);
  }
  return false;
}

const SEQUENCE_MS = 1500;

export function useShortcuts(): void {
  useEffect(() => {
    let pendingG = 0;
    const onKey = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      if (mod && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        useUi.getState().setPalette(!useUi.getState().paletteOpen);
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
