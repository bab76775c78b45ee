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
import { useManaged } from './managedStore';

/**
 * Policy values IT set that the app did not apply, for IT: the policy's name as they wrote it,
 * where it was read, at which level, and why it was ignored (ids and the reason as core gave it).
 */
function PolicyProblems() {
  const t = useT();
  const problems = useManaged((s) => s.managed.problems);
  if (problems.length === 0) return null;
  return (
    <div className="policy-problems">
      <p className="field-label" id="policy-problems-h">
        {t('settings.diagnostics.policyProblems', { count: problems.length })}
      </p>
      <ul aria-labelledby="policy-problems-h">
        {problems.map((problem, i) => (
          <li key={`${problem.source}-${problem.level}-${problem.policy}-${i}`}>
            {/* Names and reasons as core gives them, for IT: one left-to-right line each, its
                bullet on the page's side. */}
            <span dir="ltr">
              <code className="mono">{problem.policy}</code>{' '}
              <span className="subtle">
                ({problem.source}, {problem.level})
              </span>
              : {problem.reason}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

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
      <PolicyProblems />
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
