// "Updated 5 minutes ago", a stale marker until the service confirms the data, and Refresh.
import type { Loadable } from '../platform/loadable';
import { useT } from '../platform/i18n';
import { Badge } from './Badge';
import { Button } from './Button';
import { UpdatedAt } from './Time';

export function Freshness<T>({
  state,
  onRefresh,
  label,
}: {
  state: Loadable<T>;
  onRefresh: () => void;
  label: string;
}) {
  const t = useT();
  return (
    <div className="freshness">
      {state.fetchedAt ? (
        <span className="subtle">
          <UpdatedAt value={state.fetchedAt} />
        </span>
      ) : null}
      {state.value !== undefined && state.stale ? (
        <Badge tone="warn" title={t('app.freshness.savedCopyTitle')}>
          {t('app.freshness.savedCopy')}
        </Badge>
      ) : null}
      <Button
        size="sm"
        variant="ghost"
        onClick={onRefresh}
        busy={state.loading}
        disabled={state.loading}
        aria-label={t('app.freshness.refreshWhat', { what: label })}
      >
        {t('app.freshness.refresh')}
      </Button>
    </div>
  );
}
