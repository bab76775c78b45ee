// The desktop app's Allow / Deny question when a browser's extension first connects. It brings
// the window forward (opening it when the app runs in the background, with no window) and asks in
// a native message box parented to it: a decision about trust deserves a deliberate, modal
// question, and Electron's notifications carry buttons only on macOS. The same question shows in
// the window as a banner (CompanionBanner), so a message box closed with "Not now" leaves a calm
// reminder; answered there (or in Settings), the message box closes itself.
import { dialog, type MessageBoxOptions } from 'electron';
import type { EventPayload } from '../contract';
import type { Backend } from '../core/backend';
import type { PairingRequest } from '../core/companion';
import type { Shell } from './shell';

const ALLOW = 0;
const DENY = 1;
const NOT_NOW = 2;

/** The question, in the app's language. */
function question(backend: Pick<Backend, 'language'>, request: PairingRequest): MessageBoxOptions {
  const { t } = backend.language.translator();
  return {
    type: 'question',
    title: t('settings.companion.title'),
    message: t('settings.companion.ask', { browser: request.browser ?? 'other' }),
    detail: t('settings.companion.askDetail'),
    buttons: [
      t('settings.companion.allow'),
      t('settings.companion.deny'),
      t('settings.companion.notNow'),
    ],
    defaultId: ALLOW,
    // Escape or closing the box is no decision: the browser keeps waiting and is asked again.
    cancelId: NOT_NOW,
    noLink: true,
  };
}

/** What the host calls when a browser waits for the user: one message box per origin at a time. */
export function createPairingPrompt(
  shell: Pick<Shell, 'showWindow' | 'appWindow'>,
  backend: Pick<Backend, 'language' | 'companion' | 'events' | 'log'>,
): (request: PairingRequest) => void {
  const open = new Set<string>();
  const log = backend.log.child('companion');

  async function ask(request: PairingRequest): Promise<void> {
    const closer = new AbortController();
    // Decided elsewhere (the banner, Settings) or revoked meanwhile: the question is moot.
    const unsubscribe = backend.events.subscribe((name, payload) => {
      if (name !== 'companion.changed') return;
      const { change, origin } = payload as EventPayload<'companion.changed'>;
      if (origin === request.origin && (change === 'decided' || change === 'revoked')) {
        closer.abort();
      }
    });
    try {
      await shell.showWindow();
      const window = shell.appWindow();
      const options = { ...question(backend, request), signal: closer.signal };
      const { response } = await (window === undefined
        ? dialog.showMessageBox(options)
        : dialog.showMessageBox(window, options));
      if (closer.signal.aborted) return;
      if (response === ALLOW || response === DENY) {
        await backend.companion.decide(request.origin, response === ALLOW);
      } else {
        backend.companion.dismissed(request.origin);
      }
    } finally {
      unsubscribe();
    }
  }

  return (request) => {
    if (open.has(request.origin)) return;
    open.add(request.origin);
    void ask(request)
      .catch((error: unknown) => log.warn('Could not ask about a browser', { error }))
      .finally(() => open.delete(request.origin));
  };
}
