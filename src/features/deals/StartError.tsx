// Why a run did not start, with what to do: sign in again when the session is the cause, or
// retry; the typed message is kept either way.
import { isUnauthorized } from '../../platform/api';
import { useAccount } from '../account';
import { Button } from '../../ui/Button';
import { ErrorMeta } from '../../ui/Feedback';
import type { ErrorData } from '../../../electron/contract';

export function StartError({ error, onRetry }: { error: ErrorData; onRetry: () => void }) {
  return (
    <div className="form-error" role="alert">
      <p>
        <strong>The run did not start.</strong> {error.message} Your message is kept.
      </p>
      <ErrorMeta error={error} />
      <div className="form-error-actions">
        {isUnauthorized(error) ? (
          <Button
            size="sm"
            variant="primary"
            onClick={() => void useAccount.getState().startSignIn()}
          >
            Sign in again
          </Button>
        ) : null}
        {/* A used-up quota refuses the same again: no Retry that cannot work. */}
        {error.code === 'quota_exceeded' ? null : (
          <Button size="sm" onClick={onRetry}>
            Retry
          </Button>
        )}
      </div>
    </div>
  );
}
