// Loading, empty and error states, the same everywhere.
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { ErrorData } from '../../electron/contract';
import { useCoveredByBanner } from '../platform/connectivity';
import { useT } from '../platform/i18n';
import { Button } from './Button';
import { useRichT } from './richText';

// After this long a wait gets a word, so a slow service never looks like a hung app.
export const SLOW_AFTER_MS = 3_000;

export function useSlow(active: boolean, afterMs = SLOW_AFTER_MS): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setTimeout(() => setSlow(true), afterMs);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [active, afterMs]);
  return active && slow;
}

export function Skeleton({ lines = 3, label }: { lines?: number; label?: string }) {
  const t = useT();
  const slow = useSlow(true);
  return (
    <div className="skeleton" role="status" aria-live="polite">
      {slow ? (
        <p className="skeleton-slow">{t('app.feedback.slow')}</p>
      ) : (
        <span className="visually-hidden">{label ?? t('app.feedback.loading')}</span>
      )}
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className={`skeleton-line skeleton-line-${(i % 3) + 1}`} aria-hidden="true" />
      ))}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-title">{title}</p>
      {children ? <div className="empty-body">{children}</div> : null}
    </div>
  );
}

/** Code and request id, for support: selectable, folded under "Details for IT" below the message. */
export function ErrorMeta({ error }: { error: ErrorData }) {
  const t = useT();
  const rich = useRichT();
  return (
    <details className="error-meta">
      <summary>{t('app.feedback.detailsForIt')}</summary>
      <p>
        <span>{rich('app.feedback.code', { code: <code>{error.code}</code> })}</span>
        {error.status !== undefined ? (
          <span>{t('app.feedback.httpStatus', { status: String(error.status) })}</span>
        ) : null}
        {error.requestId ? (
          <span>{rich('app.feedback.requestId', { id: <code>{error.requestId}</code> })}</span>
        ) : null}
      </p>
    </details>
  );
}

/** An action's error inside a form: the message, then its code and request id. */
export function FormError({ error }: { error: ErrorData }) {
  return (
    <div className="form-error" role="alert">
      {error.message}
      <ErrorMeta error={error} />
    </div>
  );
}

export function ErrorState({
  title,
  error,
  onRetry,
  retrying = false,
  children,
}: {
  title?: string;
  error: ErrorData;
  onRetry?: () => void;
  retrying?: boolean;
  children?: ReactNode;
}) {
  const t = useT();
  const heading = title ?? t('app.feedback.couldNotLoad');
  // The banner already says the service is unreachable or down, and offers Retry.
  if (useCoveredByBanner(error)) {
    return (
      <div className="empty-state waiting-state" role="status">
        <p className="empty-title">{heading}</p>
        <p className="empty-body">{t('app.feedback.loadsWhenBack')}</p>
      </div>
    );
  }
  return (
    <div className="error-state" role="alert">
      <p className="error-title">{heading}</p>
      <p className="error-message">{error.message}</p>
      <ErrorMeta error={error} />
      {children}
      {onRetry ? (
        <Button size="sm" onClick={onRetry} busy={retrying} disabled={retrying}>
          {t('app.feedback.retry')}
        </Button>
      ) : null}
    </div>
  );
}

/** A failed refresh while older data is still shown: a quiet note, not a page error. */
export function InlineError({ error, onRetry }: { error: ErrorData; onRetry?: () => void }) {
  const t = useT();
  // Saved data on screen and the banner saying why it is not fresh: nothing to add here.
  if (useCoveredByBanner(error)) return null;
  return (
    <div className="inline-error" role="status">
      <span>
        {error.message}
        <ErrorMeta error={error} />
      </span>
      {onRetry ? (
        <Button size="sm" variant="ghost" onClick={onRetry}>
          {t('app.feedback.retry')}
        </Button>
      ) : null}
    </div>
  );
}
