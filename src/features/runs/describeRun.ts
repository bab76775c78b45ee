// What the run panel says about a run, from whatever it knows of it: the live run when this
// renderer follows it, else the stored transcript, else the service's record. Pure, so the
// panel's reading of a run is tested under Node.
import type { Agent, ErrorData, RunDetail, RunUsage } from '../../../electron/contract';
import { formatElapsed } from '../../lib/format';
import type { Translator } from '../../../electron/domain/i18n/translator';
import type { MessageId } from '../../../electron/domain/i18n/messages';
import { agentLabel } from '../../../electron/domain/runs/agent-label';
import { questionFromRecord } from '../../../electron/domain/runs/record-text';
import type { LiveRunMeta } from './runMeta';
import { isActiveStatus } from './runMeta';

export interface RunDescription {
  status: string;
  /** Finished for good: Retry instead of Cancel, no live output to wait for. */
  done: boolean;
  /** The agent by name (its id made readable when the agents are not loaded). */
  agentName: string;
  /** For "Details for IT". */
  agentId: string;
  /** The question, when known (Retry needs it). */
  message?: string;
  startedAt?: string;
  finishedAt?: string;
  /** Tokens in and out, when the run counted any. */
  tokens: string | null;
  error?: ErrorData;
  /** How the live stream is doing, when it is not simply open. */
  streamNote?: string;
}

const streamNotes: Readonly<Partial<Record<string, MessageId>>> = {
  connecting: 'runs.stream.connecting',
  retrying: 'runs.stream.retrying',
  session_expired: 'runs.stream.sessionExpired',
};

export function usageText(t: Translator['t'], usage: RunUsage | undefined): string | null {
  const input = usage?.inputTokens;
  const output = usage?.outputTokens;
  if (input !== undefined && output !== undefined) {
    return t('runs.tokens.inAndOut', { input, output });
  }
  if (input !== undefined) return t('runs.tokens.in', { input });
  if (output !== undefined) return t('runs.tokens.out', { output });
  return null;
}

export function describeRun(
  t: Translator['t'],
  meta: LiveRunMeta | undefined,
  detail: RunDetail | undefined,
  agents: readonly Agent[] | undefined,
): RunDescription {
  const transcript = detail?.transcript ?? null;
  const record = detail?.record ?? null;
  const status = meta?.status ?? transcript?.status ?? record?.status ?? 'unknown';
  const agentId = meta?.agentId ?? transcript?.agentId ?? record?.agentId ?? '';
  const description: RunDescription = {
    status,
    done: meta ? meta.done : !isActiveStatus(status),
    agentName:
      agents?.find((a) => a.id === agentId)?.title ??
      (agentId ? agentLabel(t, agentId) : t('runs.run.title')),
    agentId,
    tokens: usageText(t, meta?.usage ?? transcript?.usage),
  };
  const message =
    meta?.message ?? transcript?.message ?? (record ? questionFromRecord(record.data) : undefined);
  const startedAt = meta?.startedAt ?? transcript?.startedAt;
  const finishedAt = meta?.finishedAt ?? transcript?.finishedAt;
  const error = meta?.error ?? transcript?.error;
  const noteId = meta && !meta.done ? streamNotes[meta.stream] : undefined;
  const streamNote = noteId === undefined ? undefined : t(noteId);
  if (message !== undefined) description.message = message;
  if (startedAt !== undefined) description.startedAt = startedAt;
  if (finishedAt !== undefined) description.finishedAt = finishedAt;
  if (error !== undefined) description.error = error;
  if (streamNote !== undefined) description.streamNote = streamNote;
  return description;
}

/** How long the run took (or has taken by `now`), or null before it started. */
export function elapsedText(run: RunDescription, now: number): string | null {
  if (run.startedAt === undefined) return null;
  const end = run.finishedAt ? Date.parse(run.finishedAt) : now;
  return formatElapsed(end - Date.parse(run.startedAt));
}
