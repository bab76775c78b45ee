// In-app toasts: dismissable, and a notification with a target opens that screen when clicked.
// They go away by themselves, but not while the pointer or the keyboard focus is on them.
import { useEffect, useState } from 'react';
import { navigate } from '../../app/router';
import { routeForTarget } from '../../lib/routes';
import { useToasts } from './store';
import type { Toast } from './store';

const LOCAL_TOAST_MS = 5_000;
const HOST_TOAST_MS = 12_000;

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = () => useToasts.getState().dismiss(toast.id);
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return undefined;
    const ms = toast.kind === 'local' ? LOCAL_TOAST_MS : HOST_TOAST_MS;
    const timer = setTimeout(() => useToasts.getState().dismiss(toast.id), ms);
    return () => clearTimeout(timer);
  }, [toast.id, toast.kind, held]);
  const target = toast.navigate;
  return (
    <div
      className={`toast toast-${toast.kind}`}
      role="status"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      {target ? (
        <button
          type="button"
          className="toast-main"
          onClick={() => {
            dismiss();
            navigate(routeForTarget(target));
          }}
        >
          <span className="toast-title">{toast.title}</span>
          {toast.body ? <span className="toast-body">{toast.body}</span> : null}
        </button>
      ) : (
        <div className="toast-main">
          <span className="toast-title">{toast.title}</span>
          {toast.body ? <span className="toast-body">{toast.body}</span> : null}
        </div>
      )}
      <button
        type="button"
        className="toast-close"
        onClick={dismiss}
        aria-label={`Dismiss: ${toast.title}`}
      >
        ×
      </button>
    </div>
  );
}

export function Toasts() {
  const toasts = useToasts((s) => s.toasts);
  return (
    <section className="toasts" aria-label="Recent notifications">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </section>
  );
}
