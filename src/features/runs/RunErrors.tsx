// The run panel's two kinds of error: an action of the user's that failed (Cancel, Retry), and
// the run's own error, each with its code and request id.
import type { ErrorData } from '../../../electron/contract';
import { ErrorMeta } from '../../ui/Feedback';
import { useT } from '../../platform/i18n';

/** A failed Cancel or Retry; while another action is pending, its message stands alone. */
export function ActionError({ error, pending }: { error: ErrorData; pending: boolean }) {
  const t = useT();
  return (
    <div className="run-error" role="alert">
      <strong>{pending ? '' : t('runs.error.actionFailed')}</strong> {error.message}
      <ErrorMeta error={error} />
    </div>
  );
}

export function RunError({ error, status }: { error: ErrorData; status: string }) {
  const t = useT();
  return (
    <div className="run-error" role="alert">
      <strong>
        {status === 'failed' ? t('runs.error.runFailed') : t('runs.error.runReportedError')}
      </strong>{' '}
      {error.message}
      <ErrorMeta error={error} />
    </div>
  );
}
