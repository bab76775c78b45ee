// The run panel's two kinds of error: an action of the user's that failed (Cancel, Retry), and
// the run's own error, each with its code and request id.
import type { ErrorData } from '../../../electron/contract';
import { ErrorMeta } from '../../ui/Feedback';

/** A failed Cancel or Retry; while another action is pending, its message stands alone. */
export function ActionError({ error, pending }: { error: ErrorData; pending: boolean }) {
  return (
    <div className="run-error" role="alert">
      <strong>{pending ? '' : 'That did not work'}</strong> {error.message}
      <ErrorMeta error={error} />
    </div>
  );
}

export function RunError({ error, status }: { error: ErrorData; status: string }) {
  return (
    <div className="run-error" role="alert">
      <strong>The run {status === 'failed' ? 'failed' : 'reported an error'}:</strong>{' '}
      {error.message}
      <ErrorMeta error={error} />
    </div>
  );
}
