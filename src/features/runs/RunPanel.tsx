// One run: its status, question, streaming output and actions (Cancel, Copy, Retry), elapsed
// time and token usage, errors with code and request id, and the raw events on demand. Works the
// same for a live run (fed by run.update) and a finished one (read back from its transcript).
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ErrorData, RunUsage } from '../../../electron/contract';
import { navigate } from '../../app/router';
import { formatElapsed, formatNumber } from '../../lib/format';
import { Badge, StatusBadge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ErrorMeta, ErrorState, Skeleton } from '../../ui/Feedback';
import { copyRich } from '../../ui/clipboard';
import { pasteReady } from '../../lib/markdown/paste';
import { useTicking } from '../../ui/Time';
import { hasCapability, missingCapabilityReason, useAccount } from '../account/store';
import { useAgents } from '../agents';
import { toast } from '../notifications/store';
import { OutputView } from './OutputView';
import { RawEvents } from './RawEvents';
import { outputFor } from './output';
import { isActiveStatus, useRuns } from './store';

function usageText(usage: RunUsage | undefined): string | null {
  if (!usage || (usage.inputTokens === undefined && usage.outputTokens === undefined)) return null;
  const parts: string[] = [];
  if (usage.inputTokens !== undefined) parts.push(`${formatNumber(usage.inputTokens)} in`);
  if (usage.outputTokens !== undefined) parts.push(`${formatNumber(usage.outputTokens)} out`);
  return `${parts.join(' · ')} tokens`;
}

const streamNotes: Record<string, string> = {
  connecting: 'Connecting…',
  retrying: 'Connection lost, reconnecting…',
  session_expired: 'Paused: sign in again to continue',
};

