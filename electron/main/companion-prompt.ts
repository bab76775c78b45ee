// The desktop app's Allow / Deny / Not now question when a browser's extension first connects,
// asked once per browser (the companion host does not ask again after Not now or Deny; Settings
// is where the user changes their mind). A decision about trust deserves a deliberate, modal
// question, so it is a native message box parented to the app's window, whose default button is
// Not now: Enter or Space never grants. It never takes the focus from another app: the box opens
// at once only over the app's focused window; otherwise a notification says a browser asks, and
// clicking it brings the window forward with the box. The same question shows in the window as a
// banner (CompanionBanner) and in Settings; answered there, the box and the notification go away.
import { dialog, Notification, type MessageBoxOptions } from 'electron';
import type { EventPayload } from '../contract';
import type { Backend } from '../core/backend';
import type { PairingRequest } from '../companion';
import type { Shell } from './shell';

const ALLOW = 0;
const DENY = 1;
const NOT_NOW = 2;

type PromptBackend = Pick<Backend, 'language' | 'companion' | 'events' | 'log'>;

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
    // Enter and Space press the default button: granting must be a deliberate choice.
    defaultId: NOT_NOW,
    // Escape or closing the box is no decision either: the browser waits, listed in Settings.
    cancelId: NOT_NOW,
    noLink: true,
  };
}

/** Calls `onMoot` once the origin is decided or revoked elsewhere; returns the unsubscribe. */
function whenMoot(backend: PromptBackend, origin: string, onMoot: () => void): () => void {
  return backend.events.subscribe((name, payload) => {
    if (name !== 'companion.changed') return;
    const { change, origin: changed } = payload as EventPayload<'companion.changed'>;
    if (changed === origin && (change === 'decided' || change === 'revoked')) onMoot();
  });
}

/** What the host calls when a browser waits for the user: one question per origin at a time. */
export function createPairingPrompt(
  shell: Pick<Shell, 'showWindow' | 'appWindow'>,
  backend: PromptBackend,
): (request: PairingRequest) => void {
  const open = new Set<string>();
  // Electron drops a notification's handlers with its object unless something holds it.
  const notices = new Set<Notification>();
  const log = backend.log.child('companion');

  /** The box, over the app's window (brought forward first when the user came for it). */
  async function ask(request: PairingRequest, bringForward: boolean): Promise<void> {
    const closer = new AbortController();
    const unsubscribe = whenMoot(backend, request.origin, () => closer.abort());
    try {
      if (bringForward) await shell.showWindow();
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

  /** The app is not in front: a notification leads to the question instead. */
  function notify(request: PairingRequest, done: () => void): void {
    if (!Notification.isSupported()) {
      log.info('A browser waits to be allowed; the window and Settings offer the question');
      done();
      return;
    }
    const { t } = backend.language.translator();
    const notice = new Notification({
      title: t('settings.companion.bannerLabel'),
      body: t('settings.companion.notify', { browser: request.browser ?? 'other' }),
    });
    notices.add(notice);
    const unsubscribe = whenMoot(backend, request.origin, () => notice.close());
    const forget = () => {
      unsubscribe();
      notices.delete(notice);
    };
    notice.on('click', () => {
      forget();
      void ask(request, true)
        .catch((error: unknown) => log.warn('Could not ask about a browser', { error }))
        .finally(done);
    });
    notice.on('close', () => {
      if (!notices.has(notice)) return;
      forget();
      done();
    });
    notice.show();
  }

  return (request) => {
    if (open.has(request.origin)) return;
    open.add(request.origin);
    const done = () => open.delete(request.origin);
    const window = shell.appWindow();
    if (window?.isFocused() !== true) {
      notify(request, done);
      return;
    }
    void ask(request, false)
      .catch((error: unknown) => log.warn('Could not ask about a browser', { error }))
      .finally(done);
  };
}
