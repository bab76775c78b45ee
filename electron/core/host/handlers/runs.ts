// Runs: the live ones through the run manager (it streams, persists transcripts and resumes
// after a restart), the history straight from the service.
import type { ApiClient } from '../../api/client';
import { AssistantError } from '../../errors';
import type { RunManager } from '../../runs/manager';
import { findRuns } from '../../runs/run-search';
import type { Handlers } from '../dispatcher';
import { toRunRecord, toRunsPage } from '../../api/contract-records';

export type RunRequest =
  | 'runs.start'
  | 'runs.cancel'
  | 'runs.retry'
  | 'runs.live'
  | 'runs.list'
  | 'runs.find'
  | 'runs.get'
  | 'runs.transcript'
  | 'runs.events';

export function createRunHandlers(options: {
  manager: RunManager;
  api: ApiClient;
}): Pick<Handlers, RunRequest> {
  const { manager, api } = options;
  return {
    'runs.start': ({ agentId, message, dealId }) => manager.start({ agentId, message, dealId }),
    'runs.cancel': ({ runId }) => manager.cancel(runId),
    'runs.retry': ({ runId }) => manager.retry(runId),
    'runs.live': () => ({ runs: manager.live() }),
    'runs.list': async ({ limit, offset, status }) => {
      const answer = await api.listRuns({ limit, offset, ...(status ? { status } : {}) });
      const page = toRunsPage(answer.data, limit, offset);
      // The service may ignore the filter (its parameters are not documented): apply it here too.
      return status ? { ...page, items: page.items.filter((run) => run.status === status) } : page;
    },
    'runs.find': (filter) =>
      findRuns(
        async (offset, limit) =>
          toRunsPage((await api.listRuns({ limit, offset })).data, limit, offset),
        filter,
      ),
    // The transcript kept on disk is shown even when the service cannot be asked for the record.
    'runs.get': async ({ runId }) => {
      const transcript = await manager.readTranscript(runId);
      try {
        const record = toRunRecord((await api.getRun(runId)).data);
        return { record, transcript };
      } catch (error) {
        if (!transcript || !(error instanceof AssistantError)) throw error;
        return { record: null, transcript, recordError: error.toData() };
      }
    },
    'runs.transcript': ({ runId }) => manager.readTranscript(runId),
    // Every stored event, deltas included, a page at a time: `run.update` carries the text once.
    'runs.events': ({ runId, offset, limit }) => manager.readEvents(runId, offset, limit),
  };
}
