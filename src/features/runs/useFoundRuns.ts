// Runs found by deal, agent, status or question words (runs.find), for the Runs filters and a
// deal's page. Held by the component that shows them: a search is not shared state.
import { useEffect, useState } from 'react';
import type { ErrorData, RunsFindInput, RunsFound } from '../../../electron/contract';
import { call, toErrorData } from '../../platform/api';

export interface FoundRuns {
  value?: RunsFound;
  error?: ErrorData;
  loading: boolean;
}

interface Answer {
  key: string;
  again: number;
  value?: RunsFound;
  error?: ErrorData;
}

/** `filter` null: nothing to search. `again` changes to search anew (after a run ends, Retry). */
export function useFoundRuns(filter: RunsFindInput | null, again = 0): FoundRuns {
  const key = filter === null ? null : JSON.stringify(filter);
  const [answer, setAnswer] = useState<Answer | null>(null);
  useEffect(() => {
    if (key === null) return undefined;
    let current = true;
    call('runs.find', JSON.parse(key) as RunsFindInput).then(
      (value) => {
        if (current) setAnswer({ key, again, value });
      },
      (error: unknown) => {
        if (current) setAnswer({ key, again, error: toErrorData(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [key, again]);
  if (key === null) return { loading: false };
  // What was found for another filter is never shown as this one's; the same filter searched
  // again keeps its last answer on screen meanwhile.
  if (answer?.key !== key) return { loading: true };
  const loading = answer.again !== again;
  return {
    loading,
    ...(answer.value ? { value: answer.value } : {}),
    ...(answer.error ? { error: answer.error } : {}),
  };
}
