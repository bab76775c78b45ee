// A stored transcript as the contract shows it (`runs.transcript`): the text, the events other
// than output (the text already holds those), and what the transcript's meta knows of the run.
import type { Transcript } from '../../contract/runs';
import type { StoredTranscript } from './transcript-store';
import { withDefined } from './live-summary';

export function transcriptView(runId: string, stored: StoredTranscript): Transcript {
  const { meta } = stored;
  return withDefined({
    runId,
    text: stored.text,
    events: stored.events.filter((event) => event.type !== 'output'),
    agentId: meta.agentId,
    dealId: meta.dealId,
    message: meta.message,
    status: meta.status,
    startedAt: meta.startedAt,
    finishedAt: meta.finishedAt,
    usage: meta.usage,
    error: meta.error,
  });
}
