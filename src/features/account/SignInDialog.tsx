// Sign in by pasting a session token (or, where the host can, in a sign-in window). The token is
// sent to the host once and never kept in the renderer.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { SetTokenInput } from '../../../electron/contract';
import { useHost } from '../../platform/hostStore';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormError } from '../../ui/Feedback';
import { Field } from '../../ui/Field';
import { DemoPassword } from './DemoPassword';
import { useAccount } from './store';
import { TokenHowTo } from './TokenHowTo';

export function TokenForm({ onDone, onCancel }: { onDone?: () => void; onCancel?: () => void }) {
  const [token, setToken] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const pending = useAccount((s) => s.sessionAction.pending);
  const error = useAccount((s) => s.sessionAction.error);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = SetTokenInput.safeParse({ token });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'That is not a session token.');
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
      <Field
        label="Session token"
        hint="The token your IT team gave you for this service. The app keeps it safely and never shows it again."
        error={invalid}
      >
        <input
          className="input mono"
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
            Cancel
          </Button>
        ) : null}
        <Button type="submit" variant="primary" busy={pending} disabled={pending}>
          Use this token
        </Button>
      </div>
    </form>
  );
}

export function SignInDialog() {
  const open = useAccount((s) => s.signInOpen);
  const session = useHost((s) => s.session);
  const pending = useAccount((s) => s.sessionAction.pending);
  const close = () => useAccount.getState().setSignInOpen(false);
  return (
    <Dialog open={open} onClose={close} label="Sign in" className="dialog-narrow">
      <div className="dialog-body">
        <h2>Sign in to the service</h2>
        {session?.canSignInWithWindow ? (
          <div className="dialog-section">
            <p className="muted">Open the service’s sign-in page in its own window.</p>
            <DemoPassword />
            <Button
              variant="primary"
              busy={pending}
              onClick={async () => {
                if (await useAccount.getState().signIn()) close();
              }}
            >
              Open sign-in window
            </Button>
          </div>
        ) : (
          <p className="muted">
            This window cannot open the sign-in page itself: paste a session token instead.
          </p>
        )}
        <TokenForm onDone={close} onCancel={close} />
      </div>
    </Dialog>
  );
}
