// In-app toasts: dismissable, and a notification with a target opens that screen when clicked
// (and reads its inbox entry); a summary opens the inbox. A meeting notification's "Prepare"
// starts the prep agent on the meeting's deal and opens the run. They go away by themselves, but
// not while the pointer or the keyboard focus is on them, and when the user moves to another screen.
import { useEffect, useState } from 'react';
import { formatNotice } from '../../../electron/domain/notifications/notification-text';
import { useT, useTranslator } from '../../platform/i18n';
import { useToasts, type Toast } from '../../platform/toasts';
import { useRouter } from '../../platform/router';
import { routeForTarget, type Route } from '../../lib/routes';
import { ActionButton } from './ActionButton';
import { follow } from './follow';
import { useInbox } from './store';

const LOCAL_TOAST_MS = 5_000;
const HOST_TOAST_MS = 12_000;

function ToastItem({ toast }: { toast: Toast }) {
  const translator = useTranslator();
  const { t } = translator;
  // A host notification reads in the language in use, and again after a switch.
  const { title, body } = toast.message
    ? formatNotice(translator, {
        title: toast.title,
        body: toast.body ?? '',
        message: toast.message,
      })
    : { title: toast.title, body: toast.body ?? '' };
  const dismiss = () => useToasts.getState().dismiss(toast.id);
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return undefined;
    const ms = toast.kind === 'local' ? LOCAL_TOAST_MS : HOST_TOAST_MS;
    const timer = setTimeout(() => useToasts.getState().dismiss(toast.id), ms);
    return () => clearTimeout(timer);
  }, [toast.id, toast.kind, held]);
  const target = toast.navigate;
  const actions = toast.actions ?? [];
  const content = target ? (
    <button
      type="button"
      className="toast-main"
      onClick={() => {
        dismiss();
        // Followed from the toast is read in the inbox too.
        void useInbox.getState().markRead([toast.id]);
        follow(target);
      }}
    >
      <span className="toast-title">{title}</span>
      {body ? <span className="toast-body">{body}</span> : null}
    </button>
  ) : (
    <div className="toast-main">
      <span className="toast-title">{title}</span>
      {body ? <span className="toast-body">{body}</span> : null}
    </div>
  );
  return (
    <div
      className={`toast toast-${toast.kind}`}
      role="status"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      {actions.length === 0 ? (
        content
      ) : (
        <div className="toast-content">
          {content}
          <div className="toast-actions">
            {actions.map((action) => (
              <ActionButton
                key={action.id}
                action={action}
                onDone={() => {
                  dismiss();
                  void useInbox.getState().markRead([toast.id]);
                }}
              />
            ))}
          </div>
        </div>
      )}
      <button
        type="button"
        className="toast-close"
        onClick={dismiss}
        aria-label={t('notifications.toasts.dismiss', { title })}
      >
        ×
      </button>
    </div>
  );
}

/**
 * A toast does not follow the user to another screen: a confirmation ("Copied") belongs to the
 * screen it confirmed on, and a notice about the screen now shown has been seen there. Checked as
 * the route changes, before anything the new screen says, so a toast raised with the move stays.
 */
function dismissOnLeave(route: Route, previous: Route): void {
  if (JSON.stringify(route) === JSON.stringify(previous)) return;
  const { toasts, dismiss } = useToasts.getState();
  for (const toast of toasts) {
    const about = toast.navigate ? routeForTarget(toast.navigate).name : undefined;
    if (toast.kind === 'local' || about === route.name) dismiss(toast.id);
  }
}

export function Toasts() {
  const t = useT();
  const toasts = useToasts((s) => s.toasts);
  useEffect(
    () => useRouter.subscribe((state, prev) => dismissOnLeave(state.route, prev.route)),
    [],
  );
  return (
    <section className="toasts" aria-label={t('notifications.toasts.label')}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </section>
  );
}
