// What is typed between asking for a search field (`/`, Ctrl+K) and that field taking focus. The
// field may be on a screen or in a dialog whose code loads on first use, so for a moment after
// the shortcut nothing can receive the typing: keys would reach the page and be lost (or be taken
// for shortcuts), and text that comes as input rather than keys (an accented letter from a dead
// key, a word from an input method, Playwright's insertText) has nowhere to land at all, since
// the browser inserts text only into an editable element. So from the moment a field is asked
// for, a hidden input (the catcher) has focus and takes the typing the browser's own way, input
// method composition included; Enter is held here. The field then takes the catcher's text as if
// typed into it, never in the middle of a composition: moving focus then would commit the
// composition in the catcher and send the input method's next text to the field a second time.
import { isTyping } from './typing';

/** The fields that take held keys. */
export type KeyTaker = 'deal-search' | 'palette';

export interface HeldKeys {
  /** The text typed, as the catcher holds it (Backspace and input methods applied). */
  text: string;
  /** Enter was pressed after the text: the field acts on it once its results are for the text. */
  enter: boolean;
}

/**
 * A field that never shows up (a screen the service does not offer, a failed chunk) must not
 * keep the keyboard: past this the keys reach the page again.
 */
const GIVE_UP_AFTER_MS = 5_000;

let held: { taker: KeyTaker; enter: boolean; since: number; from: Element | null } | undefined;
let catcher: HTMLInputElement | undefined;
let composing = false;
/** Where focus was when keys were first held: it goes back there when nothing takes them. */
let lastFrom: Element | null = null;
const afterComposition: (() => void)[] = [];
const composingListeners = new Set<() => void>();

function setComposing(value: boolean): void {
  composing = value;
  for (const listener of composingListeners) listener();
  if (value) return;
  for (const work of afterComposition.splice(0)) work();
}

/** Out of sight and out of the tab order; only ever focused while keys are held. */
function makeCatcher(): HTMLInputElement {
  const input = document.createElement('input');
  input.type = 'text';
  input.tabIndex = -1;
  input.autocomplete = 'off';
  input.spellcheck = false;
  input.setAttribute('aria-hidden', 'true');
  input.dataset.heldKeys = '';
  // Set through the style object, which the page's CSP allows (a style attribute it would not).
  Object.assign(input.style, {
    position: 'fixed',
    top: '0',
    left: '0',
    width: '1px',
    height: '1px',
    opacity: '0',
    pointerEvents: 'none',
    border: '0',
    padding: '0',
  });
  input.addEventListener('compositionstart', () => setComposing(true));
  input.addEventListener('compositionend', () => setComposing(false));
  // Focused again with nothing held (a dialog that opened from it closing restores focus to it):
  // the focus goes back to where the user was.
  input.addEventListener('focus', () => {
    if (!held) restoreFocus(lastFrom);
  });
  document.body.append(input);
  return input;
}

function restoreFocus(to: Element | null): void {
  if (to instanceof HTMLElement && to.isConnected && to !== catcher) to.focus();
  // Nowhere to go back to (the page itself had focus: body.focus() does nothing): the catcher lets
  // go, or the next `/` would be typed into it rather than taken for the shortcut.
  if (document.activeElement === catcher) catcher?.blur();
}

function focusCatcher(): void {
  if (!document.body) return;
  catcher ??= makeCatcher();
  if (document.activeElement !== catcher) catcher.focus({ preventScroll: true });
}

/** From now on, holds what is typed for `taker` until it takes it. */
export function holdKeysFor(taker: KeyTaker): void {
  const since = performance.now();
  // Asked again for the same field (the app taking over a shortcut pressed before it started):
  // what was typed since the first ask stays.
  if (held?.taker === taker) {
    held.since = since;
    focusCatcher();
    return;
  }
  const from = document.activeElement === catcher ? lastFrom : document.activeElement;
  held = { taker, enter: false, since, from };
  lastFrom = from;
  if (catcher) catcher.value = '';
  focusCatcher();
}

/** The text held for `taker` (and stops holding), or undefined when none is held for it. */
export function takeHeldKeys(taker: KeyTaker): HeldKeys | undefined {
  if (held?.taker !== taker) return undefined;
  const keys = { text: catcher?.value ?? '', enter: held.enter };
  held = undefined;
  if (catcher) catcher.value = '';
  return keys;
}

/** Stops holding keys (the dialog that would take them closed). */
export function dropHeldKeys(): void {
  if (!held) return;
  const { from } = held;
  held = undefined;
  if (catcher) catcher.value = '';
  if (document.activeElement === catcher) restoreFocus(from);
}

/**
 * Runs `work` (a field taking focus and the held text) now, or when the composition under way in
 * the catcher ends: focus moved during one would commit it early (see the top of this file).
 */
export function whenNotComposing(work: () => void): void {
  if (composing && document.activeElement === catcher) afterComposition.push(work);
  else work();
}

/** Whether an input method composition is under way in the catcher; for a dialog to wait. */
export function heldComposing(): boolean {
  return composing && document.activeElement === catcher;
}

/** Calls `listener` when a composition in the catcher starts or ends; returns the unsubscribe. */
export function onHeldComposing(listener: () => void): () => void {
  composingListeners.add(listener);
  return () => composingListeners.delete(listener);
}

function giveUp(): void {
  const { from } = held ?? { from: null };
  held = undefined;
  if (catcher) catcher.value = '';
  if (document.activeElement === catcher) restoreFocus(from);
}

function hold(event: KeyboardEvent): void {
  if (!held) return;
  // An input method's own keys (Enter to commit, Escape to cancel) belong to the composition.
  if (event.isComposing || event.keyCode === 229) return;
  if (performance.now() - held.since > GIVE_UP_AFTER_MS || event.key === 'Escape') {
    giveUp();
    return;
  }
  // A field the user moved to since (a click) takes its own keys.
  if (event.target !== catcher && event.target !== held.from && isTyping(event.target)) return;
  if (event.key === 'Enter') {
    held.enter = true;
    event.preventDefault();
    event.stopImmediatePropagation();
    return;
  }
  // The rest is the catcher's to type, the browser's way: a key that arrives elsewhere (focus
  // taken by a click on the page) is sent there, since text goes where focus is after keydown.
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target !== catcher) focusCatcher();
  // Not for the page's shortcuts, which would take a key typed on the page for one.
  event.stopImmediatePropagation();
}

let started = false;

/** Listens before anything else on the page (capture, on the window), once. */
export function startHoldingKeys(): void {
  if (started) return;
  started = true;
  window.addEventListener('keydown', hold, { capture: true });
}
