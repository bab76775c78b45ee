// Why a run did not start, with what to do: sign in again when the session is the cause, or
// retry; the typed message is kept either way.
import { isUnauthorized } from '../../platform/api';
import { useAccount } from '../account';
import { Button } from '../../ui/Button';
import { ErrorMeta } from '../../ui/Feedback';
import type { ErrorData } from '../../../electron/contract';
import { useT } from '../../platform/i18n';

export function StartError({ error, onRetry }: { error: ErrorData; onRetry: () => void }) {
  const t = useT();
  return (
    <div className="form-error" role="alert">
      <p>
        <strong>{t('deals.startError.title')}</strong> {error.message} {t('deals.startError.kept')}
      </p>
      <ErrorMeta error={error} />
      <div className="form-error-actions">
        {isUnauthorized(error) ? (
          <Button
            size="sm"
            variant="primary"
            onClick={() => void useAccount.getState().startSignIn()}
          >
            {t('deals.startError.signInAgain')}
          </Button>
        ) : null}
        {/* A used-up quota refuses the same again: no Retry that cannot work. */}
        {error.code === 'quota_exceeded' ? null : (
          <Button size="sm" onClick={onRetry}>
            {t('deals.startError.retry')}
          </Button>
        )}
      </div>
    </div>
  );
}
