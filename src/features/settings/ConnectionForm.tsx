// Which service the app talks to and where the user signs in to it.
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { Settings } from '../../../electron/contract';
import { CardSection } from '../../ui/CardSection';
import { Field } from '../../ui/Field';
import { useHost } from '../../platform/hostStore';
import { connectionPatch } from './settingsPatch';
import { FormFooter, useValidatedSave } from './SettingsForm';

const PINNED_HINT =
  'Set by ASSISTANT_BASE_URL when this app was started, so it cannot be changed here. Start the app without it to choose the service in Settings.';
const ADDRESS_HINT =
  'The service’s base address, ending in /api/v1/<service>. Leave empty to use the built-in demo service.';

/** The service address field, for links that lead the user to it ("Connect your company's service"). */
export function serviceAddressField(): HTMLElement | null {
  return document.querySelector<HTMLElement>('#settings-connection input');
}

export function ConnectionForm({ settings }: { settings: Settings }) {
  const [serviceUrl, setServiceUrl] = useState(settings.serviceBaseUrl ?? '');
  const [signInUrl, setSignInUrl] = useState(settings.signInUrl ?? '');
  const { errors, error, saved, busy, submit: save } = useValidatedSave();
  // Started with ASSISTANT_BASE_URL: that address is the service, whatever Settings say.
  const service = useHost((s) => s.appInfo?.service);
  const pinned = service?.pinned === true;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await save(connectionPatch({ serviceUrl, signInUrl }, pinned));
  };

  return (
    <CardSection headingId="conn-h" id="settings-connection" title="Service connection">
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <Field
          label="Service address"
          hint={pinned ? PINNED_HINT : ADDRESS_HINT}
          error={errors.serviceBaseUrl}
        >
          <input
            className="input mono"
            type="url"
            inputMode="url"
            placeholder="https://assistant.example.com/api/v1/assistant"
            value={pinned ? (service?.baseUrl ?? '') : serviceUrl}
            readOnly={pinned}
            onChange={(e) => setServiceUrl(e.target.value)}
          />
        </Field>
        {/* Alike in shape only with the question field of the Runs filters. */}
        <Field
          label="Sign-in page"
          hint="Where you sign in to the service. Leave empty for the default."
          error={errors.signInUrl}
        >
          <input
            className="input mono"
            type="url"
            inputMode="url"
            placeholder="https://assistant.example.com/login"
            value={signInUrl}
            onChange={(e) => setSignInUrl(e.target.value)}
          />
        </Field>
        <FormFooter error={error} saved={saved} busy={busy}>
          Save connection
        </FormFooter>
      </form>
    </CardSection>
  );
}
