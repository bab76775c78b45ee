// `/` and Ctrl/Cmd+K pressed before the app has started. The app listens for its shortcuts once
// its first screen is on (0.5–1.2 s after the page loads), and a search asked for the moment
// the window appears was lost with every key typed after it. Listened for from the page's first
// script instead: the keys typed after one are held (see heldKeys.ts) and the app, once
// started, opens the search that was asked for, which then takes them.
import { holdKeysFor } from './heldKeys';
import type { KeyTaker } from './heldKeys';
import { isTyping } from './typing';

let asked: KeyTaker | undefined;

function askedBy(event: KeyboardEvent): KeyTaker | undefined {
  const mod = event.ctrlKey || event.metaKey;
  if (event.altKey || event.shiftKey) return undefined;
  if (mod && event.key.toLowerCase() === 'k') return 'palette';
  if (!mod && event.key === '/' && !isTyping(event.target)) return 'deal-search';
  return undefined;
}

function onKey(event: KeyboardEvent): void {
  const taker = askedBy(event);
  if (taker === undefined) return;
  event.preventDefault();
  asked = taker;
  holdKeysFor(taker);
}

/** Listens for the search shortcuts until the app's own shortcuts take over. */
export function startEarlyShortcuts(): void {
  window.addEventListener('keydown', onKey);
}

/** Stops listening; returns the search asked for meanwhile, for the app to open. */
export function stopEarlyShortcuts(): KeyTaker | undefined {
  window.removeEventListener('keydown', onKey);
  const taker = asked;
  asked = undefined;
  return taker;
}
