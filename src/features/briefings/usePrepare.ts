// Prepare for a meeting: starts the prep agent (the one chosen in Settings, else the one suggested
// by name) on the meeting's deal with the same question notifications and the tray ask, and
// remembers the answer's run so the meeting card shows it streaming.
import { useState } from 'react';
import type { ErrorData } from '../../../electron/contract';
import { prepAgentOf, prepareMessage } from '../../../electron/domain/briefings/prepare';
import type { MeetingInfo } from '../../../electron/domain/briefings/meetings';
import { toErrorData } from '../../platform/api';
import { focusWhenShown, runPanel } from '../../platform/focusWhenShown';
import { useT } from '../../platform/i18n';
import { useAgents } from '../agents';
import { useRuns } from '../runs';
import { useSettings } from '../settings';
import { useBriefings } from './store';

export interface Prepare {
  /** Undefined when this meeting cannot be prepared (no deal, or no agent at all). */
  start?: () => Promise<void>;
  /** The prep answer already started for this meeting. */
  runId?: string;
  agentName?: string;
  busy: boolean;
  error?: ErrorData;
}

export function usePrepare(meeting: MeetingInfo | undefined): Prepare {
  const t = useT();
  const agents = useAgents((s) => s.agents.value);
  const chosen = useSettings((s) => s.settings.value?.notifications.prepAgentId);
  const runId = useBriefings((s) => (meeting ? s.prepared[meeting.key] : undefined));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorData>();
  const agentId = prepAgentOf(chosen, agents ?? []);
  const agentName = agents?.find((a) => a.id === agentId)?.title;
  const dealId = meeting?.dealId;
  const base = {
    busy,
    ...(runId === undefined ? {} : { runId }),
    ...(agentName === undefined ? {} : { agentName }),
    ...(error === undefined ? {} : { error }),
  };
  if (meeting === undefined || dealId === undefined || agentId === undefined) return base;
  const start = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const started = await useRuns
        .getState()
        .start({ agentId, dealId, message: prepareMessage(t) });
      useBriefings.getState().setPrepared(meeting.key, started.runId);
      // The answer streams on the meeting's card: bring it into view.
      focusWhenShown(runPanel(started.runId), 'nearest');
    } catch (failure) {
      setError(toErrorData(failure));
    } finally {
      setBusy(false);
    }
  };
  return { ...base, start };
}
