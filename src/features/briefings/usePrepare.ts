// Prepare for a meeting: starts the prep agent (the one chosen in Settings, else the one suggested
// by name) on the meeting's deal with the same question notifications and the tray ask, and
// remembers the answer's run so the meeting card shows it streaming. The meeting's first prep goes
// through core's claim, as the browser companion's Prepare does, so the automatic prep finds the
// meeting prepared at its time instead of starting a second run; "Prepare again" asks afresh.
import { useState } from 'react';
import type { AutoPrepStatus, ErrorData } from '../../../electron/contract';
import { prepAgentOf, prepareMessage, prepRunOf } from '../../../electron/domain/briefings/prepare';
import type { MeetingInfo } from '../../../electron/domain/briefings/meetings';
import type { Translator } from '../../../electron/domain/i18n/translator';
import { RequestError, toErrorData } from '../../platform/api';
import { focusWhenShown, runPanel } from '../../platform/focusWhenShown';
import { useT } from '../../platform/i18n';
import { useAgents } from '../agents';
import { useRuns } from '../runs';
import { useSettings } from '../settings';
import { autoPrepFor } from './AutoPrepOnCard';
import { useAutoPrep } from './autoPrepStore';
import { useBriefings } from './store';

export interface Prepare {
  /** Undefined when this meeting cannot be prepared (no deal, or no agent at all). */
  start?: () => Promise<void>;
  /** The prep answer already started for this meeting. */
  runId?: string;
  /** Where the meeting's automatic prep (core's, the one Prepare claims) stands. */
  autoStatus?: AutoPrepStatus['status'];
  agentName?: string;
  busy: boolean;
  error?: ErrorData;
}

/**
 * The words on a meeting's Prepare button, the same on its card and in "Up next": reading the
 * prep being written, or preparing again once one is shown or ready.
 */
export function prepareLabel(
  t: Translator['t'],
  prepare: Pick<Prepare, 'runId' | 'autoStatus'>,
): string {
  if (prepare.runId !== undefined || prepare.autoStatus === 'ready') {
    return t('briefings.prep.prepareAgain');
  }
  return prepare.autoStatus === 'running'
    ? t('briefings.autoPrep.read')
    : t('briefings.prep.prepare');
}

/** What core's Prepare did for the meeting: the prep's run to show, or why there is none. */
type Claimed =
  | { kind: 'run'; runId: string }
  /** Claimed, but the run could not start: the card's automatic-prep line says why. */
  | { kind: 'not-started' }
  /** Core does not know the meeting as the card does (its deal found by the title, say). */
  | { kind: 'unknown-meeting' };

async function claimPrep(meetingKey: string, dealId: string): Promise<Claimed> {
  try {
    const { prep } = (await useAutoPrep.getState().prepare(meetingKey, dealId)).meeting;
    const runId = prepRunOf(prep);
    return runId === undefined ? { kind: 'not-started' } : { kind: 'run', runId };
  } catch (failure) {
    if (failure instanceof RequestError && failure.data.kind === 'invalid_input') {
      return { kind: 'unknown-meeting' };
    }
    throw failure;
  }
}

export function usePrepare(meeting: MeetingInfo | undefined): Prepare {
  const t = useT();
  const agents = useAgents((s) => s.agents.value);
  const chosen = useSettings((s) => s.settings.value?.notifications.prepAgentId);
  const runId = useBriefings((s) => (meeting ? s.prepared[meeting.key] : undefined));
  const autoStatus = useAutoPrep((s) =>
    meeting === undefined ? undefined : autoPrepFor(s.preps.value?.meetings, meeting)?.prep.status,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorData>();
  const agentId = prepAgentOf(chosen, agents ?? []);
  const agentName = agents?.find((a) => a.id === agentId)?.title;
  const dealId = meeting?.dealId;
  const base = {
    busy,
    ...(runId === undefined ? {} : { runId }),
    ...(autoStatus === undefined ? {} : { autoStatus }),
    ...(agentName === undefined ? {} : { agentName }),
    ...(error === undefined ? {} : { error }),
  };
  if (meeting === undefined || dealId === undefined || agentId === undefined) return base;
  const start = async () => {
    setBusy(true);
    setError(undefined);
    try {
      // With a prep shown or ready, pressing again is asking for a fresh one.
      const claimed =
        runId === undefined && autoStatus !== 'ready'
          ? await claimPrep(meeting.key, dealId)
          : undefined;
      if (claimed?.kind === 'not-started') return;
      const shown =
        claimed?.kind === 'run'
          ? claimed.runId
          : (await useRuns.getState().start({ agentId, dealId, message: prepareMessage(t) })).runId;
      useBriefings.getState().setPrepared(meeting.key, shown);
      // The answer streams on the meeting's card: bring it into view.
      focusWhenShown(runPanel(shown), 'nearest');
    } catch (failure) {
      setError(toErrorData(failure));
    } finally {
      setBusy(false);
    }
  };
  return { ...base, start };
}
