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
import { useT } from '../../platform/i18n';

export function DiagnosticsSection() {
  const t = useT();
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
        toast(t('settings.diagnostics.copied'), t('settings.diagnostics.copiedHint'));
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
    <CardSection headingId="diag-h" title={t('settings.diagnostics.title')}>
      <p className="muted">{t('settings.diagnostics.intro')}</p>
      <div className="button-row">
        <Button onClick={() => void copy()} busy={busy}>
          {t('settings.diagnostics.copy')}
        </Button>
      </div>
      {error ? <FormError error={error} /> : null}
      {text !== undefined ? (
        <Field label={t('settings.diagnostics.field')} hint={t('settings.diagnostics.copyByHand')}>
          <textarea className="input textarea mono" readOnly rows={8} value={text} />
        </Field>
      ) : null}
    </CardSection>
  );
}
