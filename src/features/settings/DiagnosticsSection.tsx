// Diagnostics for IT support: copied to the clipboard, or shown to copy by hand where the
// clipboard is refused.
import { useState } from 'react';
import type { ErrorData } from '../../../electron/contract';
import { call, toErrorData } from '../../platform/api';
import { Button } from '../../ui/Button';
import { CardSection } from '../../ui/CardSection';
import { FormError } from '../../ui/Feedback';
import { Field } from '../../ui/Field';
import { copyText } from '../../ui/clipboard';
import { toast } from '../../platform/toasts';

export function DiagnosticsSection() {
  const [text, setText] = useState<string | undefined>();
  const [error, setError] = useState<ErrorData | undefined>();
  const [busy, setBusy] = useState(false);
  const copy = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const { text: diagnostics } = await call('diagnostics.copy', {});
      if (await copyText(diagnostics)) {
        setText(undefined);
        toast('Diagnostics copied', 'Paste them into your message to IT.');
      } else {
        setText(diagnostics);
      }
    } catch (e) {
      setError(toErrorData(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <CardSection headingId="diag-h" title="Diagnostics">
      <p className="muted">
        Versions, settings (without secrets) and the last errors with their request IDs, for IT
        support.
      </p>
      <div className="button-row">
        <Button onClick={() => void copy()} busy={busy}>
          Copy diagnostics
        </Button>
      </div>
      {error ? <FormError error={error} /> : null}
      {text !== undefined ? (
        <Field label="Diagnostics" hint="Copying is not allowed here: select the text and copy it.">
          <textarea className="input textarea mono" readOnly rows={8} value={text} />
        </Field>
      ) : null}
    </CardSection>
  );
}
