// Keys typed between asking for a search field (`/`, Ctrl+K) and that field taking focus. The
// field may be on a screen or in a dialog whose code loads on first use, so for a moment after
// the shortcut nothing can receive the keys: they would reach the page and be lost (or be taken
// for shortcuts). From the moment a field is asked for until it takes them, printable keys,
// Backspace and Enter are held here, in order; the field then applies them as if typed into it.
import { isTyping } from './typing';

/** The fields that take held keys. */
export type KeyTaker = 'deal-search' | 'palette';

export interface HeldKeys {
  /** The text typed, Backspace applied. */
  text: string;
  /** Enter was pressed after the text: the field acts on it once its results are for the text. */
  enter: boolean;
}

/**
 * A field that never shows up (a screen the service does not offer, a failed chunk) must not
 * keep the keyboard: past this the keys reach the page again.
 */
const GIVE_UP_AFTER_MS = 5_000;

let held: (HeldKeys & { taker: KeyTaker; since: number; from: Element | null }) | undefined;

/** From now on, holds keys for `taker` until it takes them. */
export function holdKeysFor(taker: KeyTaker): void {
  held = { taker, text: '', enter: false, since: performance.now(), from: document.activeElement };
}

/** The keys held for `taker` (and stops holding), or undefined when none are held for it. */
export function takeHeldKeys(taker: KeyTaker): HeldKeys | undefined {
  if (held?.taker !== taker) return undefined;
  const { text, enter } = held;
  held = undefined;
  return { text, enter };
}

/** Stops holding keys (the dialog that would take them closed). */
export function dropHeldKeys(): void {
  held = undefined;
}

function isPrintable(event: KeyboardEvent): boolean {
  return [...event.key].length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
}

function hold(event: KeyboardEvent): void {
  if (!held) return;
  if (performance.now() - held.since > GIVE_UP_AFTER_MS || event.key === 'Escape') {
    held = undefined;
    return;
  }
  // A field the user moved to since (a click) takes its own keys.
  if (event.target !== held.from && isTyping(event.target)) return;
  if (event.key === 'Enter') held.enter = true;
  else if (event.key === 'Backspace') held.text = held.text.slice(0, -1);
  else if (isPrintable(event)) held.text += event.key;
  else return;
  event.preventDefault();
  event.stopImmediatePropagation();
}

let started = false;

/** Listens before anything else on the page (capture, on the window), once. */
export function startHoldingKeys(): void {
  if (started) return;
  started = true;
  window.addEventListener('keydown', hold, { capture: true });
}