export function RunPanel({ runId, compact = false }: { runId: string; compact?: boolean }) {
  const meta = useRuns((s) => s.live[runId]);
  const detail = useRuns((s) => s.details[runId]);
  const pending = useRuns((s) => s.pendingActions[runId]);
  const actionError = useRuns((s) => s.actionErrors[runId]);
  const agents = useAgents((s) => s.agents.value);
  const streamingOffered = useAccount((s) => hasCapability(s.metadata.value, 'streaming'));
  const [showEvents, setShowEvents] = useState(false);
  const output = outputFor(runId);
  const hasText = useSyncExternalStore(output.subscribe, () => !output.isEmpty());

  const transcript = detail?.value?.transcript ?? null;
  const record = detail?.value?.record ?? null;
  const needsDetail = !meta || meta.done;
  // A finished run's text is let go while nobody shows it (see ./output): read it back from the
  // stored transcript when the panel opens again.
  const reloaded = useRef(false);
  useEffect(() => {
    if (!needsDetail) return;
    const empty = output.seq === 0 && output.text() === '';
    if (!detail || (empty && !reloaded.current && !detail.loading)) {
      reloaded.current = true;
      void useRuns.getState().loadDetail(runId);
    }
  }, [needsDetail, detail, runId, output]);

  const status = meta?.status ?? transcript?.status ?? record?.status ?? 'unknown';
  const done = meta ? meta.done : !isActiveStatus(status);
  const streaming = !done;
  const agentId = meta?.agentId ?? transcript?.agentId ?? record?.agentId ?? '';
  const agentName = agents?.find((a) => a.id === agentId)?.title ?? agentId;
  const message = meta?.message ?? transcript?.message;
  const startedAt = meta?.startedAt ?? transcript?.startedAt;
  const finishedAt = meta?.finishedAt ?? transcript?.finishedAt;
  const usage = meta?.usage ?? transcript?.usage;
  const error: ErrorData | undefined = meta?.error ?? transcript?.error;
  const now = useTicking(streaming && startedAt !== undefined);
  const elapsed =
    startedAt === undefined
      ? null
      : formatElapsed((finishedAt ? Date.parse(finishedAt) : now) - Date.parse(startedAt));
  const tokens = usageText(usage);

  const onCopy = async () => {
    const text = output.text();
    // Never "copied" for nothing: a queued run, or one whose answer is not here yet.
    if (text === '') return toast('Nothing to copy yet');
    const ok = await copyRich(pasteReady(text));
    toast(ok ? 'Output copied' : 'Could not copy: select the text and copy it by hand');
  };
  const onRetry = async () => {
    const newId = await useRuns.getState().retry(runId);
    if (newId !== undefined && !compact) navigate({ name: 'runs', runId: newId });
  };

  if (!meta && detail?.loading && !detail.value) return <Skeleton lines={4} label="Loading run…" />;
  if (!meta && detail?.error && !detail.value) {
    return (
      <ErrorState
        title="Could not load this run"
        error={detail.error}
        onRetry={() => void useRuns.getState().loadDetail(runId)}
      />
    );
  }

  const streamNote = meta && !meta.done ? streamNotes[meta.stream] : undefined;
  const noLiveOutput = streaming && !streamingOffered;
  return (
    <article className={`run${compact ? ' run-compact' : ''}`} aria-label={`Run ${agentName}`}>
      <header className="run-head">
        <div className="run-title">
          <StatusBadge status={status} />
          <span className="run-agent">{agentName || 'Run'}</span>
          {streamNote ? <Badge tone="warn">{streamNote}</Badge> : null}
        </div>
        <div className="run-facts subtle">
          {elapsed ? <span title="Elapsed time">{elapsed}</span> : null}
          {tokens ? <span>{tokens}</span> : null}
          <span className="mono" title="Run ID">
            {runId}
          </span>
        </div>
        <div className="run-actions">
          {!done ? (
            <Button
              size="sm"
              variant="danger"
              onClick={() => void useRuns.getState().cancel(runId)}
              busy={pending === 'cancel'}
              disabled={pending === 'cancel'}
            >
              Cancel
            </Button>
          ) : null}
          <Button size="sm" onClick={() => void onCopy()} disabled={!hasText}>
            Copy
          </Button>
          {done && message !== undefined ? (
            <Button
              size="sm"
              onClick={() => void onRetry()}
              busy={pending === 'retry'}
              disabled={pending === 'retry'}
            >
              Retry
            </Button>
          ) : null}
          {compact ? (
            <Button size="sm" variant="ghost" onClick={() => navigate({ name: 'runs', runId })}>
              Open
            </Button>
          ) : null}
        </div>
      </header>
      <p className="visually-hidden" aria-live="polite">
        {`Run ${status}`}
      </p>
      {message !== undefined ? (
        <div className="run-question">
          <span className="subtle">You asked</span>
          <p>{message}</p>
        </div>
      ) : null}
      {actionError ? (
        <div className="run-error" role="alert">
          <strong>{pending === undefined ? 'That did not work' : ''}</strong> {actionError.message}
          <ErrorMeta error={actionError} />
        </div>
      ) : null}
      {noLiveOutput ? (
        <p className="subtle">
          {missingCapabilityReason('streaming')} The answer shows when the run has finished.
        </p>
      ) : null}
      <OutputView
        output={output}
        streaming={streaming}
        label={`Output of ${agentName || 'the run'}`}
        empty={streaming ? 'Waiting for the first words…' : 'No output.'}
      />
      {error ? (
        <div className="run-error" role="alert">
          <strong>The run {status === 'failed' ? 'failed' : 'reported an error'}:</strong>{' '}
          {error.message}
          <ErrorMeta error={error} />
        </div>
      ) : null}
      <div className="run-events">
        <button
          type="button"
          className="disclosure"
          aria-expanded={showEvents}
          onClick={() => setShowEvents((v) => !v)}
        >
          <span aria-hidden="true">{showEvents ? '▾' : '▸'}</span> Raw events
        </button>
        {showEvents ? <RawEvents output={output} /> : null}
      </div>
    </article>
  );
}
