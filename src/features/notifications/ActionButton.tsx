// A notification's action ("Prepare" on a meeting): starts the run the host built and opens it;
// shared by toasts and the inbox.
import { useState } from 'react';
import type { NotificationAction } from '../../../electron/contract';
import { toErrorData } from '../../platform/api';
import { openAndFocus } from '../../platform/focusWhenShown';
import { useT } from '../../platform/i18n';
import { toast } from '../../platform/toasts';
import { Button } from '../../ui/Button';
import { useRuns } from '../runs';
import { actionLabel } from './actionLabel';

export function ActionButton({
  action,
  onDone,
  label,
}: {
  action: NotificationAction;
  onDone(): void;
  /** The accessible name, when the visible label alone is ambiguous (a list of entries). */
  label?: string;
}) {
  const t = useT();
  const text = actionLabel(t, action);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const started = await useRuns.getState().start(action.run);
      onDone();
      openAndFocus({ name: 'runs', runId: started.runId });
    } catch (error) {
      setBusy(false);
      toast(t('notifications.action.failed', { action: text }), toErrorData(error).message);
    }
  };
  return (
    <Button
      size="sm"
      busy={busy}
      disabled={busy}
      onClick={() => void run()}
      {...(label === undefined ? {} : { 'aria-label': label })}
    >
      {text}
    </Button>
  );
}
