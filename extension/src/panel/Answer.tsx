// The answer streaming in, rendered by the renderer's markdown (src/ui/markdown) from the same
// block splitter the desktop's run view uses (only the open tail is lexed again), with Copy,
// Cancel and Retry.
import { useState, useSyncExternalStore } from 'react';
import { Block } from '../../../src/ui/markdown';
import { Button } from '../../../src/ui/Button';
import { copyText } from '../../../src/ui/clipboard';
import { blocksOf } from '../../../src/lib/runOutputBlocks';
import { useT } from '../../../src/platform/i18n';
import { statusLine } from '../../../electron/domain/runs/status-words';
import { useActions } from './context';
import { ErrorText } from './ErrorText';
import type { Asked } from './panel-state';

function AnswerText({ asked }: { asked: Asked }) {
  const t = useT();
  const source = blocksOf(asked.output);
  const snapshot = useSyncExternalStore(source.subscribe, source.getSnapshot);
  const finished = snapshot.finished.slice(0, snapshot.finishedCount);
  if (finished.length === 0 && snapshot.tail.length === 0) {
    return <p className="panel-hint">{asked.done ? '' : t('panel.answer.waiting')}</p>;
  }
  return (
    <div className="md panel-answer-text" aria-busy={!asked.done}>
      {finished.map((token, i) => (
        <Block key={i} token={token} />
      ))}
      {snapshot.tail.map((token, i) => (
        <Block key={`tail-${i}`} token={token} />
      ))}
    </div>
  );
}

export function Answer({ asked }: { asked: Asked }) {
  const t = useT();
  const actions = useActions();
  const [copied, setCopied] = useState(false);
  const copy = async () => setCopied(await copyText(asked.output.text()));
  return (
    <section
      className="panel-answer"
      aria-label={t('panel.answer.label')}
      data-run-id={asked.runId}
    >
      <h2>{t('panel.answer.heading')}</h2>
      <p className="panel-hint" role="status">
        {asked.done ? statusLine(t, asked.status) : t('panel.answer.streaming')}
      </p>
      <AnswerText asked={asked} />
      {asked.error ? <ErrorText error={asked.error} /> : null}
      <div className="panel-actions">
        <Button size="sm" onClick={() => void copy()} disabled={asked.output.isEmpty()}>
          {copied ? t('panel.answer.copied') : t('panel.answer.copy')}
        </Button>
        {asked.done ? (
          asked.message === '' ? null : (
            <Button size="sm" onClick={() => void actions.retry()}>
              {t('panel.answer.retry')}
            </Button>
          )
        ) : asked.startedHere ? (
          <Button size="sm" variant="danger" onClick={() => void actions.cancel()}>
            {t('panel.answer.cancel')}
          </Button>
        ) : null}
        <button
          type="button"
          className="panel-link panel-open"
          onClick={() => void actions.showInApp({ screen: 'run', id: asked.runId })}
        >
          {t('panel.answer.open')}
        </button>
      </div>
    </section>
  );
}
