// The Runs history's filters: words of the question, the agent, the status, and the deal (set from
// a deal's page, shown by name with a way to clear it). Each lives in the address, so Back works.
import { statusWord } from '../../../electron/domain/runs/status-words';
import { useEffect, useState } from 'react';
import { KNOWN_RUN_STATUSES } from '../../../electron/contract';
import type { Route } from '../../lib/routes';
import { InlineSelect } from '../../ui/InlineSelect';
import { useAgents } from '../agents';
import { useT } from '../../platform/i18n';
import { Sentence } from '../../ui/Sentence';

export type RunsRoute = Extract<Route, { name: 'runs' }>;

const TYPING_PAUSE_MS = 350;

export function isSearch(route: RunsRoute): boolean {
  return route.dealId !== undefined || route.agentId !== undefined || route.q !== undefined;
}

export function RunFilters({
  route,
  go,
  dealTitle,
}: {
  route: RunsRoute;
  go: (patch: Partial<RunsRoute>) => void;
  /** The title of the deal the runs are filtered by, when the loaded deals have it. */
  dealTitle: string | undefined;
}) {
  const t = useT();
  const agents = useAgents((s) => s.agents.value);
  const [typed, setTyped] = useState(route.q ?? '');
  // The search follows typing after a pause, not every key.
  useEffect(() => {
    const q = typed.trim();
    if (q === (route.q ?? '')) return undefined;
    const timer = setTimeout(() => go({ q: q === '' ? undefined : q, offset: 0 }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, route.q, go]);
  // "created" and "queued" both read "Waiting": one option for them, unless one is chosen.
  const statuses = [
    ...new Set<string>([
      ...KNOWN_RUN_STATUSES.filter((s) => s !== 'created'),
      ...(route.status ? [route.status] : []),
    ]),
  ];
  const all = { value: '', label: t('runs.filters.all') };
  return (
    <div className="toolbar run-filters">
      {/* Alike in shape only with the address fields of Settings' ConnectionForm. */}
      <label className="inline-field">
        <span>{t('runs.filters.question')}</span>
        <input
          type="search"
          className="input input-sm"
          placeholder={t('runs.filters.questionPlaceholder')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      </label>
      <InlineSelect
        label={t('runs.filters.agent')}
        value={route.agentId ?? ''}
        options={[all, ...(agents ?? []).map((a) => ({ value: a.id, label: a.title }))]}
        onChange={(agentId) => go({ agentId: agentId || undefined, offset: 0 })}
      />
      <InlineSelect
        label={t('runs.filters.status')}
        value={route.status ?? ''}
        options={[all, ...statuses.map((s) => ({ value: s, label: statusWord(t, s) }))]}
        onChange={(status) => go({ status: status || undefined, offset: 0 })}
      />
      {route.dealId !== undefined ? (
        <span className="filter-chip">
          {dealTitle === undefined ? (
            t('runs.filters.dealUnnamed')
          ) : (
            <Sentence id="runs.filters.deal" values={{ deal: dealTitle }} />
          )}
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={t('runs.filters.clearDeal')}
            onClick={() => go({ dealId: undefined, offset: 0 })}
          >
            ×
          </button>
        </span>
      ) : null}
    </div>
  );
}
