// Sign in by pasting a session token (or, where the host can, in a sign-in window). The token is
// sent to the host once and never kept in the renderer.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { SetTokenInput } from '../../../electron/contract';
import { useHost } from '../../platform/hostStore';
import { useT } from '../../platform/i18n';
import type { Translator } from '../../../electron/domain/i18n/translator';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormError } from '../../ui/Feedback';
import { Field } from '../../ui/Field';
import { DemoPassword } from './DemoPassword';
import { useAccount } from './store';
import { TokenHowTo } from './TokenHowTo';

/** Why a pasted text is no session token, in the language in use (the schema says it in English). */
function tokenProblem(token: string, t: Translator['t']): string | undefined {
  const parsed = SetTokenInput.safeParse({ token });
  if (parsed.success) return undefined;
  switch (parsed.error.issues[0]?.code) {
    case 'too_small':
      return t('account.token.empty');
    case 'too_big':
      return t('account.token.tooLong');
    case 'invalid_format':
      return t('account.token.badCharacters');
    default:
      return t('account.token.notAToken');
  }
}

export function TokenForm({ onDone, onCancel }: { onDone?: () => void; onCancel?: () => void }) {
  const t = useT();
  const [token, setToken] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const pending = useAccount((s) => s.sessionAction.pending);
  const error = useAccount((s) => s.sessionAction.error);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = SetTokenInput.safeParse({ token });
    if (!parsed.success) {
      setInvalid(tokenProblem(token, t));
      return;
    }
    setInvalid(undefined);
    const ok = await useAccount.getState().setToken(parsed.data.token);
    if (ok) {
      setToken('');
      onDone?.();
    }
  };

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      <Field label={t('account.token.label')} hint={t('account.token.hint')} error={invalid}>
        <input
          className="input mono"
          dir="ltr"
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={token}
          onChange={(e) => {
            setToken(e.target.value);
            if (invalid) setInvalid(undefined);
          }}
        />
      </Field>
      <TokenHowTo />
      {error ? <FormError error={error} /> : null}
      <div className="form-actions">
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {t('account.token.cancel')}
          </Button>
        ) : null}
        <Button type="submit" variant="primary" busy={pending} disabled={pending}>
          {t('account.token.use')}
        </Button>
      </div>
    </form>
  );
}

export function SignInDialog() {
  const t = useT();
  const open = useAccount((s) => s.signInOpen);
  const session = useHost((s) => s.session);
  const pending = useAccount((s) => s.sessionAction.pending);
  const close = () => useAccount.getState().setSignInOpen(false);
  return (
    <Dialog open={open} onClose={close} label={t('account.signIn.label')} className="dialog-narrow">
      <div className="dialog-body">
        <h2>{t('account.signIn.title')}</h2>
        {session?.canSignInWithWindow ? (
          <div className="dialog-section">
            <p className="muted">{t('account.signIn.windowIntro')}</p>
            <DemoPassword />
            <Button
              variant="primary"
              busy={pending}
              onClick={async () => {
                if (await useAccount.getState().signIn()) close();
              }}
            >
              {t('account.signIn.openWindow')}
            </Button>
          </div>
        ) : (
          <p className="muted">{t('account.signIn.noWindow')}</p>
        )}
        <TokenForm onDone={close} onCancel={close} />
      </div>
    </Dialog>
  );
}
