// Which service the app talks to and where the user signs in to it.
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { Settings } from '../../../electron/contract';
import { CardSection } from '../../ui/CardSection';
import { Field } from '../../ui/Field';
import { useHost } from '../../platform/hostStore';
import { useT } from '../../platform/i18n';
import { usePolicy } from './ManagedNote';
import { connectionPatch } from './settingsPatch';
import { FormFooter, useValidatedSave } from './SettingsForm';

// Addresses, not words: the same in every language, and written left to right (as the address
// and token fields are, in a right-to-left page too).
const SERVICE_EXAMPLE = 'https://assistant.example.com/api/v1/assistant';
const SIGN_IN_EXAMPLE = 'https://assistant.example.com/login';

/** The service address field, for links that lead the user to it ("Connect your company's service"). */
export function serviceAddressField(): HTMLElement | null {
  return document.querySelector<HTMLElement>('#settings-connection input');
}

export function ConnectionForm({ settings }: { settings: Settings }) {
  const t = useT();
  const [serviceUrl, setServiceUrl] = useState(settings.serviceBaseUrl ?? '');
  const [signInUrl, setSignInUrl] = useState(settings.signInUrl ?? '');
  const { errors, error, saved, busy, submit: save } = useValidatedSave();
  // Started with ASSISTANT_BASE_URL: that address is the service, whatever Settings say.
  const service = useHost((s) => s.appInfo?.service);
  const pinned = service?.pinned === true;
  // Set by IT's policy: shown as IT set it, never sent back (./SettingsForm's useSave).
  const servicePolicy = usePolicy('serviceBaseUrl');
  const signInPolicy = usePolicy('signInUrl');
  const addressFixed = pinned || servicePolicy.locked;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await save(connectionPatch({ serviceUrl, signInUrl }, pinned));
  };

  return (
    <CardSection headingId="conn-h" id="settings-connection" title={t('settings.connection.title')}>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <Field
          label={t('settings.connection.serviceAddress')}
          note={pinned ? undefined : servicePolicy.note}
          hint={
            pinned
              ? t('settings.connection.pinnedHint', { variable: 'ASSISTANT_BASE_URL' })
              : // Where IT allows only the company's service, an empty address is no way to the demo.
                settings.allowDemo
                ? t('settings.connection.addressHint', { pattern: '/api/v1/<service>' })
                : t('settings.connection.addressHintNoDemo', { pattern: '/api/v1/<service>' })
          }
          error={errors.serviceBaseUrl}
        >
          <input
            className="input mono"
            dir="ltr"
            type="url"
            inputMode="url"
            placeholder={SERVICE_EXAMPLE}
            value={
              pinned
                ? (service?.baseUrl ?? '')
                : servicePolicy.locked
                  ? (settings.serviceBaseUrl ?? '')
                  : serviceUrl
            }
            readOnly={addressFixed}
            onChange={(e) => setServiceUrl(e.target.value)}
          />
        </Field>
        {/* Alike in shape only with the question field of the Runs filters. */}
        <Field
          label={t('settings.connection.signInPage')}
          note={signInPolicy.note}
          hint={t('settings.connection.signInHint')}
          error={errors.signInUrl}
        >
          <input
            className="input mono"
            dir="ltr"
            type="url"
            inputMode="url"
            placeholder={SIGN_IN_EXAMPLE}
            value={signInPolicy.locked ? (settings.signInUrl ?? '') : signInUrl}
            readOnly={signInPolicy.locked}
            onChange={(e) => setSignInUrl(e.target.value)}
          />
        </Field>
        {/* Nothing here to change: no Save that could only be refused. */}
        {addressFixed && signInPolicy.locked ? null : (
          <FormFooter error={error} saved={saved} busy={busy}>
            {t('settings.connection.save')}
          </FormFooter>
        )}
      </form>
    </CardSection>
  );
}
