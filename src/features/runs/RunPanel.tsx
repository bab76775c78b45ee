// One run, shown as an answer: its status in words, the question, the streaming answer and its
// actions (Cancel, Copy, Retry), elapsed time, errors; ids, token usage and raw events folded
// under "Details for IT". Works the
// same for a live run (fed by run.update) and a finished one (read back from its transcript).
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { statusLine } from '../../../electron/domain/runs/status-words';
import { DetailsForIt } from '../../ui/DetailsForIt';
import { ErrorState, Skeleton } from '../../ui/Feedback';
import { hasCapability, missingCapabilityReason } from '../../lib/capabilities';
import { useT } from '../../platform/i18n';
import { useHost } from '../../platform/hostStore';
import { useAgents } from '../agents';
import { describeRun } from './describeRun';
import { OutputView } from './OutputView';
import { RawEvents } from './RawEvents';
import { outputFor } from '../../lib/runOutput';
import type { RunOutput } from '../../lib/runOutput';
import { ActionError, RunError } from './RunErrors';
import { RunHeader } from './RunHeader';
import { useRuns } from './store';

/**
 * A finished run's text is let go while nobody shows it (see ./output): read it back from the
 * stored transcript when the panel opens again.
 */
function useRunDetail(runId: string, output: RunOutput) {
  const meta = useRuns((s) => s.live[runId]);
  const detail = useRuns((s) => s.details[runId]);
  const needsDetail = !meta || meta.done;
  const reloaded = useRef(false);
  useEffect(() => {
    if (!needsDetail) return;
    const empty = output.seq === 0 && output.text() === '';
    if (!detail || (empty && !reloaded.current && !detail.loading)) {
      reloaded.current = true;
      void useRuns.getState().loadDetail(runId);
    }
  }, [needsDetail, detail, runId, output]);
  return { meta, detail };
}

export function RunPanel({
  runId,
  compact = false,
  forIt,
}: {
  runId: string;
  compact?: boolean;
  /** More for "Details for IT" (the run page's record of the run). */
  forIt?: ReactNode;
}) {
  const t = useT();
  const output = outputFor(runId);
  const { meta, detail } = useRunDetail(runId, output);
  const pending = useRuns((s) => s.pendingActions[runId]);
  const actionError = useRuns((s) => s.actionErrors[runId]);
  const agents = useAgents((s) => s.agents.value);
  const streamingOffered = useHost((s) => hasCapability(s.metadata.value, 'streaming'));
  const hasText = useSyncExternalStore(output.subscribe, () => !output.isEmpty());

  if (!meta && detail?.loading && !detail.value)
    return <Skeleton lines={4} label={t('runs.panel.loading')} />;
  if (!meta && detail?.error && !detail.value) {
    return (
      <ErrorState
        title={t('runs.panel.loadFailed')}
        error={detail.error}
        onRetry={() => void useRuns.getState().loadDetail(runId)}
      />
    );
  }

  const run = describeRun(t, meta, detail?.value, agents);
  const streaming = !run.done;
  return (
    // Focusable: starting or cancelling a run moves focus here, not to the page top.
    <article
      className={`run${compact ? ' run-compact' : ''}`}
      aria-label={t('runs.panel.label', { agent: run.agentName })}
      data-run-id={runId}
      tabIndex={-1}
    >
      <RunHeader runId={runId} run={run} output={output} hasText={hasText} compact={compact} />
      <p className="visually-hidden" aria-live="polite">
        {t('runs.panel.announcement', {
          agent: run.agentName,
          status: statusLine(t, run.status, run.error?.message),
        })}
      </p>
      {run.message !== undefined ? (
        <div className="run-question">
          <span className="subtle">{t('runs.panel.youAsked')}</span>
          <p dir="auto">{run.message}</p>
        </div>
      ) : null}
      {actionError ? <ActionError error={actionError} pending={pending !== undefined} /> : null}
      {streaming && !streamingOffered ? (
        <p className="subtle">
          {missingCapabilityReason('streaming', t)} {t('runs.panel.shownWhenFinished')}
        </p>
      ) : null}
      <OutputView
        output={output}
        streaming={streaming}
        label={t('runs.panel.outputLabel', { agent: run.agentName })}
        empty={streaming ? t('runs.panel.waitingForWords') : t('runs.panel.noOutput')}
        followLive={!compact}
      />
      {run.error ? <RunError error={run.error} status={run.status} /> : null}
      {/* Ids, token counts and raw events are for support: folded away, there to copy. */}
      <DetailsForIt>
        <p className="run-ids">
          <span>
            {t('runs.panel.runId')} <code title={t('runs.panel.runId')}>{runId}</code>
          </span>
          {run.agentId ? (
            <span>
              {t('runs.panel.agentId')} <code>{run.agentId}</code>
            </span>
          ) : null}
          {run.tokens ? <span>{run.tokens}</span> : null}
        </p>
        <RawEventsDisclosure output={output} />
        {forIt}
      </DetailsForIt>
    </article>
  );
}

function RawEventsDisclosure({ output }: { output: RunOutput }) {
  const t = useT();
  const [showEvents, setShowEvents] = useState(false);
  return (
    <div className="run-events">
      <button
        type="button"
        className="disclosure"
        aria-expanded={showEvents}
        onClick={() => setShowEvents((v) => !v)}
      >
        <span aria-hidden="true">{showEvents ? '▾' : '▸'}</span> {t('runs.events.title')}
      </button>
      {showEvents ? <RawEvents output={output} /> : null}
    </div>
  );
}
