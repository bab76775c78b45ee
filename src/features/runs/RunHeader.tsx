// The run panel's header, sticky while the answer is read: status, agent and stream state;
// elapsed time; and the actions (Cancel while it runs, Copy, Copy the email when the answer
// drafts one, Retry once it is done, Open from a compact panel).
import { useMemo } from 'react';
import { openAndFocus } from '../../platform/focusWhenShown';
import { toast } from '../../platform/toasts';
import { pasteReady } from '../../lib/markdown/paste';
import { emailDraftIn } from '../../lib/markdown/proseBlock';
import { Badge, StatusBadge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { copyRich, copyText } from '../../ui/clipboard';
import { useTicking } from '../../ui/Time';
import { elapsedText } from './describeRun';
import type { RunDescription } from './describeRun';
import type { RunOutput } from '../../lib/runOutput';
import { useRuns } from './store';
import { useT } from '../../platform/i18n';

interface HeaderProps {
  runId: string;
  run: RunDescription;
  output: RunOutput;
  hasText: boolean;
  compact: boolean;
}

export function RunHeader({ runId, run, output, hasText, compact }: HeaderProps) {
  const t = useT();
  const now = useTicking(!run.done && run.startedAt !== undefined);
  const elapsed = elapsedText(run, now);
  return (
    <header className="run-head">
      <div className="run-title">
        <StatusBadge status={run.status} />
        <span className="run-agent" dir="auto">
          {run.agentName}
        </span>
        {run.streamNote ? <Badge tone="warn">{run.streamNote}</Badge> : null}
      </div>
      <div className="run-facts subtle">
        {elapsed ? <span title={t('runs.header.elapsed')}>{elapsed}</span> : null}
      </div>
      <RunActions runId={runId} run={run} output={output} hasText={hasText} compact={compact} />
    </header>
  );
}

/** The answer's email draft, copied from the bar as its own "Copy email" in the answer does. */
function CopyEmail({ output }: { output: RunOutput }) {
  const t = useT();
  const draft = useMemo(() => emailDraftIn(output.text()), [output]);
  if (draft === undefined) return null;
  const onCopy = async () => {
    const ok = await copyText(draft);
    toast(ok ? t('runs.actions.emailCopied') : t('runs.actions.emailCopyFailed'));
  };
  return (
    <Button size="sm" onClick={() => void onCopy()}>
      {t('runs.actions.copyEmail')}
    </Button>
  );
}

function RunActions({ runId, run, output, hasText, compact }: HeaderProps) {
  const t = useT();
  const pending = useRuns((s) => s.pendingActions[runId]);
  const onCopy = async () => {
    const text = output.text();
    // Never "copied" for nothing: a queued run, or one whose answer is not here yet.
    if (text === '') return toast(t('runs.actions.nothingToCopy'));
    const ok = await copyRich(pasteReady(text, run.message));
    toast(ok ? t('runs.actions.outputCopied') : t('runs.actions.copyFailed'));
  };
  const onRetry = async () => {
    const newId = await useRuns.getState().retry(runId);
    if (newId !== undefined && !compact) openAndFocus({ name: 'runs', runId: newId });
  };
  return (
    <div className="run-actions">
      {!run.done ? (
        <Button
          size="sm"
          variant="danger"
          onClick={(event) => {
            // The button goes once the run is cancelled: focus stays on the run it belonged to.
            event.currentTarget.closest<HTMLElement>('article')?.focus();
            void useRuns.getState().cancel(runId);
          }}
          busy={pending === 'cancel'}
          disabled={pending === 'cancel'}
        >
          {t('runs.actions.cancel')}
        </Button>
      ) : null}
      <Button size="sm" onClick={() => void onCopy()} disabled={!hasText}>
        {t('runs.actions.copy')}
      </Button>
      {run.done && hasText ? <CopyEmail output={output} /> : null}
      {run.done && run.message !== undefined ? (
        <Button
          size="sm"
          onClick={() => void onRetry()}
          busy={pending === 'retry'}
          disabled={pending === 'retry'}
        >
          {t('runs.actions.retry')}
        </Button>
      ) : null}
      {compact ? (
        <Button size="sm" variant="ghost" onClick={() => openAndFocus({ name: 'runs', runId })}>
          {t('runs.actions.open')}
        </Button>
      ) : null}
    </div>
  );
}
