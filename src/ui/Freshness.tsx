// "Updated 5 minutes ago", a stale marker until the service confirms the data, and Refresh.
import type { Loadable } from '../platform/loadable';
import { Badge } from './Badge';
import { Button } from './Button';
import { RelativeTime } from './Time';

export function Freshness<T>({
  state,
  onRefresh,
  label,
}: {
  state: Loadable<T>;
  onRefresh: () => void;
  label: string;
}) {
  return (
    <div className="freshness">
      {state.fetchedAt ? (
        <span className="subtle">
          Updated <RelativeTime value={state.fetchedAt} />
        </span>
      ) : null}
      {state.value !== undefined && state.stale ? (
        <Badge tone="warn" title="Shown from the saved copy; not yet confirmed by the service">
          Saved copy
        </Badge>
      ) : null}
      <Button
        size="sm"
        variant="ghost"
        onClick={onRefresh}
        busy={state.loading}
        disabled={state.loading}
        aria-label={`Refresh ${label}`}
      >
        Refresh
      </Button>
    </div>
  );
}
