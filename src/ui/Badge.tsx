import { statusWord } from '../../electron/domain/runs/status-words';
import type { ReactNode } from 'react';
import { useT } from '../platform/i18n';

export type Tone = 'neutral' | 'accent' | 'ok' | 'warn' | 'critical' | 'danger';

export function Badge({
  tone = 'neutral',
  children,
  title,
}: {
  tone?: Tone;
  children: ReactNode;
  title?: string;
}) {
  return (
    <span className={`badge badge-${tone}`} title={title}>
      {children}
    </span>
  );
}

const statusTones: Record<string, Tone> = {
  created: 'neutral',
  queued: 'neutral',
  running: 'accent',
  succeeded: 'ok',
  failed: 'danger',
  cancelled: 'warn',
};

/** A run status as a word ("Done", "Stopped"); unknown statuses in a neutral colour. */
export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  const tone = statusTones[status] ?? 'neutral';
  return (
    <Badge tone={tone}>
      {status === 'running' ? <span className="pulse" aria-hidden="true" /> : null}
      {statusWord(t, status)}
    </Badge>
  );
}
