// Runs found by deal, agent, status or question words (runs.find), for the Runs filters and a
// deal's page. Held by the component that shows them: a search is not shared state.
import { useEffect, useRef, useState } from 'react';
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

/**
 * `filter` null: nothing to search. `again` changes to search anew (after a run ends, Retry).
 * One search at a time per filter: when `again` moves on while one is on its way (ten answers
 * ending on a deal's page within a second), the search is made once more as it lands, not once
 * per change; each is a walk through pages of the service's runs.
 */
export function useFoundRuns(filter: RunsFindInput | null, again = 0): FoundRuns {
  const key = filter === null ? null : JSON.stringify(filter);
  const [answer, setAnswer] = useState<Answer | null>(null);
  /** What the screen asks for now, read when a search lands. */
  const wanted = useRef<{ key: string | null; again: number }>({ key, again });
  /** The search on its way, if any: a search of another filter takes its place. */
  const flight = useRef<{ key: string } | null>(null);
  useEffect(() => {
    wanted.current = { key, again };
    if (key === null || flight.current?.key === key) return;
    const search = (asked: { key: string; again: number }) => {
      const mine = { key: asked.key };
      flight.current = mine;
      const land = (result: { value: RunsFound } | { error: ErrorData }) => {
        // What was found for another filter is never shown as this one's.
        if (flight.current !== mine) return;
        flight.current = null;
        setAnswer({ key: asked.key, again: asked.again, ...result });
        const now = wanted.current;
        if (now.key === asked.key && now.again !== asked.again) {
          search({ key: asked.key, again: now.again });
        }
      };
      call('runs.find', JSON.parse(asked.key) as RunsFindInput).then(
        (value) => land({ value }),
        (error: unknown) => land({ error: toErrorData(error) }),
      );
    };
    search({ key, again });
  }, [key, again]);
  // Gone from the screen: whatever is on its way lands nowhere.
  useEffect(
    () => () => {
      flight.current = null;
    },
    [],
  );
  if (key === null) return { loading: false };
  // The same filter searched again keeps its last answer on screen meanwhile.
  if (answer?.key !== key) return { loading: true };
  const loading = answer.again !== again;
  return {
    loading,
    ...(answer.value ? { value: answer.value } : {}),
    ...(answer.error ? { error: answer.error } : {}),
  };
}
